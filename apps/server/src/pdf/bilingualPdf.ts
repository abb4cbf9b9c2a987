/**
 * Bilingual PDFs the server writes (tax invoices, records of an accepted agreement): A4, English
 * on the left and Arabic on the right, as bilingual Saudi documents are laid out.
 *
 * PDFKit draws them: a maintained PDF writer whose fontkit shapes Arabic (joining forms,
 * lam-alef), with the product's own face (IBM Plex Sans Arabic, the portal's). PDFKit lays out one
 * direction only, so text is split into the Unicode bidirectional algorithm's runs (bidi-js,
 * UAX #9) and the runs placed in visual order here; each run is drawn in the face that has its
 * letters (the Arabic subset has no Latin, the Latin no Arabic).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import type { Bidi } from 'bidi-js';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { encode } from 'uqr';
import { riyadhWallClock, type Bilingual } from '@tawqi/domain';

const require = createRequire(import.meta.url);
// A UMD module whose types claim an ES default export: required as it really is.
const bidi = (require('bidi-js') as () => Bidi)();
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** A text's characters (as a reader counts them) in reverse order. */
const reversed = (text: string) =>
  Array.from(graphemes.segment(text), (part) => part.segment).reverse();
/**
 * A WOFF 1.0 font as the plain OpenType (sfnt) file it wraps: each table inflated once. fontkit
 * reads a WOFF's compressed tables again on every access — the glyph table for each glyph — and
 * that was 80% of the half second a signature's stamp took to draw.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = header.length;
  const parts: Buffer[] = [header];
  for (const [index, table] of tables.entries()) {
    const record = 12 + index * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  }
  return Buffer.concat(parts);
}

const face = (subset: 'arabic' | 'latin', weight: 400 | 700) =>
  fontkit.create(
    sfntOfWoff(
      readFileSync(
        require.resolve(
          `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${subset}-${String(weight)}-normal.woff`,
        ),
      ),
    ),
  );
/**
 * Read once and parsed once: each document embeds its own subset of them. Given a file's bytes,
 * PDFKit has fontkit read every table of the face for each document, most of a stamp's drawing.
 */
const FACES = {
  arabic: face('arabic', 400),
  arabicBold: face('arabic', 700),
  latin: face('latin', 400),
  latinBold: face('latin', 700),
};

const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
export const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const INK = '#111111';
export const MUTED = '#555555';
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

/** PDFKit's embedded font, as far as withVisualLigatures reaches into it. */
interface EmbeddedFace {
  encode(text: string, features?: unknown): unknown;
  layout(text: string, features?: unknown): { glyphs: { id: number; codePoints: number[] }[] };
  subset: { includeGlyph(id: number): number };
  unicode: number[][];
}

const withLigaturesFixed = new WeakSet<EmbeddedFace>();
/**
 * A reader extracting text (pdftotext, pdf.js) takes a line's glyphs in the order they are drawn
 * and reverses a right-to-left run, so the letters a ligature stands for must be given in drawn
 * order too; PDFKit writes them in reading order, and "القحطاني" came out "القحطاين" (a noon-yeh
 * ligature), "الآخرة" "اآلخرة" (lam-alef). Once per font of a document.
 */
function withVisualLigatures(face: EmbeddedFace): void {
  if (withLigaturesFixed.has(face)) return;
  withLigaturesFixed.add(face);
  const encode = face.encode.bind(face);
  face.encode = (text, features) => {
    const encoded = encode(text, features);
    for (const glyph of face.layout(text, features).glyphs)
      if (
        glyph.codePoints.length > 1 &&
        glyph.codePoints.some((point) => ARABIC_LETTERS.test(String.fromCodePoint(point)))
      )
        face.unicode[face.subset.includeGlyph(glyph.id)] = [...glyph.codePoints].reverse();
    return encoded;
  };
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

export class BilingualPdf {
  readonly doc: PDFKit.PDFDocument;

  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;

  /** An A4 document, or one page of `size` points (a signature's stamp) without margins. */
  constructor(title: string, size?: readonly [number, number]) {
    this.doc = new PDFDocument({
      size: size ? [...size] : 'A4',
      margin: size ? 0 : PAGE.margin,
      info: { Producer: 'Tawqi', Creator: 'Tawqi' },
      lang: 'ar-SA',
      // No standard font: every text names its face (`text`), and a standard font's metrics
      // would be read for each document.
      font: '',
    });
    // PDFKit takes a font fontkit has read (anything with `layout`); its types say files only.
    for (const [name, parsed] of Object.entries(FACES))
      this.doc.registerFont(name, parsed as unknown as Buffer);
    this.doc.info.Title = title;
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('end', () => {
        resolve(Buffer.concat(this.chunks));
      });
      this.doc.on('error', reject);
    });
  }

  /** The document's bytes, once written. */
  finish(): Promise<Buffer> {
    this.doc.end();
    return this.ended;
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
        withVisualLigatures(
          (this.doc.font(piece.face) as unknown as { _font: EmbeddedFace })._font,
        );
        this.doc
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

/** A time as Riyadh reads it, with the zone named: "2026-11-27 14:47 (Riyadh)". */
export function riyadhTime(iso: string): string {
  return `${riyadhWallClock(new Date(iso))} (Riyadh)`;
}
