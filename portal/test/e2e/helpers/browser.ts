import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { buildDir } from './portal-server.js';

/**
 * Headless Debian Chromium with the flags from stack notes C1. Playwright gives every launch a fresh,
 * empty profile directory (it manages --user-data-dir itself).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A context that never reaches the internet: the KaTeX CDN request is answered offline with a 503. */
export async function offlineContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 503, body: '' }));
  return context;
}

/** Opens a page and waits until React has hydrated it. */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated="true"]');
}

/** The built client chunk of a content file, from the Vite manifest Remix keeps in build/.vite. */
export function chunkOf(sourcePath: string): string {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, '.vite/client-manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[sourcePath];
  if (!entry) throw new Error(`${sourcePath} has no chunk in the client manifest`);
  return `/${entry.file}`;
}
