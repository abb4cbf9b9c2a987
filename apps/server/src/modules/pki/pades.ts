/**
 * A PDF signed at PAdES (ETSI EN 319 142-1): an incremental update adding a signature field whose
 * /Contents is our CAdES detached SignedData over the byte ranges (SubFilter ETSI.CAdES.detached;
 * DER, ESS signing-certificate-v2, no signing-time attribute — the time is the M entry and our
 * time-stamping authority's token over the signature value: B-T). By default a second update adds
 * the Document Security Store: the certificates a validator walks (the signer's chain, the TSA's
 * and the OCSP responder's), our OCSP answers for the signer's and the TSA's certificates, and the
 * issuing CA's CRL and the root's ARL — so the signature validates offline after the one-hour
 * certificate has expired (B-LT). On request a document timestamp seals that (B-LTA).
 *
 * The PDF work (field, placeholder, byte ranges, incremental saves, the document timestamp) is
 * @libpdf/core's. The CMS in /Contents is replaced by ours: @libpdf/core always writes a
 * signing-time attribute, which PAdES forbids. The DSS is written here from what we know rather
 * than by @libpdf/core's gatherer, which fetches issuers' certificates over HTTP.
 */
import { createHash } from 'node:crypto';
import {
  CryptoKeySigner,
  PDF,
  PdfArray,
  PdfDict,
  PdfStream,
  type TimestampAuthority,
} from '@libpdf/core';
import type { Queryable } from '../../db/pool.js';
import type { Authority, CaMember } from './authority.js';
import { signDetached } from './cms.js';
import { findSignatures, signedBytes, type FoundSignature } from './pdfSignatures.js';
import { ocspAnswerFor } from './ocsp.js';
import { stampDigest } from './tsa.js';
import type * as x509 from './x509.js';

export const PADES_LEVELS = ['B-T', 'B-LT', 'B-LTA'] as const;
export type PadesLevel = (typeof PADES_LEVELS)[number];

/** What proves offline, years later, that the certificates were good when the PDF was signed. */
export interface ValidationData {
  certificates: ArrayBuffer[];
  ocspResponses: Uint8Array[];
  crls: Uint8Array[];
}

export interface PdfSignatureOrder {
  pdf: Uint8Array;
  /** The signer's certificate and its ECDSA P-256 key. */
  certificate: x509.X509Certificate;
  privateKey: CryptoKey;
  issuing: x509.X509Certificate;
  tsa: CaMember;
  now: Date;
  /** Shown by PDF readers beside the signature. */
  reason: string;
  level: PadesLevel;
  /** Asked for B-LT and B-LTA only. */
  validationData: () => Promise<ValidationData>;
}

export class UnreadablePdfError extends Error {
  override readonly name = 'UnreadablePdfError';
}

/**
 * Our own proof for a certificate of the issuing CA: its chain, the TSA's and the OCSP responder's
 * certificates, our responder's answers for it and for the TSA's, the CRL and the root's ARL.
 * `db` sees the certificate (the transaction that issued it, when not yet committed).
 */
export async function ownValidationData(
  db: Queryable,
  authority: Authority,
  certificate: x509.X509Certificate,
  now: Date,
): Promise<ValidationData> {
  const tsa = await authority.timestamper();
  const responder = await authority.responder();
  const answer = (one: x509.X509Certificate) =>
    ocspAnswerFor(db, authority.issuing, responder, one, now);
  return {
    certificates: [
      certificate.rawData,
      authority.issuing.rawData,
      authority.root.rawData,
      tsa.certificate.rawData,
      responder.certificate.rawData,
    ],
    ocspResponses: [await answer(certificate), await answer(tsa.certificate)],
    crls: [await authority.currentCrl(), await authority.currentArl()],
  };
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

/**
 * @libpdf/core escapes these in Reason and then its string escapes them again (a reader shows
 * `\(`); they are left out of what we hand it.
 */
const readerText = (text: string) => text.replace(/[\\()\r\n]/g, ' ').replace(/ {2,}/g, ' ');

/** Writes `cms` (DER) into the placeholder of `signature`, zero-padded as the placeholder is. */
function withContents(pdf: Buffer, signature: FoundSignature, cms: Buffer): Buffer {
  const [, length, next] = signature.ranges;
  const room = next - length - 2;
  const hex = cms.toString('hex').toUpperCase();
  if (hex.length > room)
    throw new Error(
      `the signature needs ${String(hex.length)} hex digits, the placeholder has ${String(room)}`,
    );
  const out = Buffer.from(pdf);
  out.write(hex.padEnd(room, '0'), length + 1, 'latin1');
  return out;
}

/** The Document Security Store (ETSI EN 319 142-1 §5.4.2), added to the catalog. */
function addSecurityStore(pdf: PDF, data: ValidationData): void {
  const streams = (items: readonly (ArrayBuffer | Uint8Array)[]) =>
    new PdfArray(items.map((item) => pdf.register(new PdfStream([], new Uint8Array(item)))));
  pdf.getCatalog().set(
    'DSS',
    pdf.register(
      new PdfDict([
        ['Certs', streams(data.certificates)],
        ['OCSPs', streams(data.ocspResponses)],
        ['CRLs', streams(data.crls)],
      ]),
    ),
  );
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
  // The field, the signature dictionary and the byte ranges; its CMS is replaced below.
  const { bytes: laidOut } = await pdf.sign({
    signer,
    level: 'B-B',
    subFilter: 'ETSI.CAdES.detached',
    signingTime: order.now,
    reason: readerText(order.reason),
    location: 'Tawqi',
    digestAlgorithm: 'SHA-256',
    // Two certificates and a token with the TSA's own: well under 16 KB.
    estimatedSize: 16_384,
  });
  const laidOutBytes = Buffer.from(laidOut.buffer, laidOut.byteOffset, laidOut.byteLength);
  const placed = findSignatures(laidOutBytes).at(-1);
  if (!placed) throw new Error('the signature was not laid out');
  const cms = await signDetached({
    digest: createHash('sha256').update(signedBytes(laidOutBytes, placed)).digest(),
    certificate: order.certificate,
    privateKey: order.privateKey,
    issuing: order.issuing,
    tsa: order.tsa,
    now: order.now,
    pades: true,
  });
  const signed = withContents(laidOutBytes, placed, cms);
  if (order.level === 'B-T') return signed;

  const longTerm = await PDF.load(signed);
  addSecurityStore(longTerm, await order.validationData());
  const withStore = await longTerm.save({ incremental: true });
  if (order.level === 'B-LT') return withStore;

  const archived = await PDF.load(withStore);
  const { bytes } = await archived.addTimestamp({
    timestampAuthority: ownTimestamps(order.tsa, order.now),
    digestAlgorithm: 'SHA-256',
  });
  return bytes;
}
