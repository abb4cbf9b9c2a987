/**
 * Every paid order's tax documents as the buyer receives them (issue 38): the server's PDF, read
 * as a relying party reads it, with poppler: rendered to an image (not blank) and its text layer
 * (the seller's VAT number, the invoice's number and amounts). A person's, an organization's,
 * and the credit note of a refund.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPANY } from '@tawqi/domain';
import { describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';
import { freshOrganization, freshPerson, type FreshPerson } from './world.js';

const h = await startHarness();
const buyer = await freshPerson(h);
const person = (await h.signIn(buyer.nationalId)).token;
const organization = await freshOrganization(h);
const admin = (await h.signIn((organization.members[0] as FreshPerson).nationalId)).token;
const orgSlno = String(organization.orgSlno);
const get = (token: string, path: string, language = 'en') =>
  h.call('GET', path, { token, language });

/** What poppler reads in a PDF: its text, and how much of its first page is inked. */
function readPdf(bytes: Buffer): { text: string; inked: number } {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  const file = join(dir, 'invoice.pdf');
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  execFileSync('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', file, join(dir, 'page')]);
  // A binary PGM: "P5\n<width> <height>\n255\n" then one byte a pixel.
  const image = readFileSync(join(dir, 'page-1.pgm'));
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/u.exec(image.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a PGM');
  const pixels = image.subarray(header[0].length);
  const inked = pixels.filter((value) => value < 128).length / pixels.length;
  return { text, inked };
}

async function paidPlanOrder(): Promise<string> {
  const order = await h.call('POST', '/api/v1/esign/my/plans/buy', {
    token: person,
    body: { productPricingDetailsSlno: 2, quantity: 1 },
    headers: { 'idempotency-key': `invoice-${String(Date.now())}` },
  });
  expect(order.status).toBe(200);
  await h.gatewaySimulator.decide(String(order.body.paymentUrl).split('/').at(-1) as string, 'pay');
  await expect
    .poll(
      async () =>
        (await get(person, `/api/v1/esign/my/payment/receipt/${order.body.encodedOrderSlno}`))
          .status,
    )
    .toBe(200);
  return order.body.encodedOrderSlno as string;
}

describe('tax documents as PDFs', () => {
  it('gives a person’s paid order an invoice that prints: inked, with the VAT number and amounts in its text', async () => {
    const encoded = await paidPlanOrder();
    const invoice = (await get(person, `/api/v1/esign/my/payment/receipt/${encoded}`)).body;
    const pdf = await get(person, `/api/v1/esign/my/payment/receipt/${encoded}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(
      `${String(invoice.invoiceNumber)}.pdf`,
    );
    const { text, inked } = readPdf(pdf.raw);
    expect(inked).toBeGreaterThan(0.01);
    expect(text).toContain(COMPANY.vatNumber);
    expect(text).toContain(invoice.invoiceNumber);
    // pdftotext reads this line right to left and moves a neutral at either end of the reference
    // (a random id may end in "_" or "-") to its other side: the letters between are the check.
    expect(text).toContain(encoded.replace(/^[-_]+|[-_]+$/gu, ''));
    expect(text).toContain(buyer.name);
    for (const amount of [invoice.amountWithoutTax, invoice.tax, invoice.amount])
      expect(text).toContain((amount as number).toFixed(2));
    // Arabic as letters, not boxes: the title is in the text layer.
    expect(text).toContain('فاتورة');
    // No credit note for an order not refunded; nobody else's order.
    expect(
      (await get(person, `/api/v1/esign/my/payment/receipt/${encoded}/pdf?document=creditNote`))
        .status,
    ).toBe(404);
    expect((await get(admin, `/api/v1/esign/my/payment/receipt/${encoded}/pdf`)).status).toBe(404);
  });

  it('issues a credit note once the payment that settled the order is refunded', async () => {
    const encoded = await paidPlanOrder();
    // The gateway reported the refund (settlement marks the settled payment refunded).
    await h.ownerPool.query(
      `UPDATE payments SET status = 'refunded', updated_at = now()
        WHERE payment_slno = (SELECT settled_payment_slno FROM orders WHERE encoded_id = $1)`,
      [encoded],
    );
    const invoice = (await get(person, `/api/v1/esign/my/payment/receipt/${encoded}`)).body;
    expect(invoice.creditNote?.number).toMatch(/^CRN-\d{4}-\d{6}$/);
    const pdf = await get(
      person,
      `/api/v1/esign/my/payment/receipt/${encoded}/pdf?document=creditNote`,
    );
    expect(pdf.status).toBe(200);
    const { text, inked } = readPdf(pdf.raw);
    expect(inked).toBeGreaterThan(0.01);
    expect(text).toContain('Credit note');
    expect(text).toContain(invoice.creditNote.number);
    // It names the invoice it refunds.
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain((invoice.amount as number).toFixed(2));
  });

  it('lists an organization’s paid orders with an invoice each, in the caller’s language', async () => {
    const list = await get(admin, `/api/v1/org/invoices?orgSlno=${orgSlno}`);
    expect(list.status).toBe(200);
    expect(list.body.dataList.length).toBeGreaterThan(0);
    const [first] = list.body.dataList;
    expect(first.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(first.description).not.toBe('');
    const arabic = await get(admin, `/api/v1/org/invoices?orgSlno=${orgSlno}`, 'ar');
    expect(arabic.body.dataList[0].description).toMatch(/[\u0600-\u06FF]/u);

    const invoice = await get(
      admin,
      `/api/v1/org/invoices/${first.encodedOrderSlno}?orgSlno=${orgSlno}`,
    );
    expect(invoice.body).toMatchObject({
      buyerNameEnglish: `Test Company ${orgSlno}`,
      buyerNameArabic: `شركة الاختبار ${orgSlno}`,
      amount: first.amount,
    });
    const pdf = await get(
      admin,
      `/api/v1/org/invoices/${first.encodedOrderSlno}/pdf?orgSlno=${orgSlno}`,
    );
    expect(pdf.status).toBe(200);
    const { text, inked } = readPdf(pdf.raw);
    expect(inked).toBeGreaterThan(0.01);
    expect(text).toContain(COMPANY.vatNumber);
    expect(text).toContain(`Test Company ${orgSlno}`);
    expect(text).toContain(
      (first.amount as number).toLocaleString('en-US', { minimumFractionDigits: 2 }),
    );
  });
});
