/**
 * Reading a signed PDF as anyone may upload it: what each signature in it says and
 * whether its cryptography holds — the signer's certificate, whether the signed bytes are
 * unchanged (the CMS digest by the signer's own algorithm, and its signature), its RFC 3161 token
 * (over the signature value by the imprint's own algorithm, its signature by the certificate it
 * carries), and what the file's later revisions added. Nothing here decides trust: that needs our
 * records (verify.ts). This is the part an attacker's file can make expensive, so it runs in a
 * worker thread with limits (pdfWork.ts), and refuses a file with more signatures or objects
 * than the limits allow before parsing it.
 */
import {
  X509Certificate as NodeX509Certificate,
  constants,
  createHash,
  verify as nodeVerify,
} from 'node:crypto';
import { PDF } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { findSignatures, signedBytes, type FoundSignature } from '../pki/pdfSignatures.js';
import { laterRevisions, revisionEnds, type LaterRevisions } from '../pki/revisions.js';
import { placedIn, type StampPlacement } from '../pki/visibleSignature.js';
import { activeContentOf, bytesAfterEnd } from './activeContent.js';

/** What checking an eSign upload found. */
export type PdfCheck = 'ok' | 'unreadable' | 'misplaced' | 'activeContent';

const OID = {
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  messageDigest: '1.2.840.113549.1.9.4',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

/** What a file may hold for the verify page to read it. */
export interface ReadingLimits {
  maxSignatures: number;
  /** Objects, those packed in object streams counted too. */
  maxObjects: number;
  /** Bytes parsed to compare each signed revision with the whole file (each is parsed once). */
  maxParseBytes: number;
}

/** A file the limits refuse, and why. */
export class TooComplexError extends Error {
  override readonly name = 'TooComplexError';
  constructor(readonly reason: 'signatures' | 'objects' | 'revisions' | 'time' | 'memory') {
    super(`the file has too many ${reason}`);
  }
}

/** One signature as read: its certificates as DER, nothing yet trusted. */
export interface ReadSignature {
  /** The signer's certificate (named by the SignerInfo's issuer and serial). */
  leaf: Uint8Array;
  /** The signed bytes' digest matches and the signature over the signed attributes verifies. */
  intact: boolean;
  coversWholeDocument: boolean;
  addedAfter: LaterRevisions;
  /** A token over this signature's value whose own signature verifies: its time and signer. */
  timestamp: { time: string; tsa: Uint8Array } | null;
}

const attributeOf = (
  attributes: pkijs.SignedAndUnsignedAttributes | undefined,
  type: string,
): unknown => attributes?.attributes.find((attribute) => attribute.type === type)?.values[0];

function sameBytes(a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array) {
  return Buffer.from(new Uint8Array(a)).equals(Buffer.from(new Uint8Array(b)));
}

/** The certificate among `certificates` that a signer's IssuerAndSerialNumber names. */
function certificateOf(
  certificates: pkijs.SignedData['certificates'],
  signerInfo: pkijs.SignerInfo,
): pkijs.Certificate | undefined {
  const sid = signerInfo.sid as unknown;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return undefined;
  return certificates?.find(
    (one): one is pkijs.Certificate =>
      one instanceof pkijs.Certificate &&
      sameBytes(
        one.serialNumber.valueBlock.valueHexView,
        sid.serialNumber.valueBlock.valueHexView,
      ) &&
      one.issuer.isEqual(sid.issuer),
  );
}

/** Whether a signer's message-digest attribute is the digest of `data` by the signer's algorithm. */
function digestMatches(signerInfo: pkijs.SignerInfo, data: ArrayBuffer | Uint8Array): boolean {
  const digest = attributeOf(signerInfo.signedAttrs, OID.messageDigest) as
    asn1js.OctetString | undefined;
  const algorithm = DIGESTS[signerInfo.digestAlgorithm.algorithmId];
  return (
    !!digest &&
    !!algorithm &&
    sameBytes(
      digest.valueBlock.valueHexView,
      createHash(algorithm).update(new Uint8Array(data)).digest(),
    )
  );
}

const DIGESTS: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const RSA_PSS = '1.2.840.113549.1.1.10';

/**
 * A signer's signature over its signed attributes (DER as a SET, RFC 5652 §5.4), checked with the
 * certificate's key by Node itself: ECDSA (DER signatures), RSA PKCS#1 v1.5 or PSS. pkijs's own
 * check refuses a signature algorithm written as the key's (id-ecPublicKey), which CMS allows and
 * PDF signers write.
 */
function signerInfoVerifies(signerInfo: pkijs.SignerInfo, certificate: pkijs.Certificate): boolean {
  const algorithm = DIGESTS[signerInfo.digestAlgorithm.algorithmId];
  if (!algorithm || !signerInfo.signedAttrs) return false;
  try {
    const encoded = new Uint8Array(signerInfo.signedAttrs.encodedValue);
    // Signed as an explicit SET OF, not with the [0] IMPLICIT tag it is carried with.
    const signedBytes = Buffer.from(encoded);
    signedBytes[0] = 0x31;
    const key = new NodeX509Certificate(Buffer.from(certificate.toSchema().toBER(false))).publicKey;
    const pss = signerInfo.signatureAlgorithm.algorithmId === RSA_PSS;
    return nodeVerify(
      algorithm,
      signedBytes,
      pss ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: -2 } : key,
      Buffer.from(signerInfo.signature.valueBlock.valueHexView),
    );
  } catch {
    return false;
  }
}

/**
 * A token's time and signer, when it is a TSTInfo token whose imprint is over `signatureValue` (by
 * the imprint's own digest) and whose signature verifies with the certificate it names. Whose
 * certificate that is, is for the judge.
 */
function tokenOf(
  token: asn1js.Sequence | undefined,
  signatureValue: ArrayBuffer,
): ReadSignature['timestamp'] {
  if (!token) return null;
  try {
    const content = new pkijs.ContentInfo({ schema: token });
    const signed = new pkijs.SignedData({ schema: content.content });
    if (signed.encapContentInfo.eContentType !== OID.tstInfo) return null;
    const eContent = signed.encapContentInfo.eContent?.getValue();
    if (!eContent) return null;
    const info = pkijs.TSTInfo.fromBER(eContent);
    const imprintDigest = DIGESTS[info.messageImprint.hashAlgorithm.algorithmId];
    if (!imprintDigest) return null;
    const imprint = createHash(imprintDigest).update(new Uint8Array(signatureValue)).digest();
    if (!sameBytes(info.messageImprint.hashedMessage.valueBlock.valueHexView, imprint)) return null;
    const [tokenSigner] = signed.signerInfos;
    if (!tokenSigner || signed.signerInfos.length !== 1) return null;
    const tsa = certificateOf(signed.certificates, tokenSigner);
    if (!tsa || !digestMatches(tokenSigner, eContent) || !signerInfoVerifies(tokenSigner, tsa))
      return null;
    return { time: info.genTime.toISOString(), tsa: new Uint8Array(tsa.toSchema().toBER(false)) };
  } catch {
    return null;
  }
}

async function readOne(
  pdf: Buffer,
  found: FoundSignature,
  revisionsAfter: (end: number) => Promise<LaterRevisions>,
): Promise<ReadSignature | null> {
  let signed: pkijs.SignedData;
  try {
    const parsed = asn1js.fromBER(new Uint8Array(found.contents));
    if (parsed.offset === -1) return null;
    signed = new pkijs.SignedData({
      schema: new pkijs.ContentInfo({ schema: parsed.result }).content,
    });
  } catch {
    return null;
  }
  // A document timestamp (PAdES B-LTA) is the TSA's, over the file before it: no one's signature.
  if (signed.encapContentInfo.eContentType === OID.tstInfo) return null;
  const signerInfo = signed.signerInfos[0];
  const leaf = signerInfo && certificateOf(signed.certificates, signerInfo);
  if (!signerInfo || !leaf) return null;
  const [, , next, rest] = found.ranges;
  return {
    leaf: new Uint8Array(leaf.toSchema().toBER(false)),
    intact:
      digestMatches(signerInfo, signedBytes(pdf, found)) && signerInfoVerifies(signerInfo, leaf),
    coversWholeDocument: next + rest === pdf.length,
    addedAfter: await revisionsAfter(next + rest),
    timestamp: tokenOf(
      attributeOf(signerInfo.unsignedAttrs, OID.timeStampToken) as asn1js.Sequence | undefined,
      signerInfo.signature.valueBlock.valueHexView.slice().buffer,
    ),
  };
}

/**
 * Refuses a file over the limits, counted before anything is parsed (cheap to count, dear to
 * read); answers the file as latin1 text, decoded once.
 */
function assertWithinLimits(pdf: Buffer, limits: ReadingLimits): string {
  const text = pdf.toString('latin1');
  const objects = text.match(/\d+\s+\d+\s+obj\b/g)?.length ?? 0;
  // An object stream's dictionary says how many objects it packs (/N).
  let packed = 0;
  for (const stream of text.matchAll(/<<[^<>]*\/Type\s*\/ObjStm\b[^<>]*>>/g))
    packed += Number(/\/N\s+(\d+)/.exec(stream[0])?.[1] ?? 0);
  if (objects + packed > limits.maxObjects) throw new TooComplexError('objects');
  const signatures = text.match(/\/ByteRange\b/g)?.length ?? 0;
  if (signatures > limits.maxSignatures) throw new TooComplexError('signatures');
  return text;
}

/**
 * Whether a file ends as a whole PDF does (ISO 32000-1 §7.5.5): `startxref`, the offset of a
 * cross-reference section or stream inside the file, and `%%EOF`, within its last kilobyte. A
 * file cut short does not, though a lenient parser would rebuild what is missing and read it.
 */
export function endsWhole(text: string): boolean {
  const tail = text.slice(-1024);
  const ends = [...tail.matchAll(/startxref\s+(\d+)\s+%%EOF/g)].at(-1);
  if (!ends) return false;
  const offset = Number(ends[1]);
  return (
    offset < text.length && /^(?:xref\b|\d+\s+\d+\s+obj\b)/.test(text.slice(offset, offset + 32))
  );
}

/**
 * Whether an eSign upload is a PDF we can sign: within the limits, whole (not cut short),
 * readable, not encrypted (else `unreadable`); whether it does or carries nothing beyond what it
 * shows (else `activeContent`: activeContent.ts); and whether the stamp's place is in it — the pages
 * it names, the empty signature field it names (else `misplaced`).
 */
export async function readableForSigning(
  pdf: Buffer,
  limits: ReadingLimits,
  placement: StampPlacement | null,
): Promise<PdfCheck> {
  if (!endsWhole(assertWithinLimits(pdf, limits))) return 'unreadable';
  let loaded: PDF;
  try {
    loaded = await PDF.load(pdf);
  } catch {
    return 'unreadable';
  }
  if (loaded.isEncrypted) return 'unreadable';
  if (bytesAfterEnd(pdf) || activeContentOf(loaded, limits.maxObjects)) return 'activeContent';
  if (placement && !placedIn(loaded, placement)) return 'misplaced';
  return 'ok';
}

/** Every signature of a PDF, in file order; refused when the file exceeds the limits. */
export async function readSignatures(pdf: Buffer, limits: ReadingLimits): Promise<ReadSignature[]> {
  const text = assertWithinLimits(pdf, limits);
  const signatures = findSignatures(pdf, text);
  // What came after a signature is read by parsing the revision it signed and the whole file: the
  // whole once, each signed revision once (signatures ending at the same byte share it), and only
  // a revision the file has (a signature ending elsewhere signed none: changes, nothing parsed).
  // What that costs is known before anything is parsed, and a file dearer than the limit is
  // refused at once (one that names fifty revisions of a large file took a core for 38 s).
  const ends = revisionEnds(text);
  const signed = new Set(
    signatures.map(({ ranges }) => ranges[2] + ranges[3]).filter((end) => ends.has(end)),
  );
  signed.delete(pdf.length);
  let parsed = signed.size > 0 ? pdf.length : 0;
  for (const end of signed) parsed += end;
  if (parsed > limits.maxParseBytes) throw new TooComplexError('revisions');
  let whole: Promise<PDF> | undefined;
  const wholeFile = () => (whole ??= PDF.load(pdf));
  const after = new Map<number, Promise<LaterRevisions>>();
  const revisionsAfter = (end: number) => {
    let answer = after.get(end);
    if (!answer) after.set(end, (answer = laterRevisions(pdf, end, wholeFile, ends)));
    return answer;
  };
  const read: ReadSignature[] = [];
  for (const one of signatures) {
    const signature = await readOne(pdf, one, revisionsAfter);
    if (signature) read.push(signature);
  }
  return read;
}
