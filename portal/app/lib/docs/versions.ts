import type { DocsVersion } from '../../config/portal-config.js';

export interface ResolvedDocPath {
  version: DocsVersion;
  /** the doc slug inside the version, '' for the version landing page, without slashes at either end */
  slug: string;
}

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}

/**
 * Maps the part of a URL after `/docs/` to a version and slug. The first segment selects a version only
 * when it equals a non-empty version path exactly; anything else belongs to the latest version.
 */
export function resolveDocPath(splat: string, versions: readonly DocsVersion[], lastVersion: string): ResolvedDocPath {
  const clean = trimSlashes(splat);
  const [first = '', ...rest] = clean.split('/');
  const versioned = versions.find((v) => v.path !== '' && v.path === first);
  if (versioned) return { version: versioned, slug: rest.join('/') };
  const latest = versions.find((v) => v.name === lastVersion);
  if (!latest) throw new Error(`lastVersion ${lastVersion} is not in the version table`);
  return { version: latest, slug: clean };
}

/** The URL of a doc slug in a version: `/docs`, then the version path, then the slug. */
export function docUrl(version: Pick<DocsVersion, 'path'>, slug: string): string {
  const parts = ['docs', version.path, trimSlashes(slug)].filter((p) => p !== '');
  return `/${parts.join('/')}`;
}

/** Finds which version a site pathname belongs to, or null when the path is not under /docs. */
export function versionOfPathname(pathname: string, versions: readonly DocsVersion[], lastVersion: string): ResolvedDocPath | null {
  const match = /^\/docs(?:\/(.*))?$/.exec(pathname.replace(/\/+$/, ''));
  if (!match) return null;
  return resolveDocPath(match[1] ?? '', versions, lastVersion);
}
