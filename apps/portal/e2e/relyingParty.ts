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
