/**
 * On-demand page modules (Docusaurus react-loadable semantics). `load` starts or reuses an import,
 * `read` is Suspense-friendly (throws the pending promise or the failure), `evict` forgets a failure so
 * Retry imports again.
 */
export type PageModule = Record<string, unknown> & { default?: unknown };
export type Importer = () => Promise<PageModule>;

type Entry =
  | { status: 'pending'; promise: Promise<PageModule> }
  | { status: 'loaded'; module: PageModule }
  | { status: 'failed'; error: unknown };

export interface ModuleCache {
  has(key: string): boolean;
  load(key: string): Promise<PageModule>;
  read(key: string): PageModule;
  evict(key: string): void;
}

export function createModuleCache(importers: Readonly<Record<string, Importer>>): ModuleCache {
  const entries = new Map<string, Entry>();

  function load(key: string): Promise<PageModule> {
    const entry = entries.get(key);
    if (entry?.status === 'loaded') return Promise.resolve(entry.module);
    if (entry?.status === 'pending') return entry.promise;
    if (entry?.status === 'failed') return Promise.reject(entry.error);
    const importer = importers[key];
    if (!importer) return Promise.reject(new Error(`No page module is registered for ${key}`));
    const promise = importer().then(
      (module) => {
        entries.set(key, { status: 'loaded', module });
        return module;
      },
      (error: unknown) => {
        entries.set(key, { status: 'failed', error });
        throw error;
      },
    );
    entries.set(key, { status: 'pending', promise });
    return promise;
  }

  function read(key: string): PageModule {
    const entry = entries.get(key);
    if (entry?.status === 'loaded') return entry.module;
    if (entry?.status === 'failed') throw entry.error;
    // Suspend: React retries rendering once the import settles.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- throwing the pending promise is Suspense's protocol
    throw entry?.status === 'pending' ? entry.promise : load(key).catch(() => undefined);
  }

  return {
    has: (key) => key in importers,
    load,
    read,
    evict: (key) => void entries.delete(key),
  };
}

/** Docusaurus ComponentCreator's message, word for word. */
export function noDefaultExportMessage(path: string): string {
  return `The page component at ${path} doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.`;
}

/** Returns the module's default export or throws the Docusaurus error (shown by the crash page). */
export function pageComponentOf<T>(module: PageModule, path: string): T {
  if (!module.default) throw new Error(noDefaultExportMessage(path));
  return module.default as T;
}
