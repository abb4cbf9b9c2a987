/**
 * The provider hierarchy (issue 16) against the real server and its seeded world, in Chromium:
 * an Enrolment Admin of an organization of the L1 provider 408 approves the pending L2 provider
 * Taif Signing House; its admin signs in and works in it; the L1 allocates it eSign stock — more
 * than is left refused, nothing changed — and role counters, and the reports and their files show
 * what was handed over; then buys eSign counters for it at the gateway, which become its stock.
 */
import { describe, expect, it } from 'vitest';
import { exportedFile, nationalIdOf, openPage, signInWithNafath } from './browser.js';

/** A figure as the English pages write it (1,000), from a cell's text. */
const figure = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
/** The first figure in a text (a card's value before its hint's figures). */
const firstFigure = (text: string | null) => figure(/\d[\d,]*/.exec(text ?? '')?.[0] ?? null);

describe('the provider hierarchy', () => {
  it('approves an L2 provider, whose admin signs in; allocates it stock and role counters, and the reports agree', async () => {
    // An Enrolment Admin of 314 (under the L1 408) who signs in through the identity app.
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithNafath(page, nationalIdOf('231400000'));
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    await page.goto('/app/org/approval/ltwo');
    await page.getByRole('heading', { level: 1, name: 'L2 provider requests' }).waitFor();
    const requests = page.getByRole('grid', { name: 'L2 provider requests' });
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
    await page.goto('/app/org/reports/stock');
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
    // Both sides' dashboards say the same: the L1's stock left, what Taif received and from whom.
    await page.goto('/app/org/dashboard');
    const l1 = page.getByRole('region', { name: 'Your provider: Tawqi Trust Services' });
    await expect
      .poll(async () =>
        figure(await l1.getByRole('region', { name: 'eSign stock left' }).textContent()),
      )
      .toBe(left - 1000);
    await nawaf.page.goto('/app/org/dashboard');
    const l2 = nawaf.page.getByRole('region', { name: 'Your provider: Taif Signing House' });
    await expect
      .poll(async () =>
        figure(
          await l2
            .getByRole('region', { name: 'Received from Tawqi Trust Services' })
            .textContent(),
        ),
      )
      .toBe(1000);
    await page.goto('/app/org/reports/stock');
    await report.getByRole('row').nth(1).waitFor();
    const file = await exportedFile(page, 'Export to Excel');
    expect(file.fileName).toBe('L2_Stock_Allocation_Reports.xlsx');
    expect(file.column('L2 provider')[0]).toBe('Taif Signing House');
    expect(file.column('Allocated').map(Number)[0]).toBe(1000);

    // Role counters, on their own page; the list then shows what Taif was given and holds.
    await page.goto('/app/org/buy/role/l2/counter/create');
    await page.getByRole('button', { name: /L2 provider/ }).click();
    await page.getByRole('option', { name: 'Taif Signing House' }).click();
    await page.getByRole('textbox', { name: /Enrolment Admin/ }).fill('2');
    await page.getByRole('textbox', { name: /Authorized Signatory/ }).fill('5');
    await page.getByRole('button', { name: 'Allocate', exact: true }).click();
    await page.waitForURL('**/app/org/buy/role/l2/counter');
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
    await page.goto('/app/org/reports/stock');
    await page.getByRole('link', { name: 'Buy eSign counters for an L2 provider' }).click();
    await page.waitForURL('**/app/org/buy/esign/plans/sipBuyCounter');
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
    await page.waitForURL('**/app/org/paymentStatus?payment=*');
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    await nawaf.page.goto('/app/org/dashboard');
    await expect
      .poll(async () =>
        firstFigure(await l2.getByRole('region', { name: 'eSign stock held' }).textContent()),
      )
      .toBe(1500);
    await page.goto('/app/org/dashboard');
    await expect
      .poll(async () =>
        figure(await l1.getByRole('region', { name: 'eSign stock left' }).textContent()),
      )
      .toBe(left - 1000);
    expect([...errors, ...nawaf.errors]).toEqual([]);
  });
});
