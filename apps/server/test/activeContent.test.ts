/**
 * A PDF to be signed does and carries only what it shows (src/modules/esign/activeContent.ts):
 * scripts, actions that launch or send, embedded files, rich media, XFA forms and bytes after the
 * file's end are refused, however they are written; an ordinary document, its links and an
 * earlier signature's field pass. The PDFs are made here with @libpdf/core.
 */
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfString } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { readableForSigning } from '../src/modules/esign/pdfReading.js';

const LIMITS = { maxSignatures: 20, maxObjects: 50_000, maxParseBytes: 64 * 1024 * 1024 };

/** A one-page PDF, `change` applied to it before it is saved. */
async function pdfWith(change: (document: PDF) => void = () => undefined): Promise<Buffer> {
  const document = PDF.create();
  document.addPage().drawText('What the signer reads', { x: 72, y: 720, size: 14 });
  change(document);
  return Buffer.from(await document.save());
}

const javaScript = () =>
  PdfDict.of({ S: PdfName.of('JavaScript'), JS: PdfString.fromString('app.alert(1)') });

const annotation = (subtype: string, extra: Record<string, PdfDict | PdfName> = {}) =>
  PdfDict.of({
    Type: PdfName.of('Annot'),
    Subtype: PdfName.of(subtype),
    Rect: new PdfArray([0, 0, 50, 50].map((value) => PdfNumber.of(value))),
    ...extra,
  });

function annotate(document: PDF, ...annotations: PdfDict[]) {
  const page = document.getPages()[0];
  if (!page) throw new Error('no page');
  page.dict.set('Annots', new PdfArray(annotations.map((one) => document.register(one))));
}

const check = async (pdf: Buffer) => readableForSigning(pdf, LIMITS, null);

/** A one-page PDF written by hand, its offsets counted: `catalog` is added to its catalog. */
function handWritten(catalog: string): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${catalog} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let text = '%PDF-1.7\n';
  const offsets = objects.map((body, index) => {
    const at = text.length;
    text += `${String(index + 1)} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = text.length;
  text += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  for (const at of offsets) text += `${String(at).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

describe('a PDF put to a signer', () => {
  it('passes when it shows all it does: text, a web link, a plain annotation', async () => {
    expect(await check(await pdfWith())).toBe('ok');
    const linked = await pdfWith((document) => {
      annotate(
        document,
        annotation('Link', {
          A: PdfDict.of({ S: PdfName.of('URI'), URI: PdfName.of('https://tawqi.example.sa') }),
        }),
        annotation('Square'),
      );
    });
    expect(await check(linked)).toBe('ok');
  });

  it.each([
    [
      'JavaScript run on opening',
      (document: PDF) => {
        document.getCatalog().set('OpenAction', document.register(javaScript()));
      },
    ],
    [
      'JavaScript in the names tree',
      (document: PDF) => {
        document.getCatalog().set(
          'Names',
          PdfDict.of({
            JavaScript: PdfDict.of({
              Names: new PdfArray([PdfString.fromString('init'), document.register(javaScript())]),
            }),
          }),
        );
      },
    ],
    [
      'a program launched from a link',
      (document: PDF) => {
        annotate(
          document,
          annotation('Link', {
            A: PdfDict.of({ S: PdfName.of('Launch'), F: PdfName.of('cmd.exe') }),
          }),
        );
      },
    ],
    [
      'actions run when a page opens',
      (document: PDF) => {
        document.getPages()[0]?.dict.set('AA', PdfDict.of({ O: javaScript() }));
      },
    ],
    [
      'an embedded file',
      (document: PDF) => {
        document
          .getCatalog()
          .set('Names', PdfDict.of({ EmbeddedFiles: PdfDict.of({ Names: new PdfArray([]) }) }));
      },
    ],
    [
      'rich media',
      (document: PDF) => {
        annotate(document, annotation('RichMedia'));
      },
    ],
    [
      'an XFA form',
      (document: PDF) => {
        document
          .getCatalog()
          .set('AcroForm', PdfDict.of({ Fields: new PdfArray([]), XFA: PdfName.of('x') }));
      },
    ],
  ])('refuses %s', async (_what, change) => {
    expect(await check(await pdfWith(change))).toBe('activeContent');
  });

  it('refuses a name written with escapes, as a viewer reads it', async () => {
    // /J#61vaScript is /JavaScript.
    const action = ' /OpenAction << /S /J#61vaScript /JS (app.alert\\(1\\)) >>';
    expect(await check(handWritten(''))).toBe('ok');
    expect(await check(handWritten(action))).toBe('activeContent');
  });

  it('refuses bytes after the end of the file: a PDF that is also a ZIP', async () => {
    const pdf = await pdfWith();
    const zip = Buffer.from('PK\u0005\u0006\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0', 'latin1');
    expect(await check(Buffer.concat([pdf, zip]))).toBe('activeContent');
    expect(await check(Buffer.concat([pdf, Buffer.from('\r\n\n')]))).toBe('ok');
  });
});
