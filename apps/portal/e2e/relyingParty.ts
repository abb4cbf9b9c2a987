/**
 * The files a person signs (PDFs of a few pages, written to a folder) and what a relying party's
 * tools say of a signed file the portal gave (poppler's pdfsig).
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDF } from '@libpdf/core';

const run = promisify(execFile);

/** pdfsig's report of a file, whatever its exit code (it fails on a file with no signature). */
export async function pdfsig(path: string): Promise<string> {
  try {
    const { stdout, stderr } = await run('pdfsig', [path], { encoding: 'utf8' });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}

/** A PDF of `pages` pages, each saying its name and number, written to `folder`; its path. */
export async function pdfOf(folder: string, name: string, pages: number): Promise<string> {
  const pdf = PDF.create();
  for (let page = 1; page <= pages; page++)
    pdf.addPage().drawText(`${name}, page ${String(page)}`, { x: 72, y: 720, size: 14 });
  const path = join(folder, `${name}.pdf`);
  writeFileSync(path, await pdf.save());
  return path;
}

/**
 * The standard fonts with Latin letters, which a PDF may name without carrying them (the other
 * two of the 14, Symbol and ZapfDingbats, have none to write a line in).
 */
export const STANDARD_FONTS = [
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
] as const;

/** A one-page PDF with a line in each standard font, none embedded (as most generated PDFs are). */
export async function standardFontsPdf(folder: string): Promise<string> {
  const pdf = PDF.create();
  const page = pdf.addPage({ width: 595, height: 842 });
  STANDARD_FONTS.forEach((font, index) =>
    page.drawText(`Service agreement ${font}`, { x: 40, y: 790 - index * 54, size: 24, font }),
  );
  const path = join(folder, 'fonts.pdf');
  writeFileSync(path, await pdf.save());
  return path;
}

/**
 * Poppler's drawing of a PDF's first page as a PNG of `width` × `height` pixels, base64: what a
 * reader shows, to compare a browser's drawing with.
 */
export async function popplerPage(path: string, width: number, height: number): Promise<string> {
  const { stdout } = await run(
    'pdftoppm',
    [
      '-png',
      '-singlefile',
      '-f',
      '1',
      '-l',
      '1',
      '-scale-to-x',
      String(width),
      '-scale-to-y',
      String(height),
      path,
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout.toString('base64');
}
