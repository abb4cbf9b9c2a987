/**
 * The public site a buyer reads (issue 12): buying a plan from the pricing page opens that plan
 * once signed in, and the legal footer (company numbers, subscriber agreement, privacy notice) is
 * on every kind of page without a route of its own.
 */
import { describe, expect, it } from 'vitest';
import { MOHAMMED, openPage, signInWithNafath } from './browser.js';

describe('the public site', () => {
  it('opens the plan chosen on the pricing page after signing in', async () => {
    const { page, errors } = await openPage('/plans-pricing?lng=en');
    await page.getByRole('button', { name: 'Buy Business' }).click();
    await page.waitForURL('**/app/login**');
    await signInWithNafath(page, MOHAMMED);
    const dialog = page.getByRole('dialog', { name: 'Buy Business' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Quantity: Business').inputValue()).toBe('1');
    // The app's pages have the legal footer too.
    expect(await page.getByRole('button', { name: 'Privacy notice' }).count()).toBe(1);
    // The choice is not kept in the address: going back there does not open it again.
    await page.waitForURL((url) => url.pathname === '/app/my/esign/buy/plans' && !url.search);
    expect(errors).toEqual([]);
  });

  it('shows the company’s numbers and the legal documents on public, sign-in and app pages', async () => {
    for (const path of ['/?lng=en', '/app/login?lng=en', '/organization?lng=en']) {
      const { page, context } = await openPage(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const footer = page.locator('footer');
      expect(await footer.textContent()).toContain('Commercial registration 1010123456');
      expect(await footer.textContent()).toContain('VAT number 310123456700003');
      await footer.getByRole('button', { name: 'Privacy notice' }).click();
      const dialog = page.getByRole('dialog', { name: 'Privacy notice' });
      await dialog.getByRole('heading', { name: 'Your rights' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    }
  });

  it('says plainly what is not built yet', async () => {
    const { page } = await openPage('/digital-certificate?lng=en');
    await page.getByText(/Digital signature certificates are coming soon/).waitFor();
    await page.goto('/organization?lng=ar');
    await page.getByText(/حسابات المنشآت قادمة قريبًا/).waitFor();
  });
});
