/**
 * Stoplight Elements bundles Node-flavoured libraries (json-schema-ref-parser reads `process.platform`
 * and `process.cwd()`) that expect a `process` global. The /api/ route installs this minimal one just
 * before importing Elements, so no other page carries it.
 */
type ProcessShim = {
  env: Record<string, string>;
  platform: string;
  browser: boolean;
  cwd: () => string;
  nextTick: (callback: (...args: unknown[]) => void, ...args: unknown[]) => void;
};

// Node's own `process` typing does not describe a browser stand-in, hence the cast.
const scope = globalThis as unknown as { process?: ProcessShim };
scope.process ??= {
  env: {},
  platform: 'browser',
  browser: true,
  cwd: () => '/',
  nextTick: (callback, ...args) => queueMicrotask(() => callback(...args)),
};

export {};
