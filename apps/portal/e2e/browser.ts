/** A fresh Chromium page per test, with the console's errors collected. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/find-chromium.mjs';

export const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser.close();
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

export async function openPage(
  path = '/',
): Promise<{ page: Page; errors: string[]; context: BrowserContext }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
  });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(path);
  return { page, errors, context };
}

export async function htmlLangDir(page: Page): Promise<[string, string]> {
  return page.evaluate(
    () => [document.documentElement.lang, document.documentElement.dir] as [string, string],
  );
}

export async function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}
