/**
 * Tax documents (issues 12 and 38): every paid order, a person's, an organization's or a
 * provider's, has a bilingual simplified tax invoice (and a credit note once refunded), shown on
 * the page and downloadable as a PDF the server writes. Each area reads its own orders: a person
 * their own, an organization's buyers its orders and the registration fee of the application it
 * came from, a provider's finance staff the orders it placed for its L2 providers.
 */
import { z } from 'zod';
import { defineEndpoint, json, recordIn, tenantIn } from './endpoint.js';
import { encodedId, listOf, slno, taxInvoice, taxInvoiceRow } from './schemas.js';

/** A PDF named after its document ("INV-2026-000123.pdf"): the server names it. */
const PDF = { kind: 'document' } as const;
/** Which of an order's documents: its invoice, or the credit note of its refund. */
const documentQuery = { document: z.enum(['invoice', 'creditNote']).default('invoice') };
const orgQuery = { orgSlno: z.coerce.number().pipe(slno) };
const providerQuery = { sipId: z.coerce.number().pipe(slno) };
const orderParams = z.strictObject({ encodedOrderSlno: encodedId });
const ORGANIZATION = tenantIn('query', 'orgSlno');
const PROVIDER = tenantIn('query', 'sipId', 'provider');
const ORGANIZATION_INVOICE = recordIn('path', 'encodedOrderSlno', 'organizationInvoice');
const PROVIDER_INVOICE = recordIn('path', 'encodedOrderSlno', 'providerInvoice');

export const paymentReceipt = defineEndpoint({
  id: 'paymentReceipt',
  area: 'payments',
  method: 'GET',
  path: 'api/v1/esign/my/payment/receipt/{encodedOrderSlno}',
  summary: 'The simplified tax invoice of a paid order, with its ZATCA QR code',
  origin: 'design',
  designNote:
    'Issue 12: a receipt per paid order, a bilingual simplified tax invoice with the seller’s VAT number and the QR code Saudi e-invoicing requires. Another person’s order, or one not paid, is not found.',
  access: 'session',
  params: orderParams,
  answer: json(taxInvoice),
});

export const paymentReceiptPdf = defineEndpoint({
  id: 'paymentReceiptPdf',
  area: 'payments',
  method: 'GET',
  path: 'api/v1/esign/my/payment/receipt/{encodedOrderSlno}/pdf',
  summary: 'A paid order’s tax invoice (or credit note) as a PDF',
  origin: 'design',
  designNote: 'Issue 38: an invoice that prints and files, written by the server.',
  access: 'session',
  params: orderParams,
  query: z.strictObject(documentQuery),
  answer: PDF,
});

export const orgInvoices = defineEndpoint({
  id: 'orgInvoices',
  area: 'payments',
  method: 'GET',
  path: 'api/v1/org/invoices',
  summary: 'An organization’s tax invoices, newest first',
  origin: 'design',
  designNote:
    'Issue 38: organizations had no invoice. Every paid order of theirs (counters, role seats, special plans, purchase orders) and their registration fee; the latest 200.',
  access: 'session',
  query: z.strictObject(orgQuery),
  answer: json(listOf(taxInvoiceRow)),
  tenant: ORGANIZATION,
});

export const orgInvoice = defineEndpoint({
  id: 'orgInvoice',
  area: 'payments',
  method: 'GET',
  path: 'api/v1/org/invoices/{encodedOrderSlno}',
  summary: 'One of the organization’s tax invoices',
  origin: 'design',
  designNote: 'Issue 38.',
  access: 'session',
  params: orderParams,
  query: z.strictObject(orgQuery),
  answer: json(taxInvoice),
  tenant: ORGANIZATION,
  records: [ORGANIZATION_INVOICE],
});

export const orgInvoicePdf = defineEndpoint({
  id: 'orgInvoicePdf',
  area: 'payments',
  method: 'GET',
  path: 'api/v1/org/invoices/{encodedOrderSlno}/pdf',
  summary: 'One of the organization’s tax invoices (or credit notes) as a PDF',
  origin: 'design',
  designNote: 'Issue 38.',
  access: 'session',
  params: orderParams,
  query: z.strictObject({ ...orgQuery, ...documentQuery }),
  answer: PDF,
  tenant: ORGANIZATION,
  records: [ORGANIZATION_INVOICE],
});

export const providerInvoices = defineEndpoint({
  id: 'providerInvoices',
  area: 'payments',
  method: 'GET',
  path: 'api/v1/provider/invoices',
  summary: 'A provider’s tax invoices (its orders for its L2 providers), newest first',
  origin: 'design',
  designNote: 'Issue 38: a provider’s paid orders are invoiced too; the latest 200.',
  access: 'session',
  query: z.strictObject(providerQuery),
  answer: json(listOf(taxInvoiceRow)),
  tenant: PROVIDER,
});

export const providerInvoice = defineEndpoint({
  id: 'providerInvoice',
  area: 'payments',
  method: 'GET',
  path: 'api/v1/provider/invoices/{encodedOrderSlno}',
  summary: 'One of the provider’s tax invoices',
  origin: 'design',
  designNote: 'Issue 38.',
  access: 'session',
  params: orderParams,
  query: z.strictObject(providerQuery),
  answer: json(taxInvoice),
  tenant: PROVIDER,
  records: [PROVIDER_INVOICE],
});

export const providerInvoicePdf = defineEndpoint({
  id: 'providerInvoicePdf',
  area: 'payments',
  method: 'GET',
  path: 'api/v1/provider/invoices/{encodedOrderSlno}/pdf',
  summary: 'One of the provider’s tax invoices (or credit notes) as a PDF',
  origin: 'design',
  designNote: 'Issue 38.',
  access: 'session',
  params: orderParams,
  query: z.strictObject({ ...providerQuery, ...documentQuery }),
  answer: PDF,
  tenant: PROVIDER,
  records: [PROVIDER_INVOICE],
});
