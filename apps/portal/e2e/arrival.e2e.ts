/**
 * Arriving at a page (issue 12): each route has its own title in the page's language, focus moves
 * to the new page's heading after an in-app navigation, public pages have a skip link, and an
 * address that is no route answers 404.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { enrolWithNafath, openPage } from './browser.js';

const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent.trim() ?? '');
const focused = (page: Page) =>
  page.evaluate(
    () => `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent ?? ''}`,
  );

describe('arriving at a page', () => {
  it('titles each public page after its heading, in its language, and skips to its content', async () => {
    const { page } = await openPage('/features?lng=en');
    const heading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    await expect.poll(() => page.title()).toBe(`${heading} · Tawqi`);
    await page.goto('/plans-pricing?lng=ar');
    const arabic = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    await expect.poll(() => page.title()).toBe(`${arabic} · توقيع`);
    expect(arabic).not.toBe(heading);

    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('انتقل إلى المحتوى');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('moves focus to the heading of the page chosen in the navigation', async () => {
    const { page } = await openPage('/app/login?lng=en');
    await enrolWithNafath(page);
    await page.waitForURL('**/app/my/dashboard');
    await expect.poll(() => page.title()).toBe('Dashboard · Tawqi');
    await page.getByRole('link', { name: 'Registered devices' }).click();
    await page.waitForURL('**/app/my/devices');
    // Not the link that was pressed: the new page's heading.
    await expect.poll(() => focused(page)).toBe('H1 Registered devices');
    expect(await page.title()).toBe('Registered devices · Tawqi');
    // The buy-plans page too (issue 38 found focus left behind there).
    await page.getByRole('link', { name: 'Buy eSign plan' }).click();
    await page.waitForURL('**/app/my/esign/buy/plans');
    await expect.poll(() => focused(page)).toBe('H1 Buy an eSign plan');
  });

  it('answers 404 for an address that is no page, and shows the not-found page', async () => {
    const { page } = await openPage('/');
    const missing = await page.goto('/no-such-page?lng=en');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect((await page.goto('/features'))?.status()).toBe(200);
  });
});
