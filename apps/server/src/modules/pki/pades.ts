/**
 * A PDF signed at PAdES baseline B-T (ETSI EN 319 142-1): an incremental update adding a signature
 * field whose /Contents is a CAdES detached SignedData over the byte ranges (SubFilter
 * ETSI.CAdES.detached, ESS signing-certificate-v2), with our time-stamping authority's token over
 * the signature value as its unsigned attribute. The PDF work (placeholder, byte ranges, the
 * incremental save) is @libpdf/core's; the key, the certificate and the timestamp are ours, each
 * handed to it through its Signer and TimestampAuthority interfaces, so nothing leaves the process.
 */
import { CryptoKeySigner, PDF, type TimestampAuthority } from '@libpdf/core';
import type { CaMember } from './authority.js';
import { stampDigest } from './tsa.js';
import type * as x509 from './x509.js';

export interface PdfSignatureOrder {
  pdf: Uint8Array;
  /** The signer's certificate and its ECDSA P-256 key. */
  certificate: x509.X509Certificate;
  privateKey: CryptoKey;
  issuing: x509.X509Certificate;
  tsa: CaMember;
  now: Date;
  /** Shown by PDF readers beside the signature (the signer's name, why). */
  name: string;
  reason: string;
}

export class UnreadablePdfError extends Error {
  override readonly name = 'UnreadablePdfError';
}

/** Our own authority, asked in process (the digest is of the signature value). */
function ownTimestamps(tsa: CaMember, now: Date): TimestampAuthority {
  return {
    async timestamp(digest, algorithm) {
      if (algorithm !== 'SHA-256') throw new Error(`our TSA is asked SHA-256, not ${algorithm}`);
      const token = await stampDigest(tsa, digest, now);
      return new Uint8Array(token.toSchema().toBER(false));
    },
  };
}

/** The signed PDF's bytes; an unreadable or encrypted PDF is refused with UnreadablePdfError. */
export async function signPdf(order: PdfSignatureOrder): Promise<Uint8Array> {
  let pdf: PDF;
  try {
    pdf = await PDF.load(order.pdf);
  } catch (error) {
    throw new UnreadablePdfError('the document is not a readable PDF', { cause: error });
  }
  if (pdf.isEncrypted) throw new UnreadablePdfError('the document is encrypted');
  const signer = new CryptoKeySigner(
    order.privateKey,
    new Uint8Array(order.certificate.rawData),
    'EC',
    'ECDSA',
    [new Uint8Array(order.issuing.rawData)],
  );
  const { bytes } = await pdf.sign({
    signer,
    level: 'B-T',
    subFilter: 'ETSI.CAdES.detached',
    timestampAuthority: ownTimestamps(order.tsa, order.now),
    signingTime: order.now,
    reason: order.reason,
    location: 'Tawqi',
    contactInfo: order.name,
    digestAlgorithm: 'SHA-256',
    // Two certificates and a token with the TSA's own: well under 16 KB.
    estimatedSize: 16_384,
  });
  return bytes;
}
