import t from 'tap';
import { normalizePathname, normalizeRequestUrl } from './normalize-location.js';

t.test('.html and /index.html endings map to the plain path', async (t) => {
  t.equal(normalizePathname('/docs/intro.html'), '/docs/intro');
  t.equal(normalizePathname('/docs/index.html'), '/docs');
  t.equal(normalizePathname('/index.html'), '/');
  t.equal(normalizePathname('/docs/next/concepts/envelopes.html'), '/docs/next/concepts/envelopes');
  t.equal(normalizePathname('/blog/'), '/blog/');
  t.equal(normalizePathname('/docs/html'), '/docs/html');
});

t.test('an exact route under the .html name wins', async (t) => {
  const exact = (p: string) => p === '/legacy/page.html';
  t.equal(normalizePathname('/legacy/page.html', exact), '/legacy/page.html');
  t.equal(normalizePathname('/other.html', exact), '/other');
});

t.test('query strings and fragments are kept', async (t) => {
  t.equal(normalizeRequestUrl('/docs/intro.html?x=1'), '/docs/intro?x=1');
  t.equal(normalizeRequestUrl('/index.html#top'), '/#top');
  t.equal(normalizeRequestUrl('/docs?x=a.html'), '/docs?x=a.html');
});
