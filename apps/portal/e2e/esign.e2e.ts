/**
 * The eSign service as its people meet it (issue 19), in Chromium against the built server: the
 * demo integrating application uploads a PDF and sends it for signing; the signer lands on
 * Tawqi's approval page, picks the number on the identity app's phone, and is sent back to the
 * application, which checked the service's signed answer and downloads the signed PDF — which
 * pdfsig accepts (PAdES B-LT); before approving, the signer reads the PDF in the page; the public verify page then reads it (valid, validation data added
 * after; and in Arabic on a 360 px phone, without sideways scrolling), and reports a copy changed
 * afterwards.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { approveOnPhone, openPage, overflow, reviewShot, HEAVY_WORK_BOUND } from './browser.js';
import { pdfsig } from './relyingParty.js';

const folder = mkdtempSync(join(tmpdir(), 'tawqi-esign-e2e-'));

describe('signing through the eSign service', () => {
  it('a demo application’s PDF is approved on the phone, signed, downloaded, and verified', async () => {
    const lease = PDF.create();
    for (let page = 1; page <= 3; page++)
      lease.addPage().drawText(`Lease, page ${String(page)}`, { x: 72, y: 720, size: 14 });
    const original = join(folder, 'lease.pdf');
    writeFileSync(original, await lease.save());

    const { page, errors } = await openPage('/simulators/esign-app');
    await page.locator('input[type=file]').setInputFiles(original);
    // A member of the demo organization, on its counters: the last one offered (the others are
    // signed in elsewhere in the run, and the identity app allows three asks per person).
    const signer = page.getByLabel(/Signer/);
    const options = await signer
      .locator('option')
      .evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value));
    const choice = options.filter((value) => value.startsWith('tawqi-demo-app-org|')).at(-1);
    expect(choice).toBeDefined();
    await signer.selectOption(choice ?? '');
    await page.getByLabel(/The signer agrees/).check();
    await page.getByRole('button', { name: /Send for signing/ }).click();

    // Tawqi's approval page: the application, the document, the number for the phone.
    await page.waitForURL('**/esign/approve?request=*', HEAVY_WORK_BOUND);
    // The brand said plainly in Arabic, the default (issue 38: not «عبر توقيع»).
    await page.getByText(/على منصة توقيع/u).waitFor();
    await page.setViewportSize({ width: 360, height: 740 });
    // Read in the page on a phone, under the portal's own CSP (pdf.js in a worker of this origin).
    await page.getByRole('button', { name: 'عرض lease.pdf' }).click();
    const sheet = page.getByRole('img', { name: /lease\.pdf، الصفحة ١ من ٣/u });
    await sheet.and(page.locator('[data-drawn]')).waitFor();
    expect(await overflow(page)).toBe(0);
    await reviewShot(page, 'approve-360-ar');
    await page.setViewportSize({ width: 1280, height: 900 });
    // In English (the portal's default is Arabic): the page reads the same request again.
    await page.goto(`${page.url()}&lng=en`);
    await page.getByText('lease.pdf').waitFor();
    // Nothing signed unseen (issue 38): whom the signature names, the document itself, and in
    // demo mode the simulator's phone for this signer.
    await page.getByText('The signature will name you:').waitFor();
    await page.getByRole('button', { name: 'View lease.pdf' }).click();
    await page
      .getByRole('img', { name: 'lease.pdf, page 1 of 3' })
      .and(page.locator('[data-drawn]'))
      .waitFor();
    // Ink on the page (pdf.js drew it), and its words for a screen reader.
    const ink = await page.getByRole('img', { name: 'lease.pdf, page 1 of 3' }).evaluate((node) => {
      const sheet = node as HTMLCanvasElement;
      const pixels = sheet.getContext('2d')?.getImageData(0, 0, sheet.width, sheet.height).data;
      let dark = 0;
      for (let at = 0; at < (pixels?.length ?? 0); at += 4)
        if ((pixels?.[at] ?? 255) < 128) dark += 1;
      return dark;
    });
    expect(ink).toBeGreaterThan(100);
    await page.getByText('Lease, page 1').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Next page' }).click();
    await page
      .getByRole('img', { name: 'lease.pdf, page 2 of 3' })
      .and(page.locator('[data-drawn]'))
      .waitFor();
    await page.getByText('Lease, page 2').waitFor({ state: 'attached' });
    const shown = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download lease.pdf' }).click();
    const document = await shown;
    const read = join(folder, 'read-before-signing.pdf');
    await document.saveAs(read);
    expect(readFileSync(read).subarray(0, 5).toString()).toBe('%PDF-');
    expect(readFileSync(read).equals(readFileSync(original))).toBe(true);
    expect(
      await page
        .getByRole('link', { name: 'Open the identity app simulator (demo)' })
        .getAttribute('href'),
    ).toBe(`/simulators/nafath/phone?nationalId=${choice?.split('|')[1] ?? ''}`);
    await approveOnPhone(page, choice?.split('|')[1] ?? '');
    // Signed, then back at the application, which checked the answer's JWS.
    await page.waitForURL('**/simulators/esign-app/return?**', HEAVY_WORK_BOUND);
    await page.getByText('The service’s signature on the answer verifies').waitFor();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('link', { name: /Download the signed PDF/ }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe('lease-signed.pdf');
    const signed = join(folder, 'lease-signed.pdf');
    await file.saveAs(signed);
    const report = await pdfsig(signed);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // PAdES B-LT: the proof that the certificate was good follows in a revision of its own.
    expect(report).toContain('Not total document signed');

    // The public verify page reads it.
    await page.goto('/verify?lng=en');
    await page.locator('input[type=file]').setInputFiles(signed);
    await page.getByText('Valid signature').waitFor(HEAVY_WORK_BOUND);
    await page.getByText(/^Validation data only/).waitFor(HEAVY_WORK_BOUND);
    await page
      .getByText('Unknown to Tawqi')
      .count()
      .then((count) => expect(count).toBe(0));

    // In Arabic on a phone: the same reading, nothing wider than the screen; and a changed copy.
    const phone = await openPage('/verify?lng=ar', { width: 360, height: 780 });
    const changed = join(folder, 'lease-changed.pdf');
    writeFileSync(changed, Buffer.concat([readFileSync(signed), Buffer.from('\n% edited\n')]));
    await phone.page.locator('input[type=file]').setInputFiles(changed);
    await phone.page.getByText('تغيّر بعد التوقيع').waitFor(HEAVY_WORK_BOUND);
    expect(await overflow(phone.page)).toBe(0);
    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
