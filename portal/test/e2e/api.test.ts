import t from 'tap';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listOperations } from '../../app/lib/api/operations.js';
import { launchChromium, offlineContext, openHydrated } from './helpers/browser.js';
import { buildDir, startPortal } from './helpers/portal-server.js';

const portal = await startPortal();
const browser = await launchChromium();
t.teardown(async () => {
  await browser.close();
  await portal.close();
});

// The document the build copied in (from contracts/openapi/ligature-v3.3.json).
const document = JSON.parse(readFileSync(path.join(buildDir, 'client/openapi.json'), 'utf8')) as Parameters<typeof listOperations>[0] & {
  info: { title: string };
};
const operations = listOperations(document);
const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

t.test('/api/ server-renders every operation of the v3 OpenAPI document', async (t) => {
  t.ok(operations.length > 20, `${operations.length} operations in the document`);
  const response = await fetch(`${portal.url}/api/`);
  t.equal(response.status, 200);
  const html = decode(await response.text());
  for (const op of operations) {
    t.ok(html.includes(`>${op.method}</code> <code>${op.path}</code> <span>${op.summary}</span>`), `${op.method} ${op.path}`);
  }
  t.equal((html.match(/class="api-operation"/g) ?? []).length, operations.length, 'no extra entries');
});

t.test('Stoplight Elements renders the reference in the browser and navigates under /api/', async (t) => {
  const context = await offlineContext(browser, { viewport: { width: 1280, height: 900 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openHydrated(page, `${portal.url}/api/`);
  const elements = page.locator('.sl-elements');
  await elements.waitFor({ timeout: 20_000 });
  t.ok(await elements.getByText(document.info.title).first().isVisible());
  const first = operations.find((op) => op.operationId)!;
  await elements.getByText(first.tag, { exact: true }).first().click();
  await elements.getByText(first.summary, { exact: true }).first().click();
  await page.waitForURL(`${portal.url}/api/operations/${first.operationId}`);
  await t.resolves(elements.getByRole('heading', { level: 1, name: first.summary }).waitFor(), 'the operation page is shown');
  t.equal(await elements.getByRole('button', { name: /Send API Request/i }).count(), 0, 'no Try it panel: it would call the portal, not a gateway');
  await page.goBack();
  await page.waitForURL(`${portal.url}/api/`);
  await openHydrated(page, `${portal.url}/api/operations/${first.operationId}`);
  await elements.waitFor();
  await t.resolves(elements.getByRole('heading', { level: 1, name: first.summary }).waitFor(), 'deep links load from the server');
  t.same(errors, []);
});

t.test('Elements styles stay on /api/: docs pages do not load them', async (t) => {
  const html = await (await fetch(`${portal.url}/docs/overview`)).text();
  t.notMatch(html, /styles\.min-[^"]+\.css/);
  const apiHtml = await (await fetch(`${portal.url}/api/`)).text();
  t.match(apiHtml, /styles\.min-[^"]+\.css/);
});
