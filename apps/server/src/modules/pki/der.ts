/**
 * DER (X.690) written directly, for the structures made on every signature — a document's CMS
 * and its timestamp token. Their fixed parts (algorithm identifiers, a certificate's issuer and
 * serial, its ESS hash) are encoded once and kept; only the digest, the time, the random serial
 * and nonce and the signature value are written per signature. Building the same structures as
 * pkijs objects and encoding them was most of a hash signature's time. Everything written here is
 * strict DER: definite lengths, minimal INTEGERs, SET OFs in DER's order, times in UTC to the
 * second.
 */

/** DER bytes (a Buffer over its own ArrayBuffer, as WebCrypto takes them). */
export type Der = Buffer<ArrayBuffer>;

/** An element: its tag byte, then its length, then its content. */
export function tlv(tag: number, ...content: readonly Uint8Array[]): Der {
  let length = 0;
  for (const part of content) length += part.byteLength;
  const head = lengthOctets(length);
  const out = Buffer.allocUnsafe(1 + head.byteLength + length);
  out[0] = tag;
  out.set(head, 1);
  let at = 1 + head.byteLength;
  for (const part of content) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

function lengthOctets(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export const sequence = (...content: readonly Uint8Array[]) => tlv(0x30, ...content);

/**
 * A SET OF, its elements in DER's order (X.690 §11.6: by their encodings, as bytes). A relying
 * party that re-encodes signed attributes as DER before checking the signature (BouncyCastle,
 * and with it the EU's DSS) fails every signature whose attributes were written in another order.
 */
export function setOf(elements: readonly Uint8Array[]): Der {
  return tlv(0x31, ...[...elements].sort((a, b) => Buffer.compare(a, b)));
}

export const octetString = (bytes: Uint8Array) => tlv(0x04, bytes);

/** `[n]` EXPLICIT (constructed, context-specific). */
export const explicit = (n: number, ...content: readonly Uint8Array[]) => tlv(0xa0 + n, ...content);

/** An unsigned INTEGER from its big-endian bytes, minimal: no leading zero but for the sign. */
export function unsignedInteger(bytes: Uint8Array): Der {
  let start = 0;
  while (start < bytes.byteLength - 1 && bytes[start] === 0) start++;
  const value = bytes.subarray(start);
  return (value[0] ?? 0) & 0x80 ? tlv(0x02, Uint8Array.of(0), value) : tlv(0x02, value);
}

/** A small non-negative INTEGER (a version, an accuracy). */
export const smallInteger = (value: number) => {
  if (!Number.isInteger(value) || value < 0 || value > 0x7f) throw new RangeError('0–127 only');
  return tlv(0x02, Uint8Array.of(value));
};

const oids = new Map<string, Der>();
/** An OBJECT IDENTIFIER from its dotted form, encoded once. */
export function oid(dotted: string): Der {
  let encoded = oids.get(dotted);
  if (!encoded) {
    // Arcs as BigInt: a UUID arc (2.25.…) is far past a double's integers.
    const [first = 0n, second = 0n, ...rest] = dotted.split('.').map(BigInt);
    const bytes: number[] = [];
    for (const arc of [first * 40n + second, ...rest]) {
      const groups = [Number(arc & 0x7fn)];
      for (let value = arc >> 7n; value > 0n; value >>= 7n)
        groups.unshift(Number(value & 0x7fn) | 0x80);
      bytes.push(...groups);
    }
    encoded = tlv(0x06, Uint8Array.from(bytes));
    oids.set(dotted, encoded);
  }
  return encoded;
}

export const NULL: Der = tlv(0x05);

const twoDigits = (value: number) => String(value).padStart(2, '0');
const clock = (date: Date) =>
  `${twoDigits(date.getUTCMonth() + 1)}${twoDigits(date.getUTCDate())}${twoDigits(
    date.getUTCHours(),
  )}${twoDigits(date.getUTCMinutes())}${twoDigits(date.getUTCSeconds())}Z`;

/** UTCTime to the second (years 1950–2049, as RFC 5280 writes them). */
export function utcTime(date: Date): Der {
  const year = date.getUTCFullYear();
  if (year < 1950 || year > 2049) throw new RangeError('UTCTime holds 1950–2049');
  return tlv(0x17, Buffer.from(`${twoDigits(year % 100)}${clock(date)}`, 'latin1'));
}

/** GeneralizedTime to the second, in UTC (no fraction: DER forbids trailing zeros in one). */
export function generalizedTime(date: Date): Der {
  return tlv(
    0x18,
    Buffer.from(`${String(date.getUTCFullYear()).padStart(4, '0')}${clock(date)}`, 'latin1'),
  );
}

/**
 * An ECDSA signature as CMS carries it (ECDSA-Sig-Value: SEQUENCE of r and s) from WebCrypto's
 * r‖s, each half as a minimal INTEGER.
 */
export function ecdsaSignatureValue(rs: Uint8Array): Der {
  if (rs.byteLength % 2 !== 0 || rs.byteLength === 0)
    throw new RangeError('r‖s, halves of one size');
  const half = rs.byteLength / 2;
  return sequence(unsignedInteger(rs.subarray(0, half)), unsignedInteger(rs.subarray(half)));
}

/**
 * The parts of a DER element: its tag, and where its content starts and ends in `der` (for
 * reading back a certificate's issuer and serial, once per certificate).
 */
export function children(der: Uint8Array, start = 0, end = der.byteLength) {
  const found: { tag: number; start: number; contentStart: number; end: number }[] = [];
  let at = start;
  while (at < end) {
    const tag = der[at] ?? 0;
    let length = der[at + 1] ?? 0;
    let contentStart = at + 2;
    if (length & 0x80) {
      const count = length & 0x7f;
      length = 0;
      for (let i = 0; i < count; i++) length = length * 256 + (der[at + 2 + i] ?? 0);
      contentStart += count;
    }
    found.push({ tag, start: at, contentStart, end: contentStart + length });
    at = contentStart + length;
  }
  return found;
}
