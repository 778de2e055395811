import t from 'tap';
import { createModuleCache, noDefaultExportMessage, pageComponentOf } from './module-cache.js';

t.test('a failed import is kept until evicted; Retry then imports again', async (t) => {
  let calls = 0;
  const cache = createModuleCache({
    '/page.mdx': async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => null };
    },
  });
  await t.rejects(cache.load('/page.mdx'), /Failed to fetch/);
  t.throws(() => cache.read('/page.mdx'), /Failed to fetch/, 'render sees the error (error box)');
  await t.rejects(cache.load('/page.mdx'), /Failed to fetch/, 'no silent re-import before Retry');
  t.equal(calls, 1);
  cache.evict('/page.mdx');
  const module = await cache.load('/page.mdx');
  t.equal(calls, 2);
  t.equal(cache.read('/page.mdx'), module, 'loaded modules read synchronously');
});

t.test('read suspends with a promise while loading', async (t) => {
  const cache = createModuleCache({ '/a.mdx': async () => ({ default: 'A' }) });
  let thrown: unknown;
  try {
    cache.read('/a.mdx');
  } catch (e) {
    thrown = e;
  }
  t.ok(thrown instanceof Promise);
  await thrown;
  t.same(cache.read('/a.mdx'), { default: 'A' });
  t.equal(cache.has('/a.mdx'), true);
  t.equal(cache.has('/b.mdx'), false);
  await t.rejects(cache.load('/b.mdx'), /No page module is registered for \/b.mdx/);
});

t.test('a module without a default export raises the Docusaurus error', async (t) => {
  t.throws(() => pageComponentOf({ toc: [] }, '/docs/broken'), {
    message:
      "The page component at /docs/broken doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.",
  });
  t.equal(noDefaultExportMessage('/x'), "The page component at /x doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.");
  const component = () => null;
  t.equal(pageComponentOf({ default: component }, '/ok'), component);
});
