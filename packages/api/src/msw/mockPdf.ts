/**
 * The document the mocks answer with: a real one-page PDF (a story that shows a document draws
 * it, as the portal does a signer's), written out here so the package carries no binary file.
 * Its cross-reference table is worked out from the objects, as a PDF reader expects.
 */
const OBJECTS = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
  'CONTENT',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
];

const CONTENT = [
  'BT /F1 22 Tf 72 760 Td (Lease agreement) Tj ET',
  'BT /F1 12 Tf 72 720 Td (The landlord lets the flat to the tenant for one year.) Tj ET',
  '0.6 w 72 160 m 280 160 l S',
  'BT /F1 10 Tf 72 145 Td (Signature) Tj ET',
].join('\n');

function mockPdf(): Uint8Array {
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  OBJECTS.forEach((body, index) => {
    offsets.push(out.length);
    const object =
      body === 'CONTENT'
        ? `<< /Length ${String(CONTENT.length)} >>\nstream\n${CONTENT}\nendstream`
        : body;
    out += `${String(index + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const table = out.length;
  const entry = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`;
  out +=
    `xref\n0 ${String(OBJECTS.length + 1)}\n0000000000 65535 f \n${offsets.map(entry).join('')}` +
    `trailer\n<< /Size ${String(OBJECTS.length + 1)} /Root 1 0 R >>\nstartxref\n${String(table)}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

export const MOCK_PDF_BYTES = mockPdf();
