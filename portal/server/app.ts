import path from 'node:path';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import express, { type Express } from 'express';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import { normalizeRequestUrl } from '../app/lib/site/normalize-location.js';

/**
 * The portal server: static assets from build/client, then the Remix handler. Before Remix sees a
 * request, `.html` / `/index.html` endings are stripped in place (same page, status 200, no redirect),
 * unless a real file exists under that exact name. Unknown paths get the 404 page from Remix.
 */
export async function createPortalApp(buildDir: string): Promise<Express> {
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  const clientDir = path.join(buildDir, 'client');
  const app = express();
  app.disable('x-powered-by');
  // Fingerprinted bundles never change, everything else may.
  // A missing bundle (e.g. from an older deployment) is a plain 404, never the HTML 404 page.
  app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }), (_req, res) => {
    res.status(404).type('text/plain').send('Not Found');
  });
  app.use(express.static(clientDir, { maxAge: '1h', index: false, redirect: false }));
  app.use((req, _res, next) => {
    const normalized = normalizeRequestUrl(req.url, (pathname) => existsSync(path.join(clientDir, decodeURIComponent(pathname))));
    // @remix-run/express builds the Request from originalUrl, so both are rewritten.
    req.url = normalized;
    req.originalUrl = normalized;
    next();
  });
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Remix's handler catches its own errors and passes them to next()
  app.all('*', createRequestHandler({ build, mode: 'production' }));
  return app;
}
