/**
 * Arabic done right (issue 12): on an Arabic page no Latin-script word and no ASCII digit shows
 * but where the rule allows (src/stories/latinWords.ts, which every Arabic story is held to as
 * well). Every public page, every page of the individual area and the organization's
 * dashboard and profile are read as a person with a history (transactions, plans, notifications)
 * sees them.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { BRAND_NAMES, latinWordsIn } from '../src/stories/latinWords.js';
import { MY_ROUTES, PUBLIC_ROUTES, SARA, openPage, signInWithNafath } from './browser.js';

/** The Latin words and ASCII digits a person reads on the page, outside what may carry them. */
async function latinOnPage(page: Page): Promise<string[]> {
  // The rule itself runs in the page (it names nothing outside itself).
  return page.locator('body').evaluate(latinWordsIn, BRAND_NAMES);
}

async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('an Arabic page', () => {
  it('shows no Latin script and no ASCII digits on the public site', async () => {
    const { page } = await openPage('/?lng=ar');
    for (const path of [...PUBLIC_ROUTES, '/no-such-page', '/app/login']) {
      await page.goto(path);
      await settled(page);
      expect(await latinOnPage(page), path).toEqual([]);
    }
    // The check sees a planted English sentence, and lets the same text pass once marked.
    await page.evaluate(() => {
      const planted = document.createElement('p');
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
      document.querySelector('main p:last-child')?.setAttribute('translate', 'no'),
    );
    expect(await latinOnPage(page)).toEqual([]);
  }, 120_000);

  it('shows no Latin script and no ASCII digits in the individual area, with data on it', async () => {
    const { page } = await openPage('/app/login?lng=en');
    await signInWithNafath(page, SARA);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/app/my/dashboard?lng=ar');
    for (const route of MY_ROUTES) {
      await page.goto(`/app/my${route}`);
      await settled(page);
      expect(await latinOnPage(page), route).toEqual([]);
    }
    // A transaction's documents opened in the grid. (Not the notifications panel: opening it
    // marks Sara's notifications read, and the session test counts them.)
    await page.goto('/app/my/esign/transactions');
    await settled(page);
    await page.getByRole('button', { name: 'عرض التفاصيل' }).first().click();
    await page.getByRole('list', { name: /مستندات العملية/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await latinOnPage(page), 'transactions with details').toEqual([]);
  }, 120_000);

  it('shows no Latin script and no ASCII digits in the organization area, with data on it', async () => {
    const { page } = await openPage('/app/login?lng=en');
    await signInWithNafath(page, SARA);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/app/org/dashboard?lng=ar');
    await settled(page);
    expect(await latinOnPage(page), 'dashboard').toEqual([]);
    for (const tab of ['units', 'details', 'certificate', 'sponsors', 'contacts', 'admins']) {
      await page.goto(`/app/org/orgProfile?tab=${tab}`);
      await settled(page);
      expect(await latinOnPage(page), tab).toEqual([]);
    }
    // A report of figures, dates and money.
    await page.goto('/app/org/reports/esign');
    await settled(page);
    await page.getByRole('grid').getByRole('row').nth(1).waitFor();
    expect(await latinOnPage(page), 'eSign counter report').toEqual([]);
    // What the organization bought, and what it can buy.
    for (const path of [
      '/app/org/buy/esign/plans',
      '/app/org/buy/esign/plans/buycounter',
      '/app/org/buy/role/plans/buyOrgPlan',
      '/app/org/purchase/special/plan',
      '/app/org/purchase/special/plan/buyspecialplan',
      '/app/org/purchase/requests',
      // What the L1 provider handed its L2 providers, and who applies to be one.
      '/app/org/reports/stock',
      '/app/org/buy/role/l2/counter',
      '/app/org/buy/role/l2/counter/create',
      '/app/org/buy/esign/plans/sipBuyCounter',
      '/app/org/approval/ltwo',
    ]) {
      await page.goto(path);
      await settled(page);
      expect(await latinOnPage(page), path).toEqual([]);
    }
  }, 120_000);
});
