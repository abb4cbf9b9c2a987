/**
 * The QR code Saudi e-invoicing (ZATCA, FATOORA, phase 1) requires on a simplified tax invoice:
 * five TLV fields (seller name, VAT number, time stamp, total with VAT, VAT), base64, so any
 * ZATCA-compliant reader shows the same figures as the paper.
 */

/** An amount in halalas as the QR writes it: riyals with two decimals ("227.70"). */
function riyals(halalas: number): string {
  return `${String(Math.trunc(halalas / 100))}.${String(halalas % 100).padStart(2, '0')}`;
}

export function simplifiedInvoiceQr(input: {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, UTC, without milliseconds. */
  issuedAt: string;
  totalHalalas: number;
  vatHalalas: number;
}): string {
  const fields = [
    input.sellerName,
    input.vatNumber,
    input.issuedAt,
    riyals(input.totalHalalas),
    riyals(input.vatHalalas),
  ].map((value, index) => {
    const data = Buffer.from(value, 'utf8');
    if (data.length > 255) throw new RangeError(`QR field ${String(index + 1)} is too long`);
    return Buffer.concat([Buffer.from([index + 1, data.length]), data]);
  });
  return Buffer.concat(fields).toString('base64');
}

/** The fields of a QR's TLV, decoded (for tests, and for anyone checking an invoice). */
export function readInvoiceQr(base64: string): string[] {
  const bytes = Buffer.from(base64, 'base64');
  const fields: string[] = [];
  for (let at = 0; at < bytes.length; at += 2 + (bytes[at + 1] ?? 0))
    fields.push(bytes.subarray(at + 2, at + 2 + (bytes[at + 1] ?? 0)).toString('utf8'));
  return fields;
}
