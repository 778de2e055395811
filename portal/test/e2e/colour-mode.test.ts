import t from 'tap';
import type { Page } from 'playwright-core';
import { launchChromium, offlineContext, openHydrated } from './helpers/browser.js';
import { startPortal } from './helpers/portal-server.js';

const portal = await startPortal();
const browser = await launchChromium();
t.teardown(async () => {
  await browser.close();
  await portal.close();
});

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

t.test('light by default even when the system prefers dark', async (t) => {
  const context = await offlineContext(browser, { colorScheme: 'dark' });
  t.teardown(() => context.close());
  const page = await context.newPage();
  await openHydrated(page, `${portal.url}/docs/overview`);
  t.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), true, 'the emulation is active');
  t.equal(await themeOf(page), 'light');
  t.equal(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), 'rgb(255, 255, 255)');
});

t.test('the toggle switches to dark, remembers it, and a stored choice wins on reload', async (t) => {
  const context = await offlineContext(browser, { colorScheme: 'light' });
  t.teardown(() => context.close());
  const page = await context.newPage();
  await openHydrated(page, `${portal.url}/`);
  const toggle = page.getByRole('button', { name: 'Switch between dark and light mode (currently light mode)' });
  await toggle.click();
  t.equal(await themeOf(page), 'dark');
  t.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
  await page.getByRole('button', { name: 'Switch between dark and light mode (currently dark mode)' }).waitFor();
  await page.reload();
  t.equal(await themeOf(page), 'dark', 'the inline script applies the stored mode before paint');
  t.equal(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), 'rgb(27, 27, 29)');
});
