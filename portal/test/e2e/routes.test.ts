import t from 'tap';
import { portalConfig } from '../../app/config/portal-config.js';
import { startPortal } from './helpers/portal-server.js';

// HTTP-level checks of the built portal: routes, statuses, server-rendered content.
const portal = await startPortal();
t.teardown(portal.close);
const get = async (path: string) => {
  const response = await fetch(portal.url + path, { redirect: 'manual' });
  return { status: response.status, html: await response.text(), headers: response.headers };
};
const text = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

t.test('home page: title, tagline, what it does and for whom, footer, language switcher', async (t) => {
  const { status, html } = await get('/');
  t.equal(status, 200);
  const body = text(html);
  t.match(html, /<h1 class="hero__title">Ligature<\/h1>/);
  t.match(body, 'Accurate, secure, scalable record linkage');
  t.match(body, 'What Ligature does');
  t.match(body, 'Who it is for');
  t.match(body, 'Copyright © 2025 Ligature.');
  t.match(html, /aria-label="Language">English<\/button>/);
  t.equal((html.match(/class="dropdown__link[^"]*" [^>]*>English</g) ?? []).length, 1, 'English is the only locale');
});

t.test('navbar: Documentation on the left opens the overview; version dropdown on the right; colour toggle', async (t) => {
  const { html } = await get('/blog');
  const left = html.slice(html.indexOf('class="navbar__items"'), html.indexOf('navbar__items--right'));
  const right = html.slice(html.indexOf('navbar__items--right'), html.indexOf('</nav>'));
  t.match(left, /href="\/docs\/overview">Documentation<\/a>/);
  t.match(right, /aria-label="Documentation version">2\.0\.5<\/button>/);
  t.match(right, /href="\/docs\/next">Next<\/a>[\s\S]*href="\/docs">2\.0\.5<\/a>[\s\S]*href="\/docs\/1\.11\.7">1\.x<\/a>/);
  t.match(right, /aria-label="Switch between dark and light mode \(currently light mode\)"/);
});

t.test('docs versions: /docs is 2.0.5, /docs/next is unreleased, /docs/1.11.7 is 1.x and unmaintained', async (t) => {
  const latest = text((await get('/docs')).html);
  t.match(latest, 'Version: 2.0.5');
  t.notMatch(latest, 'This is unreleased documentation');
  const next = text((await get('/docs/next')).html);
  t.match(next, 'This is unreleased documentation for Ligature Next version.');
  t.match(next, 'For up-to-date documentation, see the latest version (2.0.5).');
  t.match(next, 'Version: Next');
  const old = await get('/docs/1.11.7/overview');
  t.match(text(old.html), 'This is documentation for Ligature 1.x, which is no longer actively maintained.');
  t.match(old.html, /<a [^>]*href="\/docs\/overview">latest version<\/a>/, 'the banner links to the same doc in the latest version');
  t.equal((await get('/docs/1.11.7/concepts/workflows')).status, 404, 'workflows is absent in 1.11.7');
  t.equal((await get('/docs/next/envelope-builder/overview')).status, 200, 'envelope-builder exists only in next');
  t.equal((await get('/docs/envelope-builder/overview')).status, 404);
});

t.test('category index pages list their items', async (t) => {
  const { status, html } = await get('/docs/category/concepts');
  t.equal(status, 200);
  t.match(html, /<h1>Concepts<\/h1>/);
  t.match(html, /class="card doc-card" [^>]*href="\/docs\/concepts\/envelopes"|href="\/docs\/concepts\/envelopes"[^>]*class="card doc-card"/);
});

t.test('unknown paths render the not-found page with status 404', async (t) => {
  for (const path of ['/nope', '/docs/nope', '/docs/next/nope', '/blog/nope', '/markdown-page/extra', '/api/nope', '/api/operations/nope', '/api/schemas/Nope']) {
    const { status, html } = await get(path);
    t.equal(status, 404, path);
    t.match(html, /<title>Page Not Found \| Ligature<\/title>/, `${path} has the not-found title`);
    const body = text(html);
    t.match(body, 'Page Not Found');
    t.match(body, 'We could not find what you were looking for.');
    t.match(body, 'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.');
    t.match(body, 'Copyright © 2025 Ligature.', 'inside the site layout');
  }
});

t.test('.html and /index.html endings render the plain page in place (no redirect)', async (t) => {
  const strip = (html: string) => text(html).replace(/\/assets\/[^ "]+/g, '');
  for (const [htmlPath, plain] of [['/docs/overview.html', '/docs/overview'], ['/docs/index.html', '/docs'], ['/index.html', '/'], ['/blog/index.html', '/blog'], ['/docs/next/concepts/envelopes.html', '/docs/next/concepts/envelopes']] as const) {
    const a = await get(htmlPath);
    const b = await get(plain);
    t.equal(a.status, 200, htmlPath);
    t.equal(a.headers.get('location'), null);
    t.equal(strip(a.html), strip(b.html), `${htmlPath} = ${plain}`);
  }
  t.equal((await get('/nope.html')).status, 404);
});

t.test('markdown page, blog with reading time and years', async (t) => {
  const page = await get('/markdown-page');
  t.equal(page.status, 200);
  t.match(page.html, /<h1 id="markdown-page">Markdown page<\/h1>/);
  const blog = await get('/blog');
  t.equal(blog.status, 200);
  const body = text(blog.html);
  t.match(body, portalConfig.blog.sidebarTitle);
  t.match(blog.html, /<h3 class="blog-sidebar__year">2026<\/h3>[\s\S]*<h3 class="blog-sidebar__year">2025<\/h3>/);
  t.match(body, /(One|\d+) min read/);
  const slug = /href="\/blog\/([a-z0-9-]+)"/.exec(blog.html)?.[1];
  const post = await get(`/blog/${slug}`);
  t.equal(post.status, 200);
  t.match(text(post.html), /(One|\d+) min read/);
});

t.test('the KaTeX stylesheet comes from the CDN with the configured integrity', async (t) => {
  const { html } = await get('/docs/advanced/estimating-probs');
  t.match(html, `<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/katex@${portalConfig.katex.version}/dist/katex.min.css" integrity="${portalConfig.katex.integrity}" crossorigin="anonymous"/>`);
  t.match(html, 'class="katex"', 'math is rendered at build time');
});

t.test('the docs search index is served from the build', async (t) => {
  const response = await fetch(`${portal.url}/search/2.0.5.json`);
  t.equal(response.status, 200);
  const index = (await response.json()) as { documentCount: number; storedFields: Record<string, { url: string }> };
  t.ok(index.documentCount > 20);
  t.ok(Object.values(index.storedFields).some((f) => f.url === '/docs/overview'));
});
