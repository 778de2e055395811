import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { chunkOf, launchChromium, offlineContext, openHydrated } from './helpers/browser.js';
import { startPortal } from './helpers/portal-server.js';

const portal = await startPortal();
const browser = await launchChromium();
t.teardown(async () => {
  await browser.close();
  await portal.close();
});

const overviewChunk = chunkOf('content/docs/2.0.5/overview.mdx');

async function newPage(t: Test): Promise<Page> {
  const context = await offlineContext(browser, { viewport: { width: 1280, height: 900 } });
  t.teardown(() => context.close());
  return context.newPage();
}

t.test('a page chunk that fails during navigation logs a warning and reloads', async (t) => {
  const page = await newPage(t);
  await page.route(`**${overviewChunk}`, (route) => route.abort('failed'));
  await openHydrated(page, `${portal.url}/docs`);
  const warning = page.waitForEvent('console', (m) => m.type() === 'warning');
  const reloaded = page.waitForEvent('load');
  await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Overview', exact: true }).click();
  t.match((await warning).text(), /Failed to fetch dynamically imported module|error loading dynamically imported module/);
  await reloaded;
  t.equal(new URL(page.url()).pathname, '/docs', 'the old page stayed up and was reloaded');
});

t.test('a chunk that fails on first load shows the error text and a Retry button', async (t) => {
  const page = await newPage(t);
  await page.route(`**${overviewChunk}`, (route) => route.abort('failed'));
  await openHydrated(page, `${portal.url}/docs/overview`);
  const box = page.locator('.loadable-error');
  await box.waitFor();
  t.match(await box.innerText(), /TypeError: Failed to fetch dynamically imported module/);
  t.ok(await box.getByRole('button', { name: 'Retry' }).isVisible());
  // Retry imports again; the re-render shows either the page or, when the browser caches the failed
  // import (whatwg/html#10327), the error box again - never a blank page.
  await page.unroute(`**${overviewChunk}`);
  await box.getByRole('button', { name: 'Retry' }).click();
  await page.waitForSelector('.loadable-error, article.markdown h1');
  t.ok((await page.locator('.loadable-error').count()) + (await page.locator('article.markdown h1').count()) > 0);
});

t.test('a page that throws while rendering shows "This page crashed." and "Try again"', async (t) => {
  const page = await newPage(t);
  let renders = 0;
  await page.exposeFunction('countCrash', () => void (renders += 1));
  await page.route(`**${overviewChunk}`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'export const toc = []; export default function Overview() { window.countCrash(); throw new Error("Simulated render failure", { cause: new Error("root cause") }); }',
    }),
  );
  await openHydrated(page, `${portal.url}/docs/overview`);
  const crash = page.locator('.error-page');
  await crash.waitFor();
  t.equal(await crash.locator('h1').innerText(), 'This page crashed.');
  t.match(await crash.innerText(), /Simulated render failure[\s\S]*Cause: root cause/);
  t.ok(await page.locator('.theme-doc-sidebar-container').isVisible(), 'the site around the page keeps working');
  const before = renders;
  await crash.getByRole('button', { name: 'Try again' }).click();
  await page.waitForFunction(() => document.querySelector('.error-page h1')?.textContent === 'This page crashed.');
  t.ok(renders > before, 'Try again rendered the page again');
});

async function hoverAndCollect(page: Page): Promise<{ prefetchLinks: number; requests: string[] }> {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await openHydrated(page, `${portal.url}/docs`);
  await page.waitForTimeout(300);
  requests.length = 0;
  // A docs link (warms the page chunk) and the Blog link (Remix intent prefetch of data and modules).
  await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'Overview', exact: true }).hover();
  await page.waitForTimeout(600);
  await page.locator('.navbar__desktop-only').getByRole('link', { name: 'Blog', exact: true }).hover();
  await page.waitForTimeout(900);
  return { prefetchLinks: await page.locator('link[rel="prefetch"]').count(), requests };
}

const stubConnection = (connection: object) => (page: Page) =>
  page.addInitScript((c) => Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ ...c, addEventListener() {}, removeEventListener() {} }) }), connection);

t.test('hovering a docs link prefetches on a fast connection', async (t) => {
  const page = await newPage(t);
  await stubConnection({ effectiveType: '4g', saveData: false })(page);
  const { prefetchLinks, requests } = await hoverAndCollect(page);
  t.ok(prefetchLinks > 0, 'Remix rendered prefetch links for the blog');
  t.ok(requests.includes(overviewChunk), 'the docs page chunk was fetched ahead of the click');
  t.ok(requests.some((p) => p.startsWith('/blog')), 'the blog data was prefetched');
});

for (const [name, connection] of [['2g', { effectiveType: '2g', saveData: false }], ['slow-2g', { effectiveType: 'slow-2g' }], ['save-data', { effectiveType: '4g', saveData: true }]] as const) {
  t.test(`no prefetching on ${name}`, async (t) => {
    const page = await newPage(t);
    await stubConnection(connection)(page);
    const { prefetchLinks, requests } = await hoverAndCollect(page);
    t.equal(prefetchLinks, 0);
    t.same(requests, [], 'nothing was fetched on hover');
  });
}
