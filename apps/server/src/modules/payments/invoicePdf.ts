/**
 * A tax document as a PDF (issue 38): A4, every label in English on the left and Arabic on the
 * right with the value between them, as bilingual Saudi invoices are laid out, and the ZATCA QR.
 *
 * PDFKit draws it: a maintained PDF writer whose fontkit shapes Arabic (joining forms, lam-alef),
 * with the product's own face (IBM Plex Sans Arabic, the portal's). PDFKit lays out one direction
 * only, so text is split into the Unicode bidirectional algorithm's runs (bidi-js, UAX #9) and the
 * runs placed in visual order here; each run is drawn in the face that has its letters (the
 * Arabic subset has no Latin, the Latin no Arabic). Figures are written in Western digits: the
 * document is one for both languages, as ZATCA's own samples are. Times are Riyadh's.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Bidi } from 'bidi-js';
import PDFDocument from 'pdfkit';
import { encode } from 'uqr';
import {
  DISPLAY_TIME_ZONE,
  INVOICE_LABELS,
  type Bilingual,
  type InvoiceLabel,
} from '@tawqi/domain';
import type { TaxDocumentKind, TaxInvoice } from './invoices.js';

const require = createRequire(import.meta.url);
// A UMD module whose types claim an ES default export: required as it really is.
const bidi = (require('bidi-js') as () => Bidi)();
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** A text's characters (as a reader counts them) in reverse order. */
const reversed = (text: string) =>
  Array.from(graphemes.segment(text), (part) => part.segment).reverse();
const face = (subset: 'arabic' | 'latin', weight: 400 | 700) =>
  readFileSync(
    require.resolve(
      `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${subset}-${String(weight)}-normal.woff`,
    ),
  );
/** Read once: the faces are embedded (subset) in every document. */
const FACES = {
  arabic: face('arabic', 400),
  arabicBold: face('arabic', 700),
  latin: face('latin', 400),
  latinBold: face('latin', 700),
};

const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#bbbbbb';

interface Piece {
  text: string;
  face: keyof typeof FACES;
}

/**
 * A line of text in visual order, left to right: its bidi runs (each at one embedding level)
 * reordered by rule L2, each cut where its face changes. Within a right-to-left piece fontkit
 * shapes and reverses Arabic itself; other right-to-left pieces (spaces, punctuation) are
 * reversed and mirrored here, and left-to-right pieces in the Arabic face (Arabic-Indic digits)
 * are given reversed so fontkit's reversal puts them back.
 */
function visualPieces(text: string, base: 'ltr' | 'rtl', bold: boolean): Piece[] {
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const runs: { level: number; text: string }[] = [];
  // The levels are per UTF-16 unit, as the string is indexed.
  for (let index = 0; index < text.length; index++) {
    const character = text.charAt(index);
    const level = levels[index] ?? 0;
    const last = runs.at(-1);
    if (last?.level === level) last.text += character;
    else runs.push({ level, text: character });
  }
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(highest + 1, ...runs.map((run) => run.level).filter((l) => l % 2));
  for (let level = highest; level >= lowestOdd; level--)
    for (let start = 0; start < runs.length;) {
      if ((runs[start]?.level ?? 0) < level) {
        start++;
        continue;
      }
      let end = start;
      while (end < runs.length && (runs[end]?.level ?? 0) >= level) end++;
      runs.splice(start, end - start, ...runs.slice(start, end).reverse());
      start = end;
    }
  return runs.flatMap((run) => {
    const rtl = run.level % 2 === 1;
    const pieces: Piece[] = [];
    for (const character of run.text) {
      const arabic = ARABIC_LETTERS.test(character);
      const faceName: Piece['face'] = arabic
        ? bold
          ? 'arabicBold'
          : 'arabic'
        : bold
          ? 'latinBold'
          : 'latin';
      const last = pieces.at(-1);
      if (last?.face === faceName) last.text += character;
      else pieces.push({ text: character, face: faceName });
    }
    const ordered = rtl ? pieces.reverse() : pieces;
    return ordered.map((piece) => {
      const arabicFace = piece.face.startsWith('arabic');
      if (rtl && !arabicFace)
        return {
          ...piece,
          text: reversed(piece.text)
            .map((character) => bidi.getMirroredCharacter(character) ?? character)
            .join(''),
        };
      if (!rtl && arabicFace) return { ...piece, text: reversed(piece.text).join('') };
      return piece;
    });
  });
}

interface TextOptions {
  x: number;
  y: number;
  width: number;
  align?: 'left' | 'right' | 'center';
  size?: number;
  bold?: boolean;
  color?: string;
}

class InvoiceWriter {
  readonly doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Producer: 'Tawqi', Creator: 'Tawqi' },
    lang: 'ar-SA',
  });

  constructor() {
    for (const [name, bytes] of Object.entries(FACES)) this.doc.registerFont(name, bytes);
  }

  private width(pieces: Piece[], size: number): number {
    return pieces.reduce(
      (sum, piece) => sum + this.doc.font(piece.face).fontSize(size).widthOfString(piece.text),
      0,
    );
  }

  /** One line, wrapped at spaces when wider than the box; answers the height it took. */
  text(text: string, options: TextOptions): number {
    const size = options.size ?? 9;
    const base = ARABIC_LETTERS.test(text) ? 'rtl' : 'ltr';
    const align = options.align ?? (base === 'rtl' ? 'right' : 'left');
    const lines: string[] = [];
    for (const word of text.split(' ')) {
      const last = lines.at(-1);
      const joined = last === undefined ? word : `${last} ${word}`;
      if (last !== undefined && this.width(visualPieces(joined, base, false), size) > options.width)
        lines.push(word);
      else if (last === undefined) lines.push(word);
      else lines[lines.length - 1] = joined;
    }
    const lineHeight = size * 1.45;
    for (const [index, line] of lines.entries()) {
      const pieces = visualPieces(line, base, options.bold ?? false);
      const width = this.width(pieces, size);
      let x =
        align === 'left'
          ? options.x
          : align === 'right'
            ? options.x + options.width - width
            : options.x + (options.width - width) / 2;
      for (const piece of pieces) {
        this.doc
          .font(piece.face)
          .fontSize(size)
          .fillColor(options.color ?? INK)
          .text(piece.text, x, options.y + index * lineHeight, { lineBreak: false });
        x += this.doc.widthOfString(piece.text);
      }
    }
    return lines.length * lineHeight;
  }

  rule(y: number): void {
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  qr(value: string, x: number, y: number, size: number): void {
    const { data } = encode(value, { ecc: 'M', border: 2 });
    const module = size / data.length;
    this.doc.rect(x, y, size, size).fill('#ffffff');
    for (const [row, cells] of data.entries())
      for (const [column, dark] of cells.entries())
        if (dark) this.doc.rect(x + column * module, y + row * module, module, module);
    this.doc.fill('#000000');
  }

  /** English on the left, Arabic on the right, the value between: one row of figures. */
  labelled(y: number, label: Bilingual, value: string, bold = false): number {
    const inner = PAGE.width - 2 * PAGE.margin;
    const side = 150;
    const height = Math.max(
      this.text(label.en, { x: PAGE.margin, y, width: side, bold, color: MUTED }),
      this.text(value, {
        x: PAGE.margin + side,
        y,
        width: inner - 2 * side,
        align: 'center',
        bold,
      }),
      this.text(label.ar, {
        x: PAGE.width - PAGE.margin - side,
        y,
        width: side,
        bold,
        color: MUTED,
      }),
    );
    return y + height + 4;
  }
}

const label = (name: InvoiceLabel): Bilingual => INVOICE_LABELS[name];

/** A time as Riyadh reads it, with the zone named: "2026-11-27 14:47 (Riyadh)". */
function riyadhTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} (Riyadh)`;
}

const sar = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The invoice, or its credit note, as a PDF's bytes. */
export function taxDocumentPdf(invoice: TaxInvoice, kind: TaxDocumentKind): Promise<Buffer> {
  const creditNote = kind === 'creditNote' ? invoice.creditNote : null;
  const writer = new InvoiceWriter();
  const { doc } = writer;
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
  const inner = PAGE.width - 2 * PAGE.margin;
  const left = PAGE.margin;
  const title = creditNote ? label('creditNote') : label('invoice');
  doc.info.Title = `${title.en} ${creditNote?.number ?? invoice.invoiceNumber}`;

  // The seller, in both languages, and the QR code between them.
  const qrSize = 92;
  const sideWidth = (inner - qrSize - 24) / 2;
  let y = PAGE.margin;
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
  writer.qr(creditNote?.qr ?? invoice.qr, left + sideWidth + 12, y, qrSize);
  y = Math.max(englishY, arabicY, y + qrSize) + 14;

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

  // The lines: the item in both languages, then its figures.
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

  // The totals.
  y += 4;
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
  doc.end();
  return done;
}
