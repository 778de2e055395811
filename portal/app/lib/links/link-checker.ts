/**
 * Post-build link checking (Docusaurus `onBrokenLinks: 'throw'`, `onBrokenAnchors: 'warn'`).
 * Pure: the crawler is given a `render(path)` function, so tests can use fixtures.
 */
export interface RenderedPage {
  status: number;
  html: string;
}

export interface LinkTarget {
  href: string;
  path: string;
  hash: string;
}

export interface BrokenLink {
  source: string;
  href: string;
}

export interface CrawlReport {
  pagesChecked: number;
  brokenLinks: BrokenLink[];
  brokenAnchors: BrokenLink[];
}

const decode = (value: string) =>
  value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** `href`s of `<a>` elements only, like Docusaurus, which collects `<Link>` targets. */
export function extractLinks(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)].map((m) => decode(m[1]!));
}

export function extractIds(html: string): Set<string> {
  return new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => decode(m[1]!)));
}

/** Path keys ignore a trailing slash, as Docusaurus matching does. */
export function pathKey(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * Resolves an href found on `sourcePath` to a site path, or null for links the checker ignores:
 * other origins and schemes, and relative `.md`/`.mdx` links (those only warn, at MDX compile time).
 */
export function resolveLink(href: string, sourcePath: string): LinkTarget | null {
  if (href === '' || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null;
  const url = new URL(href, `http://site.invalid${sourcePath}`);
  if (!href.startsWith('/') && !href.startsWith('#') && /\.mdx?$/.test(url.pathname)) return null;
  return { href, path: decodeURI(url.pathname), hash: decodeURIComponent(url.hash.slice(1)) };
}

/** Renders every page reachable from the seeds and reports links to paths that do not render 200. */
export async function crawlSite(render: (path: string) => Promise<RenderedPage>, seeds: readonly string[]): Promise<CrawlReport> {
  const pages = new Map<string, { status: number; ids: Set<string>; links: LinkTarget[] }>();
  const queue = seeds.map(pathKey);
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const page = await render(path);
    const links = page.status === 200 ? extractLinks(page.html).flatMap((href) => resolveLink(href, path) ?? []) : [];
    pages.set(path, { status: page.status, ids: extractIds(page.html), links });
    for (const link of links) if (!pages.has(pathKey(link.path))) queue.push(pathKey(link.path));
  }
  const brokenLinks: BrokenLink[] = [];
  const brokenAnchors: BrokenLink[] = [];
  for (const [source, page] of pages) {
    if (page.status !== 200) continue;
    for (const link of page.links) {
      const target = pages.get(pathKey(link.path));
      if (!target || target.status !== 200) brokenLinks.push({ source, href: link.href });
      else if (link.hash && target.ids.size > 0 && !target.ids.has(link.hash)) brokenAnchors.push({ source, href: link.href });
    }
  }
  return { pagesChecked: pages.size, brokenLinks, brokenAnchors };
}

function groupBySource(broken: readonly BrokenLink[]): Map<string, string[]> {
  const bySource = new Map<string, string[]>();
  for (const { source, href } of broken) bySource.set(source, [...(bySource.get(source) ?? []), href]);
  return bySource;
}

/** Docusaurus's broken-links message, so people who know it recognise it. */
export function formatBrokenLinks(broken: readonly BrokenLink[], kind: 'link' | 'anchor' = 'link'): string {
  const option = kind === 'link' ? 'onBrokenLinks' : 'onBrokenAnchors';
  const what = kind === 'link' ? 'path' : 'anchor';
  const entries = [...groupBySource(broken)].map(
    ([source, hrefs]) => `- Broken ${kind} on source page path = ${source}:\n${hrefs.map((h) => `   -> linking to ${h}`).join('\n')}`,
  );
  return [
    `Docusaurus found broken ${kind}s!`,
    '',
    `Please check the pages of your site in the list below, and make sure you don't reference any ${what} that does not exist.`,
    `Note: it's possible to ignore broken ${kind}s with the '${option}' Docusaurus configuration, and let the build pass.`,
    '',
    `Exhaustive list of all broken ${kind}s found:`,
    ...entries,
    '',
  ].join('\n');
}
