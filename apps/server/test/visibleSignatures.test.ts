/**
 * Signatures people can see (issue 44): a signed PDF used to carry an invisible widget on no page,
 * so a reader of the viewed or printed document saw nothing. Now the stamp — who signed (both
 * names), when (Riyadh, Gregorian and Hijri), why, a QR code to the verify page — is drawn where
 * the request says (emdha's `page-x1,y1,x2,y2`, an empty signature field, or the default corner),
 * in the revision the signature covers; the signature still validates everywhere.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber } from '@libpdf/core';
import type { SignatureStamp } from '@tawqi/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { findSignatures, signedBytes } from '../src/modules/pki/pdfSignatures.js';
import { esignKit } from './esignKit.js';
import { startHarness } from './harness.js';
import { freshPerson } from './world.js';
import { ACCEPTED_EVERYWHERE, opensslKit, pdfsig } from './openssl.js';

const h = await startHarness();
h.clock.now = new Date();
const { file, checkSignature } = opensslKit(h, 'tawqi-stamps');
const { pdfOf, application, request, approve, derLength } = esignKit(h);
const sara = await freshPerson(h, { signatures: 50 });
const [names] = (
  await h.pool.query<{ full_name_ar: string; full_name_en: string }>(
    'SELECT full_name_ar, full_name_en FROM users WHERE user_slno = $1',
    [sara.userSlno],
  )
).rows;
if (!names) throw new Error('no Sara');
/**
 * Text without its spaces: pdftotext puts a space after some Arabic letters that do not join the
 * next (ر in «ريم» read «ر يم»), by the gap it measures between glyph runs, not by the text.
 */
const lettersOf = (text: string) => text.replace(/\s+/gu, '');
const { client } = await application(null);
// Enough signatures on Sara's plan for every test here.
await h.ownerPool.query(
  `UPDATE purchased_plans SET transactions = transactions + 100, valid_to = greatest(valid_to, current_date + 30)
    WHERE user_slno = $1 AND org_slno IS NULL`,
  [sara.userSlno],
);

// The identity app asks a person only so often: each test a new window.
beforeEach(async () => {
  await h.ownerPool.query(
    "DELETE FROM rate_limit_hits WHERE bucket LIKE 'nafath:%' OR bucket LIKE 'esign-ask%'",
  );
});

/** Sara signs `pdf` through `through`'s application with `stamp` (undefined: its default). */
async function signed(
  pdf: Buffer,
  stamp?: SignatureStamp,
  through: typeof client = client,
): Promise<Buffer> {
  const sent = {
    ...request(sara.nationalId, [
      { kind: 'pdf', name: 'deed.pdf', content: pdf.toString('base64') },
    ]),
    ...(stamp ? { stamp } : {}),
  };
  const asked = await through.requestSigning(sent);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  const answered = await approve(through, sent.txnId, sara.nationalId);
  expect(answered.body.status).toBe('success');
  const bytes = await through.signedPdf(sent.txnId, 1);
  if (!bytes) throw new Error('no signed PDF');
  return bytes;
}

/** The share of dark pixels of a page's rectangle (points from its lower left), as poppler draws it. */
function inkIn(
  pdf: Buffer,
  name: string,
  page: number,
  [x1, y1, x2, y2]: readonly [number, number, number, number],
): number {
  const path = file(`${name}.pdf`, pdf);
  const base = join(path, '..', `${name}-page`);
  // 72 dpi: a pixel a point.
  execFileSync('pdftoppm', [
    '-gray',
    '-r',
    '72',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    path,
    base,
  ]);
  const image = readFileSync(`${base}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/u.exec(image.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a PGM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = image.subarray(header[0].length);
  let dark = 0;
  let all = 0;
  for (let y = Math.round(height - y2); y < Math.round(height - y1); y++)
    for (let x = Math.round(x1); x < Math.round(x2); x++) {
      all++;
      if ((pixels[y * width + x] ?? 255) < 128) dark++;
    }
  return dark / all;
}

/** A page's text as pdftotext reads it, without the direction marks it adds around Arabic. */
function textOf(pdf: Buffer, name: string, page: number): string {
  return execFileSync(
    'pdftotext',
    ['-f', String(page), '-l', String(page), file(`${name}.pdf`, pdf), '-'],
    { encoding: 'utf8' },
  ).replace(/[\u202A-\u202E\u2066-\u2069]/gu, '');
}

/** The embedded signature as openssl and BouncyCastle read it, over the bytes it covers. */
async function validEverywhere(pdf: Buffer, name: string) {
  const report = await pdfsig(file(`${name}.pdf`, pdf));
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report.match(/^Signature #/gmu)).toHaveLength(1);
  const [embedded] = findSignatures(pdf);
  if (!embedded) throw new Error('no signature');
  const der = embedded.contents.subarray(0, derLength(embedded.contents));
  expect(await checkSignature(der, signedBytes(pdf, embedded), name)).toEqual(ACCEPTED_EVERYWHERE);
}

describe('a visible signature', () => {
  it('is drawn on each page the request names, says who signed in both languages, and validates', async () => {
    const pdf = await pdfOf(2);
    const first = [50, 50, 330, 150] as const;
    const second = [300, 600, 540, 690] as const;
    // Before: nothing drawn there.
    expect(inkIn(pdf, 'unsigned', 1, first)).toBe(0);
    const bytes = await signed(pdf, {
      appearance: 'logo',
      placement: `1-${first.join(',')};2-${second.join(',')}`,
    });
    expect(inkIn(bytes, 'placed', 1, first)).toBeGreaterThan(0.05);
    expect(inkIn(bytes, 'placed', 2, second)).toBeGreaterThan(0.05);
    // Only where asked: the rest of the first page is as it was.
    expect(inkIn(bytes, 'placed', 1, [50, 300, 330, 400])).toBe(0);
    const text = textOf(bytes, 'placed', 1);
    // Both names, the Arabic one in reading order (pdftotext reads the drawn glyphs back).
    expect(lettersOf(text)).toContain(lettersOf(names.full_name_ar));
    expect(text).toContain(names.full_name_en);
    expect(text).toContain('Tawqi');
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Riyadh\)/u);
    // The Hijri date in Arabic: its year in Arabic-Indic digits, and the era.
    expect(text).toMatch(/[\u0660-\u0669]{4}/u);
    expect(text).toContain('هـ');
    await validEverywhere(bytes, 'placed');
  });

  it('in words only, takes the place of an empty signature field the PDF has', async () => {
    const unsigned = await PDF.load(await pdfOf(1));
    const form = unsigned.getOrCreateForm();
    const field = form.createSignatureField('Buyer');
    const page = unsigned.getPage(0);
    if (!page) throw new Error('no page');
    const widget = unsigned.register(
      PdfDict.of({
        Type: PdfName.of('Annot'),
        Subtype: PdfName.of('Widget'),
        Rect: new PdfArray([300, 100, 540, 190].map((value) => PdfNumber.of(value))),
        P: page.ref,
        F: PdfNumber.of(4),
      }),
    );
    const fieldRef = unsigned
      .getCatalog()
      .getDict('AcroForm', (ref) => unsigned.getObject(ref))
      ?.getArray('Fields', (ref) => unsigned.getObject(ref))
      ?.at(0);
    if (fieldRef?.type !== 'ref') throw new Error('no field');
    const fieldDict = unsigned.getObject(fieldRef) as PdfDict;
    expect(fieldDict.getString('T')?.asString()).toBe(field.name);
    fieldDict.set('Kids', new PdfArray([widget]));
    (unsigned.getObject(widget) as PdfDict).set('Parent', fieldRef);
    page.dict.set('Annots', new PdfArray([widget]));
    const pdf = Buffer.from(await unsigned.save());

    const bytes = await signed(pdf, { appearance: 'text', field: 'Buyer' });
    expect(inkIn(bytes, 'field', 1, [300, 100, 540, 190])).toBeGreaterThan(0.05);
    const text = textOf(bytes, 'field', 1);
    expect(lettersOf(text)).toContain(lettersOf(names.full_name_ar));
    expect(text).not.toContain('Tawqi ·');
    expect(await pdfsig(file('field.pdf', bytes))).toContain('Signature Field Name: Buyer');
    await validEverywhere(bytes, 'field');
  });

  it('goes to the last page’s lower right corner by default, and is left out when asked', async () => {
    const pdf = await pdfOf(2);
    const box = (await PDF.load(pdf)).getPage(1)?.getMediaBox();
    if (!box) throw new Error('no page');
    const right = box.width - 36;
    const corner = [right - 220, 36, right, 36 + 80] as const;
    const byDefault = await signed(pdf);
    expect(inkIn(byDefault, 'default', 2, corner)).toBeGreaterThan(0.05);
    expect(inkIn(byDefault, 'default', 1, corner)).toBe(0);
    await validEverywhere(byDefault, 'default');

    const hidden = await signed(pdf, { appearance: 'none' });
    expect(inkIn(hidden, 'hidden', 2, corner)).toBe(0);
    expect(textOf(hidden, 'hidden', 2)).not.toContain(names.full_name_en);
    await validEverywhere(hidden, 'hidden');
  });

  it('follows its application’s default when the request names none', async () => {
    const place = [60, 400, 300, 490] as const;
    const { client: withDefault } = await application(null, {
      defaultStamp: { appearance: 'text', placement: `1-${place.join(',')}` },
    });
    const bytes = await signed(await pdfOf(1), undefined, withDefault);
    expect(inkIn(bytes, 'app-default', 1, place)).toBeGreaterThan(0.05);
    expect(textOf(bytes, 'app-default', 1)).not.toContain('Tawqi ·');
    // A request's own stamp still wins.
    const own = await signed(await pdfOf(1), { appearance: 'none' }, withDefault);
    expect(inkIn(own, 'app-own', 1, place)).toBe(0);
  });

  it('refuses a place the document lacks, with the catalogue’s error, and stores nothing', async () => {
    const pdf = await pdfOf(2);
    const count = async () =>
      Number(
        (await h.pool.query<{ count: string }>('SELECT count(*) FROM esign_transactions')).rows[0]
          ?.count,
      );
    const before = await count();
    for (const stamp of [
      { placement: '3-50,50,330,150' },
      { placement: '1-500,50,700,150' },
      { field: 'Nobody' },
    ]) {
      const refused = await client.requestSigning({
        ...request(sara.nationalId, [
          { kind: 'pdf', name: 'deed.pdf', content: pdf.toString('base64') },
        ]),
        stamp,
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'E1011' });
    }
    // Upside down or too small for its words: the request itself is malformed.
    for (const placement of ['1-330,50,50,150', '1-50,50,90,60', 'page one'])
      expect(
        (
          await client.requestSigning({
            ...request(sara.nationalId, [
              { kind: 'pdf', name: 'deed.pdf', content: pdf.toString('base64') },
            ]),
            stamp: { placement },
          })
        ).body,
      ).toMatchObject({ code: 'E1003', fields: ['stamp.placement'] });
    expect(await count()).toBe(before);
  });
});

describe('the integration API’s description', () => {
  it('describes the stamp a request may ask for, and its refusal', async () => {
    const described = await h.call('GET', '/api/openapi.json');
    const create = described.body.paths['/api/esign/v1/sign-requests'].post;
    const text = JSON.stringify(create.requestBody);
    expect(text).toContain('"stamp"');
    expect(text).toContain('page-x1,y1,x2,y2');
    expect(text).toMatch(/"enum":\["logo","text","none","organization"\]/u);
    expect(JSON.stringify(create.responses)).toContain('E1011');
  });
});

describe('a visible signature’s words', () => {
  it('come out of the PDF in reading order, ligatures included', async () => {
    // "القحطاني" ends in a noon-yeh ligature and "الآخرة" has lam-alef: PDFKit wrote their letters
    // in reading order, and readers (which reverse a right-to-left run) read "القحطاين".
    const { drawStamp } = await import('../src/pdf/signatureStamp.js');
    const stamp = await drawStamp(
      {
        appearance: 'text',
        nameArabic: 'سارة بنت عبدالله القحطاني',
        nameEnglish: 'Sara Al-Qahtani',
        signedAt: new Date('2026-11-29T11:47:00Z'),
        reason: 'Signed through Tawqi',
        verifyUrl: 'https://tawqi.example/verify?transaction=ES-1',
      },
      260,
      96,
    );
    const text = textOf(stamp, 'words', 1);
    expect(text).toContain('سارة بنت عبدالله القحطاني');
    expect(text).toContain('الآخرة');
    expect(text).toContain('2026-11-29 14:47 (Riyadh)');
  });

  it('keep within the stamp at its default size, the transaction’s id on its second line', async () => {
    // It was drawn past the stamp's lower edge, where the appearance cut it in half.
    const { drawStamp } = await import('../src/pdf/signatureStamp.js');
    const stamp = await drawStamp(
      {
        appearance: 'logo',
        nameArabic: 'محمد الحربي',
        nameEnglish: 'Mohammed Al-Harbi',
        signedAt: new Date('2026-11-29T07:54:00Z'),
        reason: 'Signed through Tawqi, transaction ES-53CFBEA240E34400',
        verifyUrl: 'https://tawqi.example/verify?transaction=ES-53CFBEA240E34400',
      },
      220,
      80,
    );
    const boxes = execFileSync('pdftotext', ['-bbox', file('default-stamp.pdf', stamp), '-'], {
      encoding: 'utf8',
    });
    const words = [...boxes.matchAll(/yMax="([\d.]+)">([^<]*)</gu)].map((match) => ({
      bottom: Number(match[1]),
      word: match[2],
    }));
    expect(words.map((one) => one.word)).toContain('ES-53CFBEA240E34400');
    for (const { bottom, word } of words) expect([word, bottom <= 80]).toEqual([word, true]);
  });
});
