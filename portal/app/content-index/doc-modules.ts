import { createModuleCache, type Importer } from '../lib/docs/module-cache.js';
import { findDocFileKey } from '../lib/docs/content-paths.js';
import { resolveDocPath } from '../lib/docs/versions.js';
import { portalConfig } from '../config/portal-config.js';

/** Lazy importers for every doc page: each page body is its own chunk, loaded on demand (B7). */
export const docImporters = import.meta.glob('/content/docs/**/*.mdx') as Record<string, Importer>;

export const docModules = createModuleCache(docImporters);

const docKeys = Object.keys(docImporters);

/** The content file behind a `/docs/...` URL, or null for category index pages and unknown paths. */
export function docFileKeyForPath(pathname: string): string | null {
  const match = /^\/docs(?:\/(.*))?$/.exec(pathname.replace(/\/+$/, ''));
  if (!match) return null;
  const { version, slug } = resolveDocPath(match[1] ?? '', portalConfig.versions, portalConfig.lastVersion);
  return findDocFileKey(docKeys, version.name, slug);
}

/** Starts loading a doc page's chunk ahead of navigation (intent prefetch). Failures surface later. */
export function preloadDocPage(pathname: string): void {
  const key = docFileKeyForPath(pathname);
  if (key) docModules.load(key).catch(() => undefined);
}
