/** Conventions that turn content file paths into doc slugs; shared by the app, the MDX plugins and scripts. */

export const DOCS_CONTENT_PREFIX = '/content/docs/';

export interface DocFileRef {
  versionName: string;
  /** path inside the version folder, e.g. `concepts/envelopes.mdx` */
  relPath: string;
}

/** Splits a glob key such as `/content/docs/2.0.5/concepts/envelopes.mdx`. */
export function parseDocFileKey(key: string): DocFileRef | null {
  if (!key.startsWith(DOCS_CONTENT_PREFIX)) return null;
  const rest = key.slice(DOCS_CONTENT_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  return { versionName: rest.slice(0, slash), relPath: rest.slice(slash + 1) };
}

export function docFileKey(versionName: string, relPath: string): string {
  return `${DOCS_CONTENT_PREFIX}${versionName}/${relPath}`;
}

/** `concepts/envelopes.mdx` → `concepts/envelopes`; `guides/x/index.mdx` → `guides/x`; `index.mdx` → ''. */
export function slugOfRelPath(relPath: string): string {
  const noExt = relPath.replace(/\.mdx?$/, '');
  if (noExt === 'index') return '';
  return noExt.replace(/\/index$/, '');
}

/** Finds the content file for a slug among known keys: `<slug>.mdx` first, then `<slug>/index.mdx`. */
export function findDocFileKey(keys: Iterable<string>, versionName: string, slug: string): string | null {
  const known = new Set(keys);
  const candidates = slug === '' ? ['index.mdx'] : [`${slug}.mdx`, `${slug}/index.mdx`];
  for (const candidate of candidates) {
    const key = docFileKey(versionName, candidate);
    if (known.has(key)) return key;
  }
  return null;
}
