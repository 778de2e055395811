import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import type { RenderedPage } from '../app/lib/links/link-checker.js';
import { normalizePathname } from '../app/lib/site/normalize-location.js';

/** Entry points of the crawl: every top-level section of the site. */
export const LINK_CHECK_SEEDS = ['/', '/docs', '/docs/next', '/docs/1.11.7', '/blog', '/api/', '/markdown-page'];

/**
 * Renders a path the way the production server would: a file in build/client answers 200, anything
 * else goes through the Remix handler (with the `.html` normalisation). Identifies as a bot so React
 * sends the complete document.
 */
export async function builtSiteRenderer(buildDir: string): Promise<(pathname: string) => Promise<RenderedPage>> {
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  const clientDir = path.join(buildDir, 'client');
  return async (pathname) => {
    const file = path.join(clientDir, pathname);
    if (file.startsWith(clientDir + path.sep) && existsSync(file) && statSync(file).isFile()) return { status: 200, html: '' };
    const request = new Request(`http://localhost${normalizePathname(pathname)}`, { headers: { 'User-Agent': 'Googlebot/2.1 link-checker' } });
    const response = await handler(request);
    return { status: response.status, html: await response.text() };
  };
}
