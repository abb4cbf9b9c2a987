/**
 * A phone is a first-class screen (issue 12): at 360 px, the narrowest we serve, no page is wider
 * than the screen and the header keeps one row; on phones (360 and 390 px) the navigation is a
 * modal drawer — closed on arrival, with a backdrop, closed by Escape and by choosing a page — and
 * the sign-in tabs all show.
 */
import type { Page } from 'playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MY_ROUTES,
  PUBLIC_ROUTES,
  enrolWithNafath,
  openKeptPage,
  openPage,
  overflow,
} from './browser.js';

/** The elements that stick out past the window's edge, to say where a page overflows. */
async function sticksOut(page: Page): Promise<string> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
      })
      .slice(-4)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${(element.getAttribute('class') ?? '').split(' ')[0] ?? ''} (${String(Math.round(element.getBoundingClientRect().width))} px)`,
      )
      .join(', ');
  });
}

async function headerHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('header')?.getBoundingClientRect().height ?? 0);
}

for (const width of [360, 390]) {
  const phone = { width, height: 800 };

  describe(`a phone ${String(width)} px wide`, () => {
    // The page sweeps run at the narrowest width only: what fits 360 px fits 390. One test per
    // page and language, each with its own time budget.
    if (width === 360) {
      describe.each(['ar', 'en'] as const)('the public site in %s', (language) => {
        it.each(PUBLIC_ROUTES)('shows %s within the screen', async (path) => {
          const { page } = await openPage(`${path}?lng=${language}`, phone);
          await page.getByRole('heading', { level: 1 }).waitFor();
          expect(await overflow(page), await sticksOut(page)).toBe(0);
          expect(await headerHeight(page)).toBeLessThan(72);
        });
      });

      it('keeps the public pages in a drawer', async () => {
        const { page } = await openPage('/?lng=en', phone);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.getByRole('link', { name: 'Features' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await drawer.getByRole('link', { name: 'Features' }).click();
        await page.waitForURL('**/features');
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.getByRole('dialog', { name: 'Menu' }).count()).toBe(0);
      });

      describe('a newcomer signed up from the third tab', () => {
        let page: Page;
        beforeAll(async () => {
          // A newcomer with a long name (the identity app's), so the header has a name to fit.
          ({ page } = await openKeptPage('/app/login?lng=en', phone));
          const tabs = page.getByRole('tab');
          for (const tab of await tabs.all()) expect(await tab.isVisible()).toBe(true);
          expect(await overflow(page)).toBe(0);
          await enrolWithNafath(page);
          await page.waitForURL('**/app/my/dashboard');
          await page.getByRole('heading', { level: 1 }).waitFor();
        });

        it('finds the navigation waiting in its drawer, closed', async () => {
          expect(await page.getByRole('dialog', { name: 'Main navigation' }).count()).toBe(0);
          expect(
            await page.getByRole('link', { name: 'My transactions', exact: true }).count(),
          ).toBe(0);
          expect(await headerHeight(page)).toBeLessThan(72);
        });

        describe.each(['en', 'ar'] as const)('the individual area in %s', (language) => {
          it.each(MY_ROUTES)('shows /app/my%s within the screen', async (route) => {
            const separator = route.includes('?') ? '&' : '?';
            await page.goto(`/app/my${route}${separator}lng=${language}`);
            await page.getByRole('heading', { level: 1 }).waitFor();
            await page.waitForLoadState('networkidle');
            expect(await overflow(page), await sticksOut(page)).toBe(0);
            expect(await headerHeight(page)).toBeLessThan(72);
          });
        });
      });
    }

    it('opens the navigation as a modal drawer: Escape and choosing a page close it', async () => {
      const { page } = await openPage('/app/login?lng=en', phone);
      await enrolWithNafath(page);
      await page.waitForURL('**/app/my/dashboard');
      const menu = page.getByRole('button', { name: 'Open navigation' });
      await menu.click();
      const drawer = page.getByRole('dialog', { name: 'Main navigation' });
      await drawer.waitFor();
      // Focus is inside, and the page behind does not take it.
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await menu.click();
      await drawer.getByRole('link', { name: 'My transactions' }).click();
      await page.waitForURL('**/app/my/esign/transactions');
      await drawer.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
  });
}
