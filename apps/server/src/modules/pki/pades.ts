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
 * This is the PDF side, run where the file is parsed (a worker thread of the PDF process:
 * esign/pdfWork.ts); what needs the keys is padesSteps.ts's, asked for as it goes. The PDF work (field, placeholder, byte
 * ranges, incremental saves, the document timestamp) is @libpdf/core's. The CMS in /Contents is replaced by ours: @libpdf/core always writes a
 * signing-time attribute, which PAdES forbids. The DSS is written here from what we know rather
 * than by @libpdf/core's gatherer, which fetches issuers' certificates over HTTP.
 */
import { createHash } from 'node:crypto';
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfRef,
  PdfStream,
  type SignOptions,
  type Signer,
} from '@libpdf/core';
import { findSignatures, signedBytes, type FoundSignature } from './pdfSignatures.js';
import { signShowing, type VisibleSignature } from './visibleSignature.js';

export const PADES_LEVELS = ['B-T', 'B-LT', 'B-LTA'] as const;
export type PadesLevel = (typeof PADES_LEVELS)[number];

/** What proves offline, years later, that the certificates were good when the PDF was signed. */
export interface ValidationData {
  certificates: ArrayBuffer[];
  ocspResponses: Uint8Array[];
  crls: Uint8Array[];
}

/** What the PDF side of signing is given: the file, the certificates to name, the words to show. */
export interface PdfSigning {
  pdf: Uint8Array;
  /** The signer's certificate first, then the issuing CA's (DER). */
  certificates: Uint8Array[];
  now: Date;
  /** Shown by PDF readers beside the signature. */
  reason: string;
  level: PadesLevel;
  /** The stamp people see, and where; without it, the signature is not shown. */
  visible?: VisibleSignature | undefined;
}

/**
 * What only the holder of the keys can do, asked by the PDF side as it goes: the PDF work runs in a
 * worker thread (the file is untrusted), the keys stay where they are.
 */
export interface SigningSteps {
  /** Our CAdES signature (DER) over the laid-out byte ranges' SHA-256 digest. */
  signature(digest: Uint8Array): Promise<Uint8Array>;
  /** Asked for B-LT and B-LTA only. */
  validationData(): Promise<ValidationData>;
  /** Our TSA's token (DER) over a SHA-256 digest: the document timestamp of B-LTA. */
  timestamp(digest: Uint8Array): Promise<Uint8Array>;
}

export class UnreadablePdfError extends Error {
  override readonly name = 'UnreadablePdfError';
}

/**
 * Lays the signature out for @libpdf/core without signing anything: its CMS is replaced by ours,
 * so the value it asks for is a placeholder of the size an ECDSA P-256 signature can take.
 */
function layoutSigner(certificates: Uint8Array[]): Signer {
  const [certificate, ...chain] = certificates;
  if (!certificate) throw new Error("the signer's certificate is missing");
  // SEQUENCE { INTEGER r, INTEGER s }, each 33 bytes at most.
  const placeholder = new Uint8Array(72);
  placeholder.set([0x30, 70, 0x02, 33], 0);
  placeholder.set([0x02, 33], 37);
  return {
    certificate,
    certificateChain: chain,
    keyType: 'EC',
    signatureAlgorithm: 'ECDSA',
    sign: () => Promise.resolve(placeholder),
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

/**
 * The Document Security Store (ETSI EN 319 142-1 §5.4.2), added to the catalog. A document signed
 * before (an envelope's earlier signers) keeps what its store held: the new one lists that first,
 * so every signature's proof is in the latest store a validator reads, and adds only what it does
 * not hold yet (the CA's certificates and its CRL are the same for every signer).
 */
function addSecurityStore(pdf: PDF, data: ValidationData): void {
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const earlier = pdf.getCatalog().getDict('DSS', resolve);
  const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  const streams = (key: string, items: readonly (ArrayBuffer | Uint8Array)[]) => {
    const kept = earlier?.getArray(key, resolve)?.toArray() ?? [];
    const held = new Set(
      kept.map((item) => {
        const stream = item instanceof PdfRef ? resolve(item) : item;
        return stream instanceof PdfStream ? digestOf(stream.getDecodedData()) : null;
      }),
    );
    const added = [];
    for (const item of items) {
      const bytes = new Uint8Array(item);
      const digest = digestOf(bytes);
      if (held.has(digest)) continue;
      held.add(digest);
      added.push(pdf.register(new PdfStream([], bytes)));
    }
    return new PdfArray([...kept, ...added]);
  };
  pdf.getCatalog().set(
    'DSS',
    pdf.register(
      new PdfDict([
        ['Certs', streams('Certs', data.certificates)],
        ['OCSPs', streams('OCSPs', data.ocspResponses)],
        ['CRLs', streams('CRLs', data.crls)],
      ]),
    ),
  );
}

/**
 * The signed PDF's bytes; an unreadable or encrypted PDF is refused with UnreadablePdfError. Runs
 * where the file is parsed (a worker thread of the PDF process: esign/pdfWork.ts); `steps` does
 * what needs the keys.
 */
export async function signPdf(job: PdfSigning, steps: SigningSteps): Promise<Uint8Array> {
  let pdf: PDF;
  try {
    pdf = await PDF.load(job.pdf);
  } catch (error) {
    throw new UnreadablePdfError('the document is not a readable PDF', { cause: error });
  }
  if (pdf.isEncrypted) throw new UnreadablePdfError('the document is encrypted');
  // The field, the signature dictionary and the byte ranges; its CMS is replaced below.
  const layout: SignOptions = {
    signer: layoutSigner(job.certificates),
    level: 'B-B',
    subFilter: 'ETSI.CAdES.detached',
    signingTime: job.now,
    reason: readerText(job.reason),
    location: 'Tawqi',
    digestAlgorithm: 'SHA-256',
    // Two certificates and a token with the TSA's own: well under 16 KB.
    estimatedSize: 16_384,
  };
  const { bytes: laidOut } = job.visible
    ? await signShowing(pdf, layout, job.visible)
    : await pdf.sign(layout);
  const laidOutBytes = Buffer.from(laidOut.buffer, laidOut.byteOffset, laidOut.byteLength);
  const placed = findSignatures(laidOutBytes).at(-1);
  if (!placed) throw new Error('the signature was not laid out');
  const cms = await steps.signature(
    createHash('sha256').update(signedBytes(laidOutBytes, placed)).digest(),
  );
  const signed = withContents(laidOutBytes, placed, Buffer.from(cms));
  if (job.level === 'B-T') return signed;

  const longTerm = await PDF.load(signed);
  addSecurityStore(longTerm, await steps.validationData());
  const withStore = await longTerm.save({ incremental: true });
  if (job.level === 'B-LT') return withStore;

  const archived = await PDF.load(withStore);
  const { bytes } = await archived.addTimestamp({
    timestampAuthority: {
      async timestamp(digest, algorithm) {
        if (algorithm !== 'SHA-256') throw new Error(`our TSA is asked SHA-256, not ${algorithm}`);
        return steps.timestamp(digest);
      },
    },
    digestAlgorithm: 'SHA-256',
  });
  return bytes;
}
