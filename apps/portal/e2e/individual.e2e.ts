/**
 * The individual area against the real server (issue 7): buying a plan through the payment
 * gateway's simulator, a declined payment checked again and paid again, transactions with their
 * documents, the export matching the grid, and every /app/my route in both languages.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  MY_ROUTES,
  exportedFile,
  newIndividual,
  openPage,
  orderStarter,
  signInWithCode,
} from './browser.js';

const LOCALES = fileURLToPath(new URL('../public/locales/en/', import.meta.url));

/** Every key of the portal's English translations ("transactions.title", …). */
const TRANSLATION_KEYS = readdirSync(LOCALES).flatMap((file) =>
  keysOf(JSON.parse(readFileSync(join(LOCALES, file), 'utf8')) as Record<string, unknown>),
);

function keysOf(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : prefix
        ? [`${prefix}${key}`.replace(/_(?:zero|one|two|few|many|other)$/u, '')]
        : [],
  );
}

/** Every route of the individual area (SPEC §2), with the query each screen reads. */

describe('the individual area', () => {
  it('buys a plan through the payment gateway and sees it under purchased plans with its balance', async () => {
    const { page, errors } = await newIndividual();
    await orderStarter(page);
    await page.getByRole('button', { name: 'ادفع / Pay' }).click();
    await page.waitForURL('**/app/my/paymentStatus?payment=*');
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    await page.getByRole('link', { name: 'See my plans' }).click();
    await page.waitForURL('**/app/my/esign/subscriptions?tab=purchased');
    const grid = page.getByRole('grid', { name: 'Purchased plans' });
    const row = grid.getByRole('row').filter({ hasText: 'Starter' });
    await expect.poll(() => row.count()).toBe(1);
    // 10 transactions, none used, 10 left (the plan's name is the row header).
    await expect.poll(() => row.getByRole('gridcell').nth(0).allTextContents()).toEqual(['10']);
    await expect.poll(() => row.getByRole('gridcell').nth(2).allTextContents()).toEqual(['10']);
    // The plan counts on the dashboard too, beside the welcome pack every newcomer gets (5).
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Plan balance' }).textContent())
      .toBe('Plan balance150 of 15 transactions used');
    expect(errors).toEqual([]);
  });

  it('shows a declined payment, checks it again with the gateway, and pays it again', async () => {
    const { page, errors } = await newIndividual();
    await orderStarter(page);
    await page.getByRole('button', { name: 'رفض البطاقة / Decline' }).click();
    await page.waitForURL('**/app/my/paymentStatus?payment=*');
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    // The payment history has it, failed, with its actions.
    await page.getByRole('link', { name: 'Payment history' }).click();
    const history = page.getByRole('grid', { name: 'Payment history' });
    await expect
      .poll(() => history.getByRole('row').filter({ hasText: 'Payment failure' }).count())
      .toBe(1);
    await history.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL('**/simulators/gateway/pay/**');
    await page.getByRole('button', { name: 'ادفع / Pay' }).click();
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    // The order's reference, the one the history shows too.
    const reference =
      (await page.locator('dt:text-is("Reference") + dd').textContent())?.trim() ?? '';
    expect(reference).not.toBe('');

    // One row for the order, paid, with both attempts inside and its tax invoice.
    await page.goto('/app/my/esign/subscriptions?tab=payments');
    const rows = history.getByRole('row').filter({ hasText: reference });
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.getByText('Success').count()).toBe(1);
    expect(await rows.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
    await rows.getByRole('button', { name: 'Show details' }).click();
    await expect
      .poll(() => history.getByRole('listitem').allTextContents())
      .toEqual([expect.stringContaining('Success'), expect.stringContaining('Payment failure')]);
    await rows.getByRole('button', { name: `Tax invoice of order ${reference}` }).click();
    const invoice = page.getByRole('dialog', { name: 'Simplified tax invoice' });
    await invoice.getByText('310123456700003').waitFor();
    await invoice.getByRole('img', { name: 'QR code of the tax invoice (ZATCA)' }).waitFor();
    expect(await invoice.textContent()).toContain('113.85');
    expect(errors).toEqual([]);
  });

  it('finds a transaction and lists its documents', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'sara');
    await page.waitForURL('**/app/org/dashboard');
    await page.goto('/app/my/esign/transactions');
    await page
      .getByRole('searchbox', { name: 'Search by transaction ID or originator' })
      .fill('ES-2026000102');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/app/my/esign/transactions?q=ES-2026000102');
    const grid = page.getByRole('grid', { name: 'My transactions' });
    await expect.poll(() => grid.getByRole('row').count()).toBe(2);
    await grid.getByRole('button', { name: 'Show details' }).click();
    const documents = page.getByRole('list', { name: 'Documents of ES-2026000102' });
    await expect
      .poll(() => documents.getByRole('listitem').allTextContents())
      .toEqual([
        '1. Employment contract.pdf',
        '2. عقد إيجار.pdf',
        '3. Purchase order 2026-114.pdf',
      ]);
    // The transaction's own page, from its link.
    await grid.getByRole('link', { name: 'ES-2026000102' }).click();
    await page.waitForURL('**/app/my/esigntransaction-status?transactionID=ES-2026000102');
    await page.getByRole('heading', { name: '3 documents' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('exports the filtered transactions to an .xlsx whose rows match the grid, in Arabic', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'sara');
    await page.waitForURL('**/app/org/dashboard');
    await page.goto('/app/my/esign/transactions?status=failed&lng=ar');
    const grid = page.getByRole('grid', { name: 'عملياتي' });
    // Sara's six failed transactions: one page.
    await expect.poll(() => grid.getByRole('row').count()).toBe(7);
    const shown = await grid
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelector('a')?.textContent ?? ''));
    const file = await exportedFile(page, 'تصدير إلى Excel');
    expect(file.fileName).toBe('ESign_Transactions.xlsx');
    const ids = file.column('رقم العملية');
    const statuses = file.column('الحالة');
    expect(ids).toEqual(shown);
    expect(new Set(statuses)).toEqual(new Set(['فاشلة']));
    expect(errors).toEqual([]);
  });

  // One sign-in for both languages: an account receives five codes an hour, and a run uses Sara's.
  it('renders every /app/my route without console errors, in English and Arabic', async () => {
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithCode(page, 'sara');
    await page.waitForURL('**/app/org/dashboard');
    for (const language of ['en', 'ar'] as const)
      for (const route of MY_ROUTES) {
        const separator = route.includes('?') ? '&' : '?';
        await page.goto(`/app/my${route}${separator}lng=${language}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          language === 'ar' ? 'rtl' : 'ltr',
        );
        // Nothing left loading, and no translation key shown in place of its text.
        await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
        const content = (await page.getByRole('main').textContent()) ?? '';
        expect(
          TRANSLATION_KEYS.filter((key) => content.includes(key)),
          `${language} ${route}`,
        ).toEqual([]);
      }
    expect(errors).toEqual([]);
  });
});
