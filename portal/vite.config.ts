import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import mdx from '@mdx-js/rollup';
import { createLogger, defineConfig } from 'vite';
import { mdxOptions } from './build-support/mdx-options.js';
import { openapiDocumentPlugin, resolveOpenapiFile } from './build-support/openapi-plugin.js';
import { stoplightRequiresPlugin } from './build-support/stoplight-requires-plugin.js';

const portalRoot = path.dirname(fileURLToPath(import.meta.url));

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

// The server build imports each page both eagerly (front matter for sidebars) and lazily (shared with
// the client registry). Rollup's notice about that is expected, so it is filtered to keep real warnings visible.
const logger = createLogger();
const warn = logger.warn.bind(logger);
logger.warn = (message, options) => {
  if (!message.includes('dynamic import will not move module into another chunk')) warn(message, options);
};

export default defineConfig({
  customLogger: logger,
  plugins: [
    openapiDocumentPlugin(resolveOpenapiFile(portalRoot)),
    stoplightRequiresPlugin(portalRoot),
    // MDX must become JS before Remix sees it (remix-run/remix#8685), so it comes first.
    mdx(mdxOptions(portalRoot)),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
  // react-simple-code-editor (pulled in by Stoplight Elements) reads Node's `global` in the browser.
  define: { global: 'globalThis' },
  // The manifest (moved to build/.vite, never served) lets tests find a page's chunk by source file.
  build: { chunkSizeWarningLimit: 4000, manifest: true },
});
