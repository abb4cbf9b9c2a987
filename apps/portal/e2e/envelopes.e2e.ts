/**
 * Envelopes (issue 44), in Chromium against the built server: a newcomer sends a PDF to two
 * others to sign in order. The first is asked, signs on the identity app's phone and comes back
 * to the envelope; the second is asked only then, signs, and downloads the finished PDF, which
 * pdfsig reads with both signatures valid; the sender's welcome pack counted two. Then in Arabic
 * on a 360 px phone: a two-signer envelope signed by the first and declined with a reason by the
 * second, which the sender sees, with no page scrolling sideways.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import {
  approveOnPhone,
  enrolWithNafath,
  openPage,
  overflow,
  reviewShot,
  HEAVY_WORK_BOUND,
} from './browser.js';
import { pdfOf as samplePdf, pdfsig } from './relyingParty.js';

const folder = mkdtempSync(join(tmpdir(), 'tawqi-envelopes-e2e-'));

const pdfOf = (name: string, pages: number) => samplePdf(folder, name, pages);

interface Viewport {
  width: number;
  height: number;
}

/** A newcomer signed in (a welcome pack of five signatures). */
async function newcomer(viewport?: Viewport) {
  const { page, errors } = await openPage('/app/login?lng=en', viewport);
  const { nationalId } = await enrolWithNafath(page);
  await page.waitForURL('**/app/my/dashboard');
  return { page, errors, nationalId };
}

/** Sends `file` to `signers` (national ids) from the send page, in the page's language. */
async function sendEnvelope(
  page: Page,
  words: { name: string; add: string; value: (n: string) => string; send: string },
  title: string,
  file: string,
  signers: string[],
) {
  await page.getByLabel(words.name).fill(title);
  await page.locator('input[type=file]').setInputFiles(file);
  await page.locator('[data-drawn]').first().waitFor();
  for (const [index, nationalId] of signers.entries()) {
    if (index > 0) await page.getByRole('button', { name: words.add }).click();
    await page.getByLabel(words.value(String(index + 1))).fill(nationalId);
  }
  await expect.poll(() => page.locator('[data-stamp]').count()).toBe(signers.length);
  await page.getByRole('button', { name: words.send }).click();
  await page.waitForURL('**/app/my/envelope?id=EN-*');
}

const ENGLISH = {
  name: 'Name of the envelope',
  add: 'Add a signer',
  value: (n: string) => `Signer ${n}: national ID or Iqama`,
  send: 'Send to 2 signers',
};

/** The signer opens the envelope from their list, signs, approves on the phone, and is back. */
async function signFromList(page: Page, nationalId: string, title: string) {
  await page.goto('/app/my/envelopes?lng=en');
  await page.getByRole('link', { name: `Open and sign: ${title}` }).click();
  await page.waitForURL('**/app/my/envelope?id=*');
  await page.getByRole('heading', { name: 'Your turn to sign' }).waitFor();
  await page.locator('[data-drawn]').first().waitFor();
  await page.getByText('I have read this document and I sign it.').click();
  await page.getByRole('button', { name: 'Sign the document' }).click();
  await page.waitForURL('**/esign/approve?request=*', HEAVY_WORK_BOUND);
  await approveOnPhone(page, nationalId);
  await page.waitForURL('**/app/my/envelope?id=*', HEAVY_WORK_BOUND);
}

describe('envelopes', () => {
  it('is signed by two people in turn, each signature valid in the finished PDF', async () => {
    const lease = await pdfOf('lease', 2);
    const first = await newcomer();
    const second = await newcomer();
    const sender = await newcomer();
    await sender.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Envelopes' })
      .click();
    await sender.page.waitForURL('**/app/my/envelopes');
    await sender.page.getByRole('link', { name: 'Send a document for signing' }).first().click();
    await sender.page.waitForURL('**/app/my/envelopes/send');
    await sendEnvelope(sender.page, ENGLISH, 'Office lease', lease, [
      first.nationalId,
      second.nationalId,
    ]);
    await sender.page.getByText('Asked to sign now').waitFor();
    await sender.page.getByText('Waiting for their turn').waitFor();

    // The second signer's turn has not come: the envelope is there, without a way to sign.
    await second.page.goto('/app/my/envelopes?lng=en');
    await second.page.getByText('0 of 2 signers have signed.').waitFor();
    await expect.poll(() => second.page.getByText('Your turn to sign').count()).toBe(0);

    await signFromList(first.page, first.nationalId, 'Office lease');
    await first.page.getByText('Signed', { exact: true }).waitFor();
    await signFromList(second.page, second.nationalId, 'Office lease');
    await second.page.getByText('Signed by everyone').first().waitFor();

    const downloaded = second.page.waitForEvent('download');
    await second.page.getByRole('button', { name: 'Download the signed PDF' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe('lease-signed.pdf');
    const path = join(folder, 'lease-signed.pdf');
    await file.saveAs(path);
    const report = await pdfsig(path);
    expect(report.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(2);

    // The sender sees it finished, and paid both signatures from the welcome pack.
    await sender.page.reload();
    await sender.page.getByText('Signed by everyone').first().waitFor();
    await sender.page.goto('/app/my/dashboard?lng=en');
    await expect
      .poll(() => sender.page.getByRole('region', { name: 'Plan balance' }).textContent())
      .toContain('2 of 5 transactions used');
    for (const one of [first, second, sender]) expect(one.errors).toEqual([]);
  });

  it('ends when its second signer declines after the first signed, in Arabic on a 360 px phone', async () => {
    const phone = { width: 360, height: 780 };
    const quote = await pdfOf('quote', 1);
    const first = await newcomer(phone);
    const second = await newcomer(phone);
    const sender = await newcomer(phone);
    await sender.page.goto('/app/my/envelopes?lng=ar');
    await sender.page.getByRole('heading', { level: 1, name: 'مغلّفات التوقيع' }).waitFor();
    expect(await overflow(sender.page)).toBe(0);
    await sender.page.goto('/app/my/envelopes/send?lng=ar');
    await sendEnvelope(
      sender.page,
      {
        name: 'اسم المغلّف',
        add: 'إضافة موقّع',
        value: (n: string) => `الموقّع ${n === '1' ? '١' : '٢'}: رقم الهوية الوطنية أو الإقامة`,
        send: 'إرسال إلى الموقّعَين',
      },
      'عرض سعر',
      quote,
      [first.nationalId, second.nationalId],
    );
    await sender.page.getByText('مطلوب توقيعه الآن').waitFor();
    expect(await overflow(sender.page)).toBe(0);

    // The first signs on the phone (the approval page read in English: its number's digits).
    await first.page.goto('/app/my/envelopes?lng=ar');
    await first.page.getByRole('link', { name: 'فتح وتوقيع: مغلّف عرض سعر' }).click();
    await first.page.locator('[data-drawn]').first().waitFor();
    expect(await overflow(first.page)).toBe(0);
    await reviewShot(first.page, 'envelope-360-ar');
    await first.page.getByText('قرأت هذا المستند وأوقّعه.').click();
    await first.page.getByRole('button', { name: 'توقيع المستند' }).click();
    await first.page.waitForURL('**/esign/approve?request=*', HEAVY_WORK_BOUND);
    expect(await overflow(first.page)).toBe(0);
    await first.page.goto(`${first.page.url()}&lng=en`);
    await approveOnPhone(first.page, first.nationalId);
    await first.page.waitForURL('**/app/my/envelope?id=*', HEAVY_WORK_BOUND);

    // The second declines, with a reason.
    await second.page.goto('/app/my/envelopes?lng=ar');
    await second.page.getByRole('link', { name: 'فتح وتوقيع: مغلّف عرض سعر' }).click();
    await second.page.locator('[data-drawn]').first().waitFor();
    await second.page.getByRole('button', { name: 'رفض التوقيع' }).click();
    const dialog = second.page.getByRole('dialog');
    await dialog.getByLabel('سبب الرفض').fill('السعر غير صحيح');
    await dialog.getByRole('button', { name: 'رفض', exact: true }).click();
    await second.page.getByText('مرفوض').first().waitFor();
    await second.page.getByText('السعر غير صحيح').waitFor();
    await expect
      .poll(() => second.page.getByRole('button', { name: 'توقيع المستند' }).count())
      .toBe(0);
    expect(await overflow(second.page)).toBe(0);

    // The sender sees the first signature and the decline's reason.
    await sender.page.reload();
    await sender.page.getByText('السعر غير صحيح').waitFor();
    await sender.page.getByText('وقّع', { exact: true }).waitFor();
    await sender.page.getByText('رفض التوقيع').first().waitFor();
    expect(await overflow(sender.page)).toBe(0);
    for (const one of [first, second, sender]) expect(one.errors).toEqual([]);
  });
});
