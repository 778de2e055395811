/**
 * Docusaurus `normalizeLocation`: a path ending in `.html` or `/index.html` is the plain path, unless a
 * route exists under that exact name. Results are memoised because this runs on every request.
 */
const HTML_SUFFIX = /(?:\/index)?\.html$/;
const cache = new Map<string, string>();

export function normalizePathname(pathname: string, hasExactRoute: (pathname: string) => boolean = () => false): string {
  if (!HTML_SUFFIX.test(pathname) || hasExactRoute(pathname)) return pathname;
  const cached = cache.get(pathname);
  if (cached !== undefined) return cached;
  const normalized = pathname.replace(HTML_SUFFIX, '') || '/';
  cache.set(pathname, normalized);
  return normalized;
}

/** Same for a full request URL path with query string (`/docs/x.html?a=1` → `/docs/x?a=1`). */
export function normalizeRequestUrl(url: string, hasExactRoute?: (pathname: string) => boolean): string {
  const queryStart = url.search(/[?#]/);
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const rest = queryStart === -1 ? '' : url.slice(queryStart);
  return normalizePathname(pathname, hasExactRoute) + rest;
}
