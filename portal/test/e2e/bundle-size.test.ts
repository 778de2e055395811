import t from 'tap';
import { gzipSync } from 'node:zlib';
import { launchChromium, offlineContext, openHydrated } from './helpers/browser.js';
import { startPortal } from './helpers/portal-server.js';

const portal = await startPortal();
const browser = await launchChromium();
t.teardown(async () => {
  await browser.close();
  await portal.close();
});

// Everything a reader's browser downloads and runs for one typical docs page, gzipped.
const BUDGET_KB = 130;

t.test(`a typical docs page ships under ${BUDGET_KB} kB of gzipped JavaScript`, async (t) => {
  const context = await offlineContext(browser);
  t.teardown(() => context.close());
  const page = await context.newPage();
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === portal.url && url.pathname.endsWith('.js') && response.ok()) scripts.set(url.pathname, response.body());
  });
  await openHydrated(page, `${portal.url}/docs/concepts/envelopes`);
  await page.waitForLoadState('networkidle');
  const inline = await page.locator('script:not([src])').evaluateAll((ss) => ss.map((s) => s.textContent ?? '').join('\n'));
  let total = gzipSync(inline).length;
  const rows: string[] = [`inline scripts: ${(gzipSync(inline).length / 1024).toFixed(1)} kB`];
  for (const [pathname, body] of scripts) {
    const size = gzipSync(await body).length;
    total += size;
    rows.push(`${pathname}: ${(size / 1024).toFixed(1)} kB`);
  }
  t.comment(`gzipped JavaScript for /docs/concepts/envelopes (${scripts.size} files):\n${rows.join('\n')}\nTOTAL ${(total / 1024).toFixed(1)} kB`);
  console.log(`portal bundle size: /docs/concepts/envelopes ships ${(total / 1024).toFixed(1)} kB of gzipped JavaScript in ${scripts.size} files`);
  t.notOk([...scripts.keys()].some((p) => /elements|minisearch/i.test(p)), 'no Elements or search code on docs pages');
  t.ok(total / 1024 < BUDGET_KB, `${(total / 1024).toFixed(1)} kB < ${BUDGET_KB} kB`);
});
