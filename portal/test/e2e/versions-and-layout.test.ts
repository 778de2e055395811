import t from 'tap';
import { launchChromium, offlineContext, openHydrated } from './helpers/browser.js';
import { startPortal } from './helpers/portal-server.js';

const portal = await startPortal();
const browser = await launchChromium();
t.teardown(async () => {
  await browser.close();
  await portal.close();
});

t.test('picking 1.x in the version dropdown keeps the choice in localStorage', async (t) => {
  const context = await offlineContext(browser);
  t.teardown(() => context.close());
  const page = await context.newPage();
  await openHydrated(page, `${portal.url}/docs/concepts/envelopes`);
  t.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), null, 'nothing stored before a choice');
  await page.getByRole('button', { name: 'Documentation version' }).click();
  await page.locator('.version-dropdown .dropdown__menu').getByRole('link', { name: '1.x' }).click();
  await page.waitForURL(`${portal.url}/docs/1.11.7/concepts/envelopes`);
  t.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), '1.11.7');
  await page.getByText('This is documentation for Ligature 1.x, which is no longer actively maintained.').waitFor();
  await openHydrated(page, `${portal.url}/`);
  const docsLink = page.locator('.navbar__desktop-only').getByRole('link', { name: 'Documentation' });
  await t.resolves(page.waitForFunction(() => document.querySelector('.navbar__desktop-only a')?.getAttribute('href') === '/docs/1.11.7/overview'));
  t.equal(await docsLink.getAttribute('href'), '/docs/1.11.7/overview');
  t.equal(await page.getByRole('button', { name: 'Documentation version' }).innerText(), '1.x');
  // A versioned URL is never redirected: the latest docs stay reachable.
  await openHydrated(page, `${portal.url}/docs/overview`);
  t.equal(new URL(page.url()).pathname, '/docs/overview');
  await page.getByRole('button', { name: 'Documentation version' }).click();
  await page.locator('.version-dropdown .dropdown__menu').getByRole('link', { name: 'Next' }).click();
  await page.waitForURL(`${portal.url}/docs/next/overview`);
  t.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), 'current');
});

t.test('sidebar: no collapse button; categories never auto-collapse; each still collapses', async (t) => {
  const context = await offlineContext(browser, { viewport: { width: 1280, height: 900 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  await openHydrated(page, `${portal.url}/docs/overview`);
  const sidebar = page.locator('.theme-doc-sidebar-container');
  t.equal(await page.locator('button[title="Collapse sidebar"], button[aria-label="Collapse sidebar"]').count(), 0);
  const buttonLabels = await sidebar.locator('button').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''));
  t.ok(buttonLabels.length > 0 && buttonLabels.every((l) => l.startsWith('Toggle the collapsible sidebar category')), 'only category carets');
  const caret = (label: string) => sidebar.getByRole('button', { name: `Toggle the collapsible sidebar category '${label}'` });
  await caret('Concepts').click();
  await caret('Guides').click();
  t.equal(await caret('Concepts').getAttribute('aria-expanded'), 'true', 'opening Guides left Concepts open');
  t.equal(await caret('Guides').getAttribute('aria-expanded'), 'true');
  t.ok(await sidebar.getByRole('link', { name: 'Envelopes', exact: true }).isVisible());
  await caret('Concepts').click();
  t.equal(await caret('Concepts').getAttribute('aria-expanded'), 'false');
  t.equal(await sidebar.getByRole('link', { name: 'Envelopes', exact: true }).count(), 0);
  t.equal(await caret('Guides').getAttribute('aria-expanded'), 'true');
});

t.test('the active page expands its category; the TOC holds h2 and h3 only', async (t) => {
  const context = await offlineContext(browser, { viewport: { width: 1280, height: 900 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  await openHydrated(page, `${portal.url}/docs/guides/quality-review`);
  t.equal(await page.getByRole('button', { name: "Toggle the collapsible sidebar category 'Guides'" }).getAttribute('aria-expanded'), 'true');
  t.equal(await page.locator('.menu__link--active').first().getAttribute('href'), '/docs/guides/quality-review');
  const tocIds = await page.locator('.theme-doc-toc-desktop a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(1)));
  const headingIds = await page.locator('article h2[id], article h3[id]').evaluateAll((hs) => hs.map((h) => h.id));
  t.same(tocIds, headingIds, 'every h2 and h3, in order, and nothing else (h1 and h4-h6 are filtered)');
  t.ok((await page.locator('.theme-doc-toc-desktop ul ul a').count()) > 0, 'h3 entries nest under their h2');
});

t.test('mobile layout at 996px and below, desktop from 997px', async (t) => {
  for (const [width, mobile] of [[996, true], [997, false]] as const) {
    const context = await offlineContext(browser, { viewport: { width, height: 800 } });
    const page = await context.newPage();
    await openHydrated(page, `${portal.url}/docs/guides/matching-config`);
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    t.equal(await toggle.isVisible(), mobile, `${width}px: menu button`);
    t.equal(await page.locator('.theme-doc-sidebar-container').isVisible(), !mobile, `${width}px: desktop sidebar`);
    t.equal(await page.locator('.theme-doc-toc-desktop').isVisible(), !mobile, `${width}px: right-hand TOC`);
    t.equal(await page.getByRole('button', { name: 'On this page' }).isVisible(), mobile, `${width}px: collapsible TOC`);
    if (mobile) {
      await toggle.click();
      const drawer = page.locator('.navbar-sidebar');
      await drawer.waitFor();
      t.ok(await drawer.getByRole('link', { name: 'Documentation' }).isVisible());
      t.ok(await drawer.getByText('Versions').isVisible());
      t.ok(await drawer.getByRole('button', { name: "Toggle the collapsible sidebar category 'Guides'" }).isVisible(), 'the docs sidebar is in the drawer');
    }
    await context.close();
  }
});

t.test('a .html URL hydrates as the plain page without a reload', async (t) => {
  const context = await offlineContext(browser);
  t.teardown(() => context.close());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('Failed to load resource') && errors.push(m.text()));
  await openHydrated(page, `${portal.url}/docs/overview.html`);
  t.equal(new URL(page.url()).pathname, '/docs/overview', 'the client router sees the plain path');
  t.equal(await page.locator('article h1').first().innerText(), 'Overview');
  t.same(errors, [], 'no hydration mismatch or URL reload');
});

t.test('the local search finds docs pages from the build-time index', async (t) => {
  const context = await offlineContext(browser, { viewport: { width: 1280, height: 900 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await openHydrated(page, `${portal.url}/docs/next/overview`);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('envelope');
  const first = page.locator('.search-results a').first();
  await first.waitFor();
  t.match(await first.getAttribute('href'), /^\/docs\/next\//, 'results come from the version being read');
  t.ok(requested.some((u) => u.endsWith('/search/current.json')));
  const external = requested.filter((u) => !u.startsWith(portal.url));
  t.same(external.filter((u) => !u.endsWith('/katex.min.css')), [], 'no external search service (only the KaTeX stylesheet is remote)');
  await search.fill('zzzxqv');
  await page.getByText('No results were found').waitFor();
  await search.fill('envelope');
  await first.click();
  await page.waitForURL(/\/docs\/next\//);
});
