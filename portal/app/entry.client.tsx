import { RemixBrowser } from '@remix-run/react';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { normalizePathname } from './lib/site/normalize-location.js';

// Decision 3: for `/x.html` the server rendered the page of `/x` in place (no redirect). Tell the
// client router the same path before hydration, or Remix would see a URL it did not render.
const { pathname, search, hash } = window.location;
const normalized = normalizePathname(pathname);
if (normalized !== pathname) window.history.replaceState(window.history.state, '', normalized + search + hash);

startTransition(() => {
  hydrateRoot(document, <RemixBrowser />);
});
