import t from 'tap';
import { crawlSite, extractIds, extractLinks, formatBrokenLinks, resolveLink, type RenderedPage } from './link-checker.js';

/** A fixture site: path → HTML; anything else renders the 404 page. */
function fixtureSite(pages: Record<string, string>) {
  const rendered: string[] = [];
  const render = async (path: string): Promise<RenderedPage> => {
    rendered.push(path);
    return path in pages ? { status: 200, html: pages[path]! } : { status: 404, html: '<h1>Page Not Found</h1>' };
  };
  return { render, rendered };
}

t.test('links are read from <a href> only, entities decoded', async (t) => {
  const html = '<link rel="stylesheet" href="/x.css"><a class="c" href="/docs?a=1&amp;b=2">x</a><a href="#top" id="top">y</a>';
  t.same(extractLinks(html), ['/docs?a=1&b=2', '#top']);
  t.same([...extractIds(html)], ['top']);
});

t.test('which links are checked', async (t) => {
  t.equal(resolveLink('https://example.org/', '/docs'), null);
  t.equal(resolveLink('mailto:a@b.c', '/docs'), null);
  t.equal(resolveLink('./missing.mdx', '/docs/x'), null, 'broken markdown links only warn at compile time');
  t.same(resolveLink('/docs/a#sec', '/'), { href: '/docs/a#sec', path: '/docs/a', hash: 'sec' });
  t.same(resolveLink('../b', '/docs/a/c'), { href: '../b', path: '/docs/b', hash: '' });
  t.same(resolveLink('#x', '/docs/a'), { href: '#x', path: '/docs/a', hash: 'x' });
});

t.test('a planted broken link is reported with its source page', async (t) => {
  const site = fixtureSite({
    '/': '<a href="/docs">Docs</a><a href="/blog/">Blog</a>',
    '/docs': '<h2 id="start">Start</h2><a href="/docs/missing">planted</a><a href="/">home</a><a href="https://x.test/">ext</a>',
    '/blog': '<a href="/docs#start">ok anchor</a><a href="/docs#nowhere">bad anchor</a>',
  });
  const report = await crawlSite(site.render, ['/']);
  t.same(report.brokenLinks, [{ source: '/docs', href: '/docs/missing' }]);
  t.same(report.brokenAnchors, [{ source: '/blog', href: '/docs#nowhere' }]);
  t.equal(report.pagesChecked, 4);
  t.notOk(site.rendered.includes('https://x.test/'), 'external links are never fetched');
});

t.test('a site without broken links passes', async (t) => {
  const site = fixtureSite({ '/': '<a href="/a/">a</a>', '/a': '<a href="/">home</a>' });
  const report = await crawlSite(site.render, ['/']);
  t.same(report.brokenLinks, []);
});

t.test('the failure message follows Docusaurus', async (t) => {
  const message = formatBrokenLinks([
    { source: '/docs', href: '/docs/missing' },
    { source: '/docs', href: '/nope' },
    { source: '/blog', href: '/x' },
  ]);
  t.equal(
    message,
    [
      'Docusaurus found broken links!',
      '',
      "Please check the pages of your site in the list below, and make sure you don't reference any path that does not exist.",
      "Note: it's possible to ignore broken links with the 'onBrokenLinks' Docusaurus configuration, and let the build pass.",
      '',
      'Exhaustive list of all broken links found:',
      '- Broken link on source page path = /docs:',
      '   -> linking to /docs/missing',
      '   -> linking to /nope',
      '- Broken link on source page path = /blog:',
      '   -> linking to /x',
      '',
    ].join('\n'),
  );
  t.match(formatBrokenLinks([{ source: '/a', href: '/b#c' }], 'anchor'), /^Docusaurus found broken anchors![\s\S]*onBrokenAnchors[\s\S]*- Broken anchor on source page path = \/a:\n {3}-> linking to \/b#c/);
});
