/**
 * Arabic done right (issue 12): on an Arabic page no Latin-script word and no ASCII digit shows
 * but where the rule allows (src/stories/latinWords.ts, which every Arabic story is held to as
 * well). Every public page, every page of the individual area and the organization's
 * dashboard and profile are read as a person with a history (transactions, plans, notifications)
 * sees them.
 */
import type { Page } from 'playwright';
import { PROVIDER_ROUTES } from '@tawqi/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRAND_NAMES, latinWordsIn } from '../src/stories/latinWords.js';
import {
  MY_ROUTES,
  NADA,
  PUBLIC_ROUTES,
  SARA,
  openKeptPage,
  openPage,
  signInWithNafath,
} from './browser.js';

/** The Latin words and ASCII digits a person reads on the page, outside what may carry them. */
async function latinOnPage(page: Page): Promise<string[]> {
  // The rule itself runs in the page (it names nothing outside itself).
  return page.locator('body').evaluate(latinWordsIn, BRAND_NAMES);
}

async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** A page of Sara's, signed in once for the sweep of one area. */
function signedInAs(nationalId: string): () => Page {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await openKeptPage('/app/login?lng=en'));
    await signInWithNafath(page, nationalId);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/app/my/dashboard?lng=ar');
    await settled(page);
  });
  return () => page;
}

// One test per page, each with its own time budget; a signed-in area signs in once.
describe('an Arabic page', () => {
  describe('of the public site', () => {
    it.each([...PUBLIC_ROUTES, '/no-such-page', '/app/login'])(
      'shows no Latin script and no ASCII digits on %s',
      async (path) => {
        const { page } = await openPage(`${path}?lng=ar`);
        await settled(page);
        expect(await latinOnPage(page)).toEqual([]);
      },
    );

    it('is checked by a rule that sees a planted English sentence, and lets it pass once marked', async () => {
      const { page } = await openPage('/?lng=ar');
      await settled(page);
      await page.evaluate(() => {
        const planted = document.createElement('p');
        planted.id = 'planted';
        planted.textContent = 'Declined by the gateway 12';
        document.querySelector('main')?.append(planted);
      });
      expect(await latinOnPage(page)).toEqual([
        'Declined (in p)',
        'by (in p)',
        'the (in p)',
        'gateway (in p)',
        '12 (in p)',
      ]);
      await page.evaluate(() =>
        document.getElementById('planted')?.setAttribute('translate', 'no'),
      );
      expect(await latinOnPage(page)).toEqual([]);
    });
  });

  describe('of the individual area, with data on it', () => {
    const page = signedInAs(SARA);

    it.each(MY_ROUTES)('shows no Latin script and no ASCII digits on /app/my%s', async (route) => {
      await page().goto(`/app/my${route}`);
      await settled(page());
      expect(await latinOnPage(page())).toEqual([]);
    });

    it('shows none in a transaction’s documents opened in the grid', async () => {
      // (Not the notifications panel: opening it marks Sara's notifications read, and the session
      // test counts them.)
      await page().goto('/app/my/esign/transactions');
      await settled(page());
      await page().getByRole('button', { name: 'عرض التفاصيل' }).first().click();
      await page()
        .getByRole('list', { name: /مستندات العملية/ })
        .waitFor();
      await page().waitForLoadState('networkidle');
      expect(await latinOnPage(page())).toEqual([]);
    });
  });

  describe('of the organization area, with data on it', () => {
    const page = signedInAs(SARA);

    it.each([
      '/app/org/dashboard',
      ...['units', 'details', 'certificate', 'sponsors', 'contacts', 'admins'].map(
        (tab) => `/app/org/orgProfile?tab=${tab}`,
      ),
      // What the organization bought, and what it can buy.
      '/app/org/buy/esign/plans',
      '/app/org/buy/esign/plans/buycounter',
      '/app/org/buy/role/plans/buyOrgPlan',
      '/app/org/purchase/special/plan',
      '/app/org/purchase/special/plan/buyspecialplan',
      '/app/org/purchase/requests',
    ])('shows no Latin script and no ASCII digits on %s', async (path) => {
      await page().goto(path);
      await settled(page());
      expect(await latinOnPage(page())).toEqual([]);
    });

    it('shows none in a report of figures, dates and money', async () => {
      await page().goto('/app/org/reports/esign');
      await settled(page());
      await page().getByRole('grid').getByRole('row').nth(1).waitFor();
      expect(await latinOnPage(page())).toEqual([]);
    });
  });

  // Issue 36: a provider's pages are its staff's; Nada is the Provider Admin of the L1 408.
  describe('of the provider area, with data on it', () => {
    const page = signedInAs(NADA);

    it.each(PROVIDER_ROUTES.filter((route) => !route.endsWith('paymentStatus')))(
      'shows no Latin script and no ASCII digits on %s',
      async (path) => {
        await page().goto(path);
        await settled(page());
        expect(await latinOnPage(page())).toEqual([]);
      },
    );
  });
});
