/**
 * Signing my own PDFs in the portal (issue 44), in Chromium against the built server: a newcomer
 * (a welcome pack of signatures) chooses two PDFs, places one signature from the keyboard (page
 * and corner) and drags the other, approves on the identity app's phone, lands on the
 * transaction's page, downloads both in one zip — each signed where it was placed, each accepted
 * by pdfsig — and the plan has counted one signature. Then in Arabic on a 360 px phone, without
 * sideways scrolling.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF, type PdfDict, type PdfNumber, type PdfRef } from '@libpdf/core';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import {
  approveOnPhone,
  baseUrl,
  enrolWithNafath,
  openPage,
  overflow,
  reviewShot,
  HEAVY_WORK_BOUND,
} from './browser.js';
import { pdfOf as samplePdf, pdfsig, popplerPage, standardFontsPdf } from './relyingParty.js';

const folder = mkdtempSync(join(tmpdir(), 'tawqi-own-signing-e2e-'));

const pdfOf = (name: string, pages: number) => samplePdf(folder, name, pages);

/** The signature widget's page (from 1) and rectangle in a signed PDF. */
async function widgetOf(bytes: Uint8Array) {
  const pdf = await PDF.load(bytes);
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const fields =
    pdf.getCatalog().getDict('AcroForm', resolve)?.getArray('Fields', resolve)?.toArray() ?? [];
  for (const item of fields) {
    const field = resolve(item as PdfRef) as PdfDict | null;
    const rect = field
      ?.getArray('Rect', resolve)
      ?.toArray()
      .map((value) => (value as PdfNumber).value);
    const pageRef = field?.get('P') as PdfRef | undefined;
    if (!rect || !pageRef) continue;
    const page =
      pdf.getPages().findIndex((one) => one.ref.objectNumber === pageRef.objectNumber) + 1;
    return { page, rect };
  }
  return null;
}

/** Chooses `option` in the Select whose label matches `label`. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A newcomer signed in (a welcome pack of five signatures), at the given window size. */
async function newcomer(viewport?: { width: number; height: number }) {
  const { page, errors } = await openPage('/app/login?lng=en', viewport);
  const { nationalId } = await enrolWithNafath(page);
  await page.waitForURL('**/app/my/dashboard');
  return { page, errors, nationalId };
}

describe('signing my own PDFs', () => {
  it('places each signature, approves once, and downloads both signed in one zip', async () => {
    const lease = await pdfOf('lease', 3);
    const annex = await pdfOf('annex', 1);
    const { page, errors, nationalId } = await newcomer();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sign my PDFs' })
      .click();
    await page.waitForURL('**/app/my/esign/sign');
    await page.locator('input[type=file]').setInputFiles([lease, annex]);
    // Each drawn at its last page, the signature at the lower right corner.
    await page
      .getByRole('img', { name: 'lease.pdf, page 3 of 3' })
      .and(page.locator('[data-drawn]'))
      .waitFor();
    await page
      .getByRole('img', { name: 'annex.pdf, page 1 of 1' })
      .and(page.locator('[data-drawn]'))
      .waitFor();

    // The lease's (the first) from the keyboard's choices: page 2, upper left.
    await choose(page, /^3\s*Signature on page/, '2');
    await page
      .getByRole('img', { name: 'lease.pdf, page 2 of 3' })
      .and(page.locator('[data-drawn]'))
      .waitFor();
    await page
      .getByRole('button', { name: /Lower right\s*Corner of the page/ })
      .first()
      .click();
    await page.getByRole('option', { name: 'Upper left', exact: true }).click();

    // The annex's dragged with the mouse, up and to the left.
    const stamps = page.locator('[data-stamp]');
    await expect.poll(() => stamps.count()).toBe(2);
    const annexStamp = stamps.nth(1);
    await annexStamp.scrollIntoViewIfNeeded();
    const box = await annexStamp.boundingBox();
    if (!box) throw new Error('the annex’s signature is not shown');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 - 200, { steps: 8 });
    await page.mouse.up();
    await page.getByRole('button', { name: /Where you dragged it\s*Corner of the page/ }).waitFor();
    const moved = await annexStamp.boundingBox();
    expect(moved && moved.x < box.x - 100 && moved.y < box.y - 150).toBe(true);

    // React Aria's checkbox: its label takes the click (the input itself is hidden).
    await page.getByText('I have read these 2 documents and I sign them.').click();
    await expect
      .poll(() =>
        page
          .getByRole('checkbox', { name: 'I have read these 2 documents and I sign them.' })
          .isChecked(),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Sign 2 documents' }).click();
    await page.waitForURL('**/esign/approve?request=*', HEAVY_WORK_BOUND);
    await page.getByText('lease.pdf').first().waitFor();
    await approveOnPhone(page, nationalId);
    // Back on the transaction's page, both signed.
    await page.waitForURL('**/app/my/esign/transaction/return/external?**', HEAVY_WORK_BOUND);
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download every signed document (zip file)' }).click();
    const zip = await downloaded;
    expect(zip.suggestedFilename()).toMatch(/^ES-[0-9A-F]{16}\.zip$/);
    const zipPath = join(folder, 'signed.zip');
    await zip.saveAs(zipPath);
    const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
    expect(Object.keys(files)).toEqual(['lease-signed.pdf', 'annex-signed.pdf']);
    for (const [name, bytes] of Object.entries(files)) {
      const path = join(folder, name);
      writeFileSync(path, bytes);
      expect(await pdfsig(path)).toContain('Signature Validation: Signature is Valid.');
    }
    // The lease's signature on page 2 at its upper left corner (a Letter page, 612 × 792: the
    // margin is a twentieth of its width).
    const margin = 612 / 20;
    expect(await widgetOf(files['lease-signed.pdf'] ?? new Uint8Array())).toEqual({
      page: 2,
      rect: [margin, 792 - margin - 80, margin + 220, 792 - margin],
    });
    const annexWidget = await widgetOf(files['annex-signed.pdf'] ?? new Uint8Array());
    expect(annexWidget?.page).toBe(1);
    // Dragged up and left from the lower right corner.
    expect(annexWidget?.rect[0]).toBeLessThan(612 - margin - 220 - 50);
    expect(annexWidget?.rect[1]).toBeGreaterThan(margin + 80);

    // The stamp's QR code leads to the verify page for this transaction: a signed copy is
    // recognised as the file it signed.
    const transactionID = new URL(page.url()).searchParams.get('transactionID') ?? '';
    expect(transactionID).toMatch(/^ES-/);
    await page.goto(`/verify?transaction=${transactionID}&lng=en`);
    await page.getByText('The signature this code names').waitFor();
    await page.locator('input[type=file]').setInputFiles(join(folder, 'annex-signed.pdf'));
    await page
      .getByText(`This file is annex.pdf exactly as transaction ${transactionID} signed it.`)
      .waitFor(HEAVY_WORK_BOUND);
    await page.getByText('Valid signature').waitFor(HEAVY_WORK_BOUND);
    await page.goBack();

    // One signature counted on the welcome pack, however many documents.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Plan balance' }).textContent())
      .toContain('1 of 5 transactions used');
    expect(errors).toEqual([]);
  });

  it('draws a document in the standard fonts it names, from this origin, where a PDF reader does', async () => {
    const fonts = await standardFontsPdf(folder);
    const { page, errors } = await newcomer();
    await page.goto('/app/my/esign/sign?lng=en');
    // What the viewer fetches to draw it: the fonts' data, from this origin, and nothing else.
    const fetched: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      fetched.push({ url: response.url(), status: response.status() });
    });
    await page.locator('input[type=file]').setInputFiles(fonts);
    const sheet = page
      .getByRole('img', { name: 'fonts.pdf, page 1 of 1' })
      .and(page.locator('[data-drawn]'));
    await sheet.waitFor();
    const fontData = fetched.filter(({ url }) => /\/standard_fonts\/[\w-]+\.(pfb|ttf)$/.test(url));
    // Not the device's fonts, whose widths may not be the document's: each family's own data.
    expect(fontData.length).toBeGreaterThanOrEqual(3);
    expect(
      fontData.filter(({ url, status }) => status !== 200 || !url.startsWith(baseUrl)),
    ).toEqual([]);

    // Each line where a PDF reader (poppler) draws it: the same height, from the same left edge
    // to the same right edge, within a few pixels (two renderers' glyphs differ in their strokes).
    const size = await sheet.evaluate((canvas) => ({
      width: (canvas as HTMLCanvasElement).width,
      height: (canvas as HTMLCanvasElement).height,
    }));
    const reader = await popplerPage(fonts, size.width, size.height);
    const lines = await sheet.evaluate(async (canvas, png) => {
      const drawn = canvas as HTMLCanvasElement;
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const { width, height } = drawn;
      /** Each line's inked extent: [left, right, top, bottom] in pixels, or null. */
      const extentsOf = (source: CanvasImageSource) => {
        const scratch = document.createElement('canvas');
        scratch.width = width;
        scratch.height = height;
        const context = scratch.getContext('2d', { willReadFrequently: true });
        if (!context) throw new Error('no 2d context');
        context.fillStyle = 'white';
        context.fillRect(0, 0, width, height);
        context.drawImage(source, 0, 0, width, height);
        const { data } = context.getImageData(0, 0, width, height);
        return Array.from({ length: 12 }, (_, line) => {
          // The lines' baselines are 54 points apart from 790 points up a page of 842.
          const top = Math.round(((842 - 790 + line * 54 - 34) / 842) * height);
          const bottom = Math.round(((842 - 790 + line * 54 + 14) / 842) * height);
          let extent: number[] | null = null;
          for (let y = top; y < bottom; y++)
            for (let x = 0; x < width; x++)
              if ((data[(y * width + x) * 4] ?? 255) < 128)
                extent = extent
                  ? [
                      Math.min(extent[0] ?? x, x),
                      Math.max(extent[1] ?? x, x),
                      Math.min(extent[2] ?? y, y),
                      Math.max(extent[3] ?? y, y),
                    ]
                  : [x, x, y, y];
          return extent;
        });
      };
      return { ours: extentsOf(drawn), reader: extentsOf(image) };
    }, reader);
    const tolerance = Math.ceil(size.width * 0.015);
    lines.reader.forEach((extent, line) => {
      const ours = lines.ours[line];
      expect(extent, `poppler's line ${String(line)}`).not.toBeNull();
      expect(ours, `line ${String(line)}`).not.toBeNull();
      (ours ?? []).forEach((edge, index) =>
        expect(
          Math.abs(edge - (extent?.[index] ?? 0)),
          `line ${String(line)}, edge ${String(index)}`,
        ).toBeLessThanOrEqual(tolerance),
      );
    });
    expect(errors).toEqual([]);
  });

  it('works in Arabic on a 360 px phone, without sideways scrolling', async () => {
    const contract = await pdfOf('contract', 2);
    const { page, errors, nationalId } = await newcomer({ width: 360, height: 780 });
    await page.goto('/app/my/esign/sign?lng=ar');
    await page.getByRole('heading', { level: 1, name: 'توقيع مستنداتي' }).waitFor();
    await page.locator('input[type=file]').setInputFiles(contract);
    await page
      .getByRole('img', { name: /contract\.pdf، الصفحة ٢ من ٢/u })
      .and(page.locator('[data-drawn]'))
      .waitFor();
    await page.locator('[data-stamp]').waitFor();
    expect(await overflow(page)).toBe(0);
    await reviewShot(page, 'sign-own-360-ar');
    await page.getByText('قرأت هذا المستند وأوقّعه.').click();
    await page.getByRole('button', { name: 'وقّع المستند' }).click();
    await page.waitForURL('**/esign/approve?request=*', HEAVY_WORK_BOUND);
    await page.getByText('contract.pdf').first().waitFor();
    expect(await overflow(page)).toBe(0);
    // The phone's number read in English (the Arabic page writes it in Arabic-Indic digits).
    await page.goto(`${page.url()}&lng=en`);
    await approveOnPhone(page, nationalId);
    await page.waitForURL('**/app/my/esign/transaction/return/external?**', HEAVY_WORK_BOUND);
    await page.goto(`${page.url()}&lng=ar`);
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: /تنزيل الموقّع: contract\.pdf/u }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe('contract-signed.pdf');
    const path = join(folder, 'contract-signed.pdf');
    await file.saveAs(path);
    expect(await pdfsig(path)).toContain('Signature Validation: Signature is Valid.');
    expect(await overflow(page)).toBe(0);
    expect(errors).toEqual([]);
  });
});
