/**
 * Every paid order's tax documents: a bilingual simplified tax invoice, issued
 * when the order was paid (fulfilled: at the gateway's settlement or at its provider's confirmation
 * of a bank transfer), numbered after the order; and a credit note when the payment that settled it
 * was refunded. A person's, an organization's (with the registration fee of the application it
 * came from) and a provider's orders alike; payments knows no product: an order's lines, or the
 * item written on it when it was placed, say what it bought.
 */
import { COMPANY, toSar, type Language } from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';
import { requireCaller, type Caller, type Handlers } from '../../http/contractRoutes.js';
import { FileAnswer } from '../../http/download.js';
import { AppError } from '../../http/errors.js';
import { organizationOf, providerOf, type TenantContext } from '../access/tenancy.js';
import { simplifiedInvoiceQr } from './invoiceQr.js';
import { OWNED_BY, PAID_ORDERS, type InvoiceOwner } from '../access/paidOrders.js';
import { taxDocumentPdf, type TaxDocumentKind } from './invoicePdf.js';

export type { InvoiceOwner };

function ownerSlno(owner: InvoiceOwner): number {
  return owner.kind === 'person'
    ? owner.userSlno
    : owner.kind === 'organization'
      ? owner.orgSlno
      : owner.sipSlno;
}

interface PaidOrderRow {
  order_slno: number;
  encoded_id: string;
  quantity: number;
  price_halalas: string;
  tax_halalas: string;
  total_halalas: string;
  fulfilled_at: Date;
  item_en: string | null;
  item_ar: string | null;
  buyer_en: string;
  buyer_ar: string;
  /** When the payment that settled the order was refunded (its credit note's date). */
  refunded_at: Date | null;
}

const PAID_ORDER_COLUMNS = `o.order_slno, o.encoded_id, o.quantity, o.price_halalas, o.tax_halalas,
  o.total_halalas, o.fulfilled_at, o.item_en, o.item_ar,
  COALESCE(u.full_name_en, org.name_en, sp.name_en, applicant.name_en, '') AS buyer_en,
  COALESCE(u.full_name_ar, org.name_ar, sp.name_ar, applicant.name_ar, '') AS buyer_ar,
  CASE WHEN pay.status = 'refunded' THEN pay.updated_at END AS refunded_at`;

/** A document's number: the order's, in the year it was issued ("INV-2026-000123"). */
function documentNumber(kind: TaxDocumentKind, issuedAt: Date, orderSlno: number): string {
  const prefix = kind === 'invoice' ? 'INV' : 'CRN';
  return `${prefix}-${String(issuedAt.getUTCFullYear())}-${String(orderSlno).padStart(6, '0')}`;
}

/** ISO 8601 in UTC without milliseconds, as ZATCA's QR writes the time. */
function zatcaTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function qrOf(at: Date, totalHalalas: number, taxHalalas: number): string {
  return simplifiedInvoiceQr({
    sellerName: COMPANY.legalName.ar,
    vatNumber: COMPANY.vatNumber,
    issuedAt: zatcaTime(at),
    totalHalalas,
    vatHalalas: taxHalalas,
  });
}

/** One order's tax invoice (and credit note), if the owner's and paid; otherwise not found. */
export async function taxInvoiceOf(db: Queryable, owner: InvoiceOwner, encodedOrder: string) {
  const [order] = (
    await db.query<PaidOrderRow>(
      `SELECT ${PAID_ORDER_COLUMNS} ${PAID_ORDERS} AND ${OWNED_BY[owner.kind]} AND o.encoded_id = $2`,
      [ownerSlno(owner), encodedOrder],
    )
  ).rows;
  if (!order) throw new AppError(404, 'NOT_FOUND');
  const lines = await db.query<{
    name_en: string;
    name_ar: string;
    quantity: number;
    unit_price_halalas: string;
    price_halalas: string;
    tax_halalas: string;
    total_halalas: string;
  }>(
    `SELECT name_en, name_ar, quantity, unit_price_halalas, price_halalas, tax_halalas, total_halalas
       FROM order_lines WHERE order_slno = $1 ORDER BY line_no`,
    [order.order_slno],
  );
  const price = Number(order.price_halalas);
  const tax = Number(order.tax_halalas);
  const total = Number(order.total_halalas);
  const refundedAt = order.refunded_at;
  return {
    invoiceNumber: documentNumber('invoice', order.fulfilled_at, order.order_slno),
    issuedAt: order.fulfilled_at.toISOString(),
    sellerNameEnglish: COMPANY.legalName.en,
    sellerNameArabic: COMPANY.legalName.ar,
    sellerAddressEnglish: COMPANY.address.en,
    sellerAddressArabic: COMPANY.address.ar,
    vatNumber: COMPANY.vatNumber,
    commercialRegistration: COMPANY.commercialRegistration,
    buyerNameEnglish: order.buyer_en,
    buyerNameArabic: order.buyer_ar,
    orderReference: order.encoded_id,
    lines: lines.rows.length
      ? lines.rows.map((line) => ({
          descriptionEnglish: line.name_en,
          descriptionArabic: line.name_ar,
          quantity: line.quantity,
          unitPrice: toSar(Number(line.unit_price_halalas)),
          amountWithoutTax: toSar(Number(line.price_halalas)),
          tax: toSar(Number(line.tax_halalas)),
          amount: toSar(Number(line.total_halalas)),
        }))
      : [
          {
            descriptionEnglish: order.item_en ?? '',
            descriptionArabic: order.item_ar ?? '',
            quantity: order.quantity,
            unitPrice: toSar(Math.round(price / order.quantity)),
            amountWithoutTax: toSar(price),
            tax: toSar(tax),
            amount: toSar(total),
          },
        ],
    vatRatePercent: price === 0 ? 0 : Math.round((tax / price) * 1000) / 10,
    amountWithoutTax: toSar(price),
    tax: toSar(tax),
    amount: toSar(total),
    qr: qrOf(order.fulfilled_at, total, tax),
    creditNote: refundedAt
      ? {
          number: documentNumber('creditNote', refundedAt, order.order_slno),
          issuedAt: refundedAt.toISOString(),
          qr: qrOf(refundedAt, total, tax),
        }
      : null,
  };
}

/** The owner's tax invoices, newest first: what each order bought, in the caller's language. */
export async function taxInvoicesOf(db: Queryable, owner: InvoiceOwner, language: Language) {
  const { rows } = await db.query<
    PaidOrderRow & { line_en: string | null; line_ar: string | null }
  >(
    `SELECT ${PAID_ORDER_COLUMNS},
            (SELECT string_agg(l.name_en, ', ' ORDER BY l.line_no) FROM order_lines l WHERE l.order_slno = o.order_slno) AS line_en,
            (SELECT string_agg(l.name_ar, '، ' ORDER BY l.line_no) FROM order_lines l WHERE l.order_slno = o.order_slno) AS line_ar
       ${PAID_ORDERS} AND ${OWNED_BY[owner.kind]}
      ORDER BY o.fulfilled_at DESC, o.order_slno DESC LIMIT 200`,
    [ownerSlno(owner)],
  );
  return {
    dataList: rows.map((row) => ({
      encodedOrderSlno: row.encoded_id,
      invoiceNumber: documentNumber('invoice', row.fulfilled_at, row.order_slno),
      issuedAt: row.fulfilled_at.toISOString(),
      description:
        (language === 'ar' ? (row.line_ar ?? row.item_ar) : (row.line_en ?? row.item_en)) ?? '',
      amount: toSar(Number(row.total_halalas)),
      creditNoteNumber: row.refunded_at
        ? documentNumber('creditNote', row.refunded_at, row.order_slno)
        : null,
    })),
  };
}

async function pdfOf(
  db: Queryable,
  owner: InvoiceOwner,
  encodedOrder: string,
  kind: TaxDocumentKind,
) {
  const invoice = await taxInvoiceOf(db, owner, encodedOrder);
  // A credit note only for a refunded order.
  if (kind === 'creditNote' && !invoice.creditNote) throw new AppError(404, 'NOT_FOUND');
  const number = kind === 'creditNote' ? invoice.creditNote?.number : invoice.invoiceNumber;
  return new FileAnswer(
    await taxDocumentPdf(invoice, kind),
    `${number ?? invoice.invoiceNumber}.pdf`,
    'application/pdf',
  );
}

/** Each area's tax documents: a person's own, the organization's, the provider's. */
export function invoiceHandlers(deps: { pool: Queryable }): Handlers {
  const { pool } = deps;
  const person = (caller: Caller | null): InvoiceOwner => ({
    kind: 'person',
    userSlno: requireCaller(caller).userSlno,
  });
  const organization = (tenant: TenantContext | null): InvoiceOwner => ({
    kind: 'organization',
    orgSlno: organizationOf(tenant),
  });
  const provider = (tenant: TenantContext | null): InvoiceOwner => ({
    kind: 'provider',
    sipSlno: providerOf(tenant),
  });
  return {
    paymentReceipt: ({ caller, input }) =>
      taxInvoiceOf(pool, person(caller), input.params.encodedOrderSlno),
    paymentReceiptPdf: ({ caller, input }) =>
      pdfOf(pool, person(caller), input.params.encodedOrderSlno, input.query.document),
    orgInvoices: ({ tenant, language }) => taxInvoicesOf(pool, organization(tenant), language),
    orgInvoice: ({ tenant, input }) =>
      taxInvoiceOf(pool, organization(tenant), input.params.encodedOrderSlno),
    orgInvoicePdf: ({ tenant, input }) =>
      pdfOf(pool, organization(tenant), input.params.encodedOrderSlno, input.query.document),
    providerInvoices: ({ tenant, language }) => taxInvoicesOf(pool, provider(tenant), language),
    providerInvoice: ({ tenant, input }) =>
      taxInvoiceOf(pool, provider(tenant), input.params.encodedOrderSlno),
    providerInvoicePdf: ({ tenant, input }) =>
      pdfOf(pool, provider(tenant), input.params.encodedOrderSlno, input.query.document),
  };
}
