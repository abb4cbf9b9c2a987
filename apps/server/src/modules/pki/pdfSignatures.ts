/**
 * Where a PDF's signatures are: each signature dictionary's /ByteRange and the /Contents between
 * its two ranges (the CMS, DER, zero-padded), found in the file's bytes as any reader finds them.
 */
export interface FoundSignature {
  ranges: [number, number, number, number];
  contents: Buffer;
}

/** The signatures' byte ranges and /Contents (the CMS, DER, zero-padded), in file order. */
export function findSignatures(
  pdf: Buffer,
  /** The file as latin1 text, when the caller has it already. */
  text = pdf.toString('latin1'),
): FoundSignature[] {
  const found: FoundSignature[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const ranges = match.slice(1, 5).map(Number) as [number, number, number, number];
    const [start, length, next, rest] = ranges;
    if (start !== 0 || next < length || next + rest > pdf.length) continue;
    const hex = text.slice(length, next).trim();
    if (!/^<[0-9A-Fa-f\s]*>$/.test(hex)) continue;
    found.push({ ranges, contents: Buffer.from(hex.slice(1, -1).replace(/\s/g, ''), 'hex') });
  }
  return found;
}

/** The bytes a signature covers: its two byte ranges, joined. */
export function signedBytes(pdf: Buffer, { ranges: [start, length, next, rest] }: FoundSignature) {
  return Buffer.concat([pdf.subarray(start, start + length), pdf.subarray(next, next + rest)]);
}
