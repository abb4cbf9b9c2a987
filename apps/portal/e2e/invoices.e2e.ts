/**
 * Tax invoices as a buyer meets them (issue 38, item 2), in Chromium against the real server: a
 * person's, read on a phone in Arabic (labels in both languages, never a translation key, no
 * figure cut off), printed from the page (the invoice on paper, not blank pages) and downloaded
 * as the server's PDF; and an organization's, which had none. The PDFs are read with poppler.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import {
  nationalIdOf,
  newIndividual,
  openPage,
  orderStarter,
  overflow,
  signInWithNafath,
  reviewShot,
} from './browser.js';

const VAT_NUMBER = '310123456700003';
const PHONE = { width: 360, height: 740 };

/** A PDF's text as poppler reads it. */
function pdfText(bytes: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'printed-')), 'file.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/**
 * Whether poppler's text holds `id` (an order reference: letters, digits, '_' and '-'). On an
 * Arabic page poppler orders each line right to left itself, and a '_' or '-' at the id's end, a
 * neutral character, may land on its other side: "ord_drQYiV3GZBz2qJn_" was read as
 * "_ord_drQYiV3GZBz2qJn" once in CI. The page keeps it in order (isolated, left to right, in a
 * <bdi>); the reference compared is the page's own text.
 */
function holdsId(text: string, id: string): boolean {
  const plain = text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '');
  const core = id.replace(/^[-_]+|[-_]+$/gu, '');
  // The '_' and '-' at its ends, in any order (ASCII: one character each).
  const neutrals = (run: string) => run.replace(core, '').split('').sort().join('');
  const ends = neutrals(id);
  return [...plain.matchAll(/[-_]*[A-Za-z0-9][-_A-Za-z0-9]*[A-Za-z0-9][-_]*/gu)].some(
    ([run]) => run.replace(/^[-_]+|[-_]+$/gu, '') === core && neutrals(run) === ends,
  );
}

async function downloaded(page: Page, press: () => Promise<void>): Promise<Download> {
  const download = page.waitForEvent('download');
  await press();
  return download;
}

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('tax invoices', () => {
  it('shows a person’s invoice on a phone in Arabic, prints it, and downloads its PDF', async () => {
    const { page, errors } = await newIndividual();
    await orderStarter(page);
    await page.getByRole('button', { name: 'ادفع / Pay' }).click();
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    const reference =
      (await page.locator('dt:text-is("Reference") + dd').textContent())?.trim() ?? '';
    expect(reference).not.toBe('');

    await page.setViewportSize(PHONE);
    await page.goto('/app/my/esign/subscriptions?tab=payments&lng=ar');
    await page.getByRole('button', { name: `الفاتورة الضريبية للطلب ${reference}` }).click();
    const invoice = page.getByRole('dialog', { name: 'فاتورة ضريبية مبسطة' });
    await invoice.getByText(VAT_NUMBER).waitFor();
    const text = (await invoice.textContent()) ?? '';
    // Both languages' labels, whichever language the page loaded; never a key.
    expect(text).toContain('الرقم الضريبي / VAT number');
    expect(text).toContain('الإجمالي مع الضريبة / Total with VAT');
    expect(text).not.toMatch(/receipt\.|labels\./u);
    expect(text).toContain('١١٣٫٨٥');
    // Nothing wider than the phone, and no figure cut off in its cell.
    expect(await overflow(page)).toBe(0);
    const clipped = await invoice.evaluate((dialog) =>
      [...dialog.querySelectorAll('td, th, dd, dt')]
        .filter(
          (cell) =>
            cell.scrollWidth > cell.clientWidth + 1 ||
            cell.getBoundingClientRect().right > window.innerWidth + 0.5 ||
            cell.getBoundingClientRect().left < -0.5,
        )
        .map((cell) => cell.textContent),
    );
    expect(clipped).toEqual([]);
    await reviewShot(page, 'invoice-360-ar');

    // Printing the page prints the invoice: its figures on paper, not the page around it.
    const printed = pdfText(await page.pdf({ format: 'A4', printBackground: true }));
    expect(printed).toContain(VAT_NUMBER);
    expect(holdsId(printed, reference), printed).toBe(true);
    expect(printed).not.toContain('إغلاق');
    expect(printed).not.toContain('طباعة');

    // The server's PDF: the same invoice, its amounts in its text layer.
    const pdf = await downloaded(page, () =>
      invoice.getByRole('button', { name: 'تنزيل PDF' }).click(),
    );
    expect(pdf.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/u);
    const serverText = pdfText(await bytesOf(pdf));
    expect(serverText).toContain(VAT_NUMBER);
    expect(serverText).toContain('113.85');
    expect(holdsId(serverText, reference), serverText).toBe(true);
    expect(errors).toEqual([]);
  });

  it('gives an organization its invoices, each with the server’s PDF', async () => {
    // An Authorized Signatory of 314, who buys for it (not Sara: the identity app allows each
    // person three asks, and other files sign her in).
    const { page, errors } = await openPage('/app/login?lng=en');
    await signInWithNafath(page, nationalIdOf('231400001'));
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/app/org/buy/esign/plans');
    // Found from the buying pages.
    await page
      .getByRole('navigation', { name: 'Buying' })
      .getByRole('link', { name: 'Tax invoices' })
      .click();
    await page.waitForURL('**/app/org/purchase/invoices');
    const show = page.getByRole('button', { name: /^Show tax invoice INV-/u }).first();
    await show.waitFor();
    await show.click();
    const invoice = page.getByRole('dialog', { name: 'Simplified tax invoice' });
    await invoice.getByText(VAT_NUMBER).waitFor();
    expect(await invoice.textContent()).toContain('Riyadh Trading Company');
    const pdf = await downloaded(page, () =>
      invoice.getByRole('button', { name: 'Download PDF' }).click(),
    );
    const serverText = pdfText(await bytesOf(pdf));
    expect(serverText).toContain(VAT_NUMBER);
    expect(serverText).toContain('Riyadh Trading Company');
    expect(errors).toEqual([]);
  });
});
