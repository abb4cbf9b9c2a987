/**
 * The provider hierarchy (issue 16) against the real server and its seeded world, in Chromium,
 * operated by the provider's own staff (issue 36): Nada, Provider Admin of the L1 408, approves
 * the pending L2 provider Taif Signing House; its admin signs in and works in it, and is its
 * staff; the L1 allocates it eSign stock — more than is left refused, nothing changed — and role
 * counters, and the reports and their files show what was handed over; then buys eSign counters
 * for it at the gateway, which become its stock. A customer's admin finds no provider page; a
 * person who is both switches between them; the area fits a phone.
 */
import { PROVIDER_ROUTES } from '@tawqi/domain';
import { describe, expect, it } from 'vitest';
import {
  MAJED,
  NADA,
  exportedFile,
  nationalIdOf,
  openPage,
  signInWithCode,
  signInWithNafath,
  overflow,
} from './browser.js';

/** A figure as the English pages write it (1,000), from a cell's text. */
const figure = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
/** The first figure in a text (a card's value before its hint's figures). */
const firstFigure = (text: string | null) => figure(/\d[\d,]*/.exec(text ?? '')?.[0] ?? null);

describe('the provider hierarchy', () => {
  it('approves an L2 provider, whose admin signs in; allocates it stock and role counters, and the reports agree', async () => {
    // The L1's Provider Admin signs in through the identity app and lands on her provider's home.
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithNafath(page, NADA);
    await page.waitForURL('**/app/provider');
    await page.getByRole('heading', { level: 1, name: 'Tawqi Trust Services' }).waitFor();

    await page.goto('/app/provider/approval/ltwo');
    await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    const requests = page.getByRole('grid', { name: 'Applications' });
    const taif = requests.getByRole('row').filter({ hasText: 'Taif Signing House' }).first();
    await taif.getByRole('button', { name: 'Show details' }).click();
    // The organization behind it, and the documents it applied with.
    await requests.getByText('7001300350').waitFor();
    await requests.getByText('commercial registration.pdf').waitFor();
    await requests.getByRole('button', { name: 'Approve Taif Signing House' }).click();
    await page.getByText('Approved: the provider is active and its admins can sign in.').waitFor();
    await expect.poll(() => taif.textContent()).toContain('Approved');

    // Its admin signs in and works in the provider's organization.
    const nawaf = await openPage('/app/login?lng=en');
    await signInWithNafath(nawaf.page, nationalIdOf('100000020'));
    await nawaf.page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await nawaf.page.goto('/app/org/orgProfile');
    await nawaf.page.getByText('Application sponsor: Faisal Al-Qurashi').waitFor();
    await nawaf.page.locator('main').getByText('Taif Signing House').first().waitFor();

    // Stock: more than the L1 has left is refused and changes nothing; within it, allocated.
    await page.goto('/app/provider/reports/stock');
    const report = page.getByRole('grid', { name: 'L2 stock allocation' });
    await expect.poll(() => report.getByRole('row').count()).toBeGreaterThan(1);
    const rowsBefore = await report.getByRole('row').count();
    await page.getByRole('button', { name: /L2 provider/ }).click();
    await page.getByRole('option', { name: 'Taif Signing House' }).click();
    const counters = page.getByRole('textbox', { name: /eSign counters/ });
    const leftText = await page.getByText(/^Left to allocate: /).textContent();
    const left = figure(leftText);
    expect(left).toBeGreaterThan(1000);
    await counters.fill(String(left + 1));
    await page.getByRole('button', { name: 'Allocate', exact: true }).click();
    await page.getByText(`At most ${left.toLocaleString('en')}.`).waitFor();
    expect(await report.getByRole('row').count()).toBe(rowsBefore);
    await counters.fill('1000');
    await page.getByRole('button', { name: 'Allocate', exact: true }).click();
    await page.getByText('eSign counters allocated to Taif Signing House: 1,000.').waitFor();
    const newest = report.getByRole('row').nth(1);
    await expect.poll(() => newest.textContent()).toContain('Taif Signing House');
    const cells = await newest.getByRole('gridcell').allTextContents();
    // Before, allocated, after: the L1's stock of that moment, adding up.
    const [before, allocated, after] = cells.slice(0, 3).map(figure);
    expect([before, allocated, after]).toEqual([left, 1000, left - 1000]);
    // Both providers' homes say the same: the L1's stock left, what Taif received and from whom.
    await page.goto('/app/provider');
    const l1 = page.getByRole('region', { name: 'Tawqi Trust Services in figures' });
    await expect
      .poll(async () =>
        figure(await l1.getByRole('region', { name: 'eSign stock left' }).textContent()),
      )
      .toBe(left - 1000);
    await nawaf.page.goto('/app/provider');
    const l2 = nawaf.page.getByRole('region', { name: 'Taif Signing House in figures' });
    await expect
      .poll(async () =>
        figure(
          await l2
            .getByRole('region', { name: 'Received from Tawqi Trust Services' })
            .textContent(),
        ),
      )
      .toBe(1000);
    await page.goto('/app/provider/reports/stock');
    await report.getByRole('row').nth(1).waitFor();
    const file = await exportedFile(page, 'Export to Excel');
    expect(file.fileName).toBe('L2_Stock_Allocation_Reports.xlsx');
    expect(file.column('L2 provider')[0]).toBe('Taif Signing House');
    expect(file.column('Allocated').map(Number)[0]).toBe(1000);

    // Role counters, on their own page; the list then shows what Taif was given and holds.
    await page.goto('/app/provider/buy/role/l2/counter/create');
    await page.getByRole('button', { name: /L2 provider/ }).click();
    await page.getByRole('option', { name: 'Taif Signing House' }).click();
    await page.getByRole('textbox', { name: /Enrolment Admin/ }).fill('2');
    await page.getByRole('textbox', { name: /Authorized Signatory/ }).fill('5');
    await page.getByRole('button', { name: 'Allocate', exact: true }).click();
    await page.waitForURL('**/app/provider/buy/role/l2/counter');
    const list = page.getByRole('grid', { name: 'L2 role counter allocation' });
    const given = list.getByRole('row').filter({ hasText: 'Taif Signing House' });
    await given.waitFor();
    // Organization User (0, 0), Enrolment Admin (2, 2), Authorized Signatory (5, 5).
    expect((await given.getByRole('gridcell').allTextContents()).map(figure)).toEqual([
      0, 0, 2, 2, 5, 5,
    ]);
    const roles = await exportedFile(page, 'Export to Excel');
    expect(roles.fileName).toBe('L2_Organization_Role_Plan_Allocation_Reports.xlsx');
    const names = roles.column('L2 provider');
    expect(roles.column('Enrolment Admin: allocated')[names.indexOf('Taif Signing House')]).toBe(
      '2',
    );

    // eSign counters bought for Taif at the gateway: Taif's stock, not out of the L1's.
    await page.goto('/app/provider/reports/stock');
    await page.getByRole('link', { name: 'Buy eSign counters for an L2 provider' }).click();
    await page.waitForURL('**/app/provider/buy/esign/plans/sipBuyCounter');
    await page.getByRole('button', { name: /L2 provider/ }).click();
    await page.getByRole('option', { name: 'Taif Signing House' }).click();
    await page.getByRole('button', { name: 'Choose quantities' }).click();
    const dialog = page.getByRole('dialog', { name: 'eSign counters for Taif Signing House' });
    const quantity = dialog.getByRole('textbox', { name: 'Quantity: 500 eSign counters' });
    await quantity.fill('1');
    await quantity.press('Tab');
    await dialog.getByRole('button', { name: 'Go to payment' }).click();
    await page.waitForURL('**/simulators/gateway/pay/**');
    await page.getByRole('button', { name: 'ادفع / Pay' }).click();
    await page.waitForURL('**/app/provider/paymentStatus?payment=*');
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    await nawaf.page.goto('/app/provider');
    await expect
      .poll(async () =>
        firstFigure(await l2.getByRole('region', { name: 'eSign stock held' }).textContent()),
      )
      .toBe(1500);
    await page.goto('/app/provider');
    await expect
      .poll(async () =>
        figure(await l1.getByRole('region', { name: 'eSign stock left' }).textContent()),
      )
      .toBe(left - 1000);
    expect([...errors, ...nawaf.errors]).toEqual([]);
  });

  it('is no customer’s: an admin of 314 is told the provider’s pages are its staff’s', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithNafath(page, MAJED);
    await page.waitForURL('**/app/org/dashboard');
    // The spec's address of the L2 requests leads to the provider area, which is not his.
    await page.goto('/app/org/approval/ltwo');
    await page.waitForURL('**/app/provider/approval/ltwo');
    await page.getByRole('heading', { level: 1, name: 'You don’t have access to this' }).waitFor();
    await page.getByText(/you are not on one/).waitFor();
    expect(await page.getByRole('navigation').getByText('Service provider').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('tells an L2 customer’s Enrolment Admin why, not to ask an Enrolment Admin for a role', async () => {
    // Huda: Enrolment Admin of 331, a customer of L2 511 (issue 38: her text was wrong for her).
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithNafath(page, nationalIdOf('100000014'));
    await page.waitForURL('**/app/org/**');
    for (const address of ['/app/org/approval/ltwo', '/app/org/reports/stock']) {
      await page.goto(address);
      await page.waitForURL('**/app/provider/**');
      await page.getByText(/you are not on one/).waitFor();
      expect(await page.getByText(/can change your role/).count()).toBe(0);
    }
    expect(errors).toEqual([]);
  });

  it('switches a person who is both staff and a customer’s admin between the two', async () => {
    // Fahad: Enrolment Admin of 330 and Provider Admin of its L1, 410.
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'fahad');
    await page.waitForURL('**/app/org/dashboard');
    const switcher = page.getByRole('button', { name: /Active organization/ });
    await switcher.click();
    await page.getByRole('option', { name: 'Eastern Trust Center (provider staff)' }).click();
    await page.waitForURL('**/app/provider');
    await page.getByRole('heading', { level: 1, name: 'Eastern Trust Center' }).waitFor();
    await page.getByText('You work here as Provider Admin.').waitFor();
    await switcher.click();
    await page.getByRole('option', { name: 'Eastern Industries' }).click();
    await page.waitForURL('**/app/org');
    await page.getByText('Eastern Industries').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('fits a phone', async () => {
    const { page } = await openPage('/app/login?lng=en', { width: 360, height: 780 });
    await signInWithCode(page, 'nada');
    await page.waitForURL('**/app/provider');
    for (const route of PROVIDER_ROUTES.filter((path) => !path.endsWith('paymentStatus')))
      for (const language of ['ar', 'en']) {
        const path = `${route}?lng=${language}`;
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
        expect(await overflow(page), path).toBe(0);
      }
  });
});
