/**
 * A tax document as a PDF: every label in English on the left and Arabic on the right
 * with the value between them, and the ZATCA QR (the bilingual writer: ../../pdf/bilingualPdf.ts).
 * Figures are written in Western digits: the document is one for both languages, as ZATCA's own
 * samples are. Times are Riyadh's.
 */
import { INVOICE_LABELS, type Bilingual, type InvoiceLabel } from '@tawqi/domain';
import { BilingualPdf, MUTED, PAGE, riyadhTime } from '../../pdf/bilingualPdf.js';
import type { CONTRACT, EndpointOutput } from '@tawqi/api';

/** A simplified tax invoice as its call answers it (paymentReceipt's contract). */
export type TaxInvoice = EndpointOutput<(typeof CONTRACT)['paymentReceipt']>;
export type TaxDocumentKind = 'invoice' | 'creditNote';

const label = (name: InvoiceLabel): Bilingual => INVOICE_LABELS[name];

const sar = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The invoice, or its credit note, as a PDF's bytes. */
export function taxDocumentPdf(invoice: TaxInvoice, kind: TaxDocumentKind): Promise<Buffer> {
  const creditNote = kind === 'creditNote' ? invoice.creditNote : null;
  const title = creditNote ? label('creditNote') : label('invoice');
  const writer = new BilingualPdf(`${title.en} ${creditNote?.number ?? invoice.invoiceNumber}`);
  const inner = PAGE.width - 2 * PAGE.margin;
  const left = PAGE.margin;
  let y = drawSeller(writer, invoice, creditNote?.qr ?? invoice.qr);

  // The title, English left and Arabic right.
  writer.text(title.en, { x: left, y, width: inner / 2, size: 16, bold: true });
  writer.text(title.ar, { x: left + inner / 2, y, width: inner / 2, size: 16, bold: true });
  y += 30;
  writer.rule(y);
  y += 8;

  if (creditNote) {
    y = writer.labelled(y, label('creditNoteNumber'), creditNote.number);
    y = writer.labelled(y, label('issueDate'), riyadhTime(creditNote.issuedAt));
    y = writer.labelled(y, label('creditNoteOf'), invoice.invoiceNumber);
  } else {
    y = writer.labelled(y, label('invoiceNumber'), invoice.invoiceNumber);
    y = writer.labelled(y, label('issueDate'), riyadhTime(invoice.issuedAt));
  }
  y = writer.labelled(y, label('orderReference'), invoice.orderReference);
  y = writer.labelled(y, label('customer'), invoice.buyerNameEnglish);
  if (invoice.buyerNameArabic) y = writer.labelled(y, { en: '', ar: '' }, invoice.buyerNameArabic);
  y += 6;

  y = drawLines(writer, invoice, y);

  drawTotals(writer, invoice, y);
  return writer.finish();
}

/** The seller, in both languages, and the QR code between them; answers where the next part starts. */
function drawSeller(writer: BilingualPdf, invoice: TaxInvoice, qr: string): number {
  const inner = PAGE.width - 2 * PAGE.margin;
  const left = PAGE.margin;
  // The seller, in both languages, and the QR code between them.
  const qrSize = 92;
  const sideWidth = (inner - qrSize - 24) / 2;
  const y = PAGE.margin;
  const sellerEnglish = [
    invoice.sellerNameEnglish,
    invoice.sellerAddressEnglish,
    `${label('vatNumber').en}: ${invoice.vatNumber}`,
    `${label('commercialRegistration').en}: ${invoice.commercialRegistration}`,
  ];
  const sellerArabic = [
    invoice.sellerNameArabic,
    invoice.sellerAddressArabic,
    `${label('vatNumber').ar}: ${invoice.vatNumber}`,
    `${label('commercialRegistration').ar}: ${invoice.commercialRegistration}`,
  ];
  let englishY = y;
  let arabicY = y;
  for (const [index, line] of sellerEnglish.entries())
    englishY += writer.text(line, { x: left, y: englishY, width: sideWidth, bold: index === 0 });
  for (const [index, line] of sellerArabic.entries())
    arabicY += writer.text(line, {
      x: PAGE.width - PAGE.margin - sideWidth,
      y: arabicY,
      width: sideWidth,
      bold: index === 0,
    });
  writer.qr(qr, left + sideWidth + 12, y, qrSize);
  return Math.max(englishY, arabicY, y + qrSize) + 14;
}

/** The lines: the item in both languages, then its figures; answers where the next part starts. */
function drawLines(writer: BilingualPdf, invoice: TaxInvoice, top: number): number {
  const inner = PAGE.width - 2 * PAGE.margin;
  const left = PAGE.margin;
  // The lines: the item in both languages, then its figures.
  let y = top;
  const columns = [
    { name: 'item' as const, width: inner - 4 * 82 },
    { name: 'quantity' as const, width: 82 },
    { name: 'unitPrice' as const, width: 82 },
    { name: 'vat' as const, width: 82 },
    { name: 'totalWithVat' as const, width: 82 },
  ];
  writer.rule(y);
  y += 6;
  let x = left;
  let headHeight = 0;
  for (const column of columns) {
    const height =
      writer.text(label(column.name).en, {
        x,
        y,
        width: column.width - 6,
        bold: true,
        size: 8,
        align: column.name === 'item' ? 'left' : 'right',
      }) +
      writer.text(label(column.name).ar, {
        x,
        y: y + 12,
        width: column.width - 6,
        bold: true,
        size: 8,
        align: column.name === 'item' ? 'left' : 'right',
      });
    headHeight = Math.max(headHeight, height);
    x += column.width;
  }
  y += headHeight + 4;
  writer.rule(y);
  y += 6;
  for (const line of invoice.lines) {
    const itemWidth = columns[0]?.width ?? 0;
    let height = writer.text(line.descriptionEnglish, { x: left, y, width: itemWidth - 6 });
    height += writer.text(line.descriptionArabic, {
      x: left,
      y: y + height,
      width: itemWidth - 6,
      align: 'left',
    });
    x = left + itemWidth;
    for (const figure of [
      String(line.quantity),
      sar(line.unitPrice),
      sar(line.tax),
      sar(line.amount),
    ]) {
      writer.text(figure, { x, y, width: 76, align: 'right' });
      x += 82;
    }
    y += height + 6;
    writer.rule(y);
    y += 6;
  }

  return y;
}

/** The totals, and the currency they are in. */
function drawTotals(writer: BilingualPdf, invoice: TaxInvoice, top: number): void {
  const inner = PAGE.width - 2 * PAGE.margin;
  const left = PAGE.margin;
  let y = top + 4;
  y = writer.labelled(y, label('totalWithoutVat'), sar(invoice.amountWithoutTax));
  y = writer.labelled(
    y,
    {
      en: `${label('vat').en} (${String(invoice.vatRatePercent)}%)`,
      ar: `${label('vat').ar} (${String(invoice.vatRatePercent)}%)`,
    },
    sar(invoice.tax),
  );
  y = writer.labelled(y, label('totalWithVat'), sar(invoice.amount), true);
  y += 10;
  writer.text(label('currency').en, { x: left, y, width: inner / 2, size: 8, color: MUTED });
  writer.text(label('currency').ar, {
    x: left + inner / 2,
    y,
    width: inner / 2,
    size: 8,
    color: MUTED,
  });
}
