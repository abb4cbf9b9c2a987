/**
 * The public verify page's reading of a signed PDF (issue 19): every signature in it — who signed
 * (the certificate), when (its RFC 3161 timestamp, checked against the signature value), whether
 * the signed bytes are unchanged (the CMS digest over the byte ranges, and its signature), whether
 * anything was added after it (the ranges end where the file ends), and the certificate's standing
 * with us (issued by our CA, its status in our records, revoked before or after signing).
 *
 * Read like a relying party: nothing here trusts the PDF's own claims (its /M date, its names).
 */
import {
  X509Certificate as NodeX509Certificate,
  constants,
  createHash,
  verify as nodeVerify,
} from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { maskNationalId } from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';
import type { Authority } from '../pki/authority.js';
import { findSignatures, signedBytes, type FoundSignature } from '../pki/pades.js';
import { laterRevisions, type LaterRevisions } from '../pki/revisions.js';
import * as x509 from '../pki/x509.js';

const OID = {
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  messageDigest: '1.2.840.113549.1.9.4',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  organization: '2.5.4.10',
} as const;

export type Verdict = 'valid' | 'modified' | 'invalid' | 'untrusted';

export interface SignatureReport {
  /** Null when the certificate is not ours: its names are nobody's word but the signer's. */
  signerName: string | null;
  organization: string | null;
  nationalId: string | null;
  signedAt: string | null;
  timestamped: boolean;
  intact: boolean;
  coversWholeDocument: boolean;
  /** What later revisions added: nothing, only long-term validation data, or changes. */
  addedAfter: LaterRevisions;
  certificate: {
    subject: string;
    serial: string;
    issuer: string;
    notBefore: string;
    notAfter: string;
    issuedByTawqi: boolean;
    status: 'good' | 'revoked' | 'unknown';
    revokedAt: string | null;
  };
  verdict: Verdict;
}

const nameOf = (name: pkijs.RelativeDistinguishedNames, type: string): string | undefined => {
  const value: unknown = name.typesAndValues.find((entry) => entry.type === type)?.value.valueBlock
    .value;
  return typeof value === 'string' ? value : undefined;
};

const attributeOf = (
  attributes: pkijs.SignedAndUnsignedAttributes | undefined,
  type: string,
): unknown => attributes?.attributes.find((attribute) => attribute.type === type)?.values[0];

function sameBytes(a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array) {
  return Buffer.from(new Uint8Array(a)).equals(Buffer.from(new Uint8Array(b)));
}

/** What a signature is judged against: our records, our authority, and the time now. */
export interface TrustContext {
  db: Queryable;
  authority: Authority;
  now: Date;
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

/**
 * Whether a certificate is one of our time-stamping authority's (RFC 3161 §2.3): issued by our CA,
 * with timeStamping as its one, critical, extended key usage, recorded as the TSA's and not
 * revoked. Any other certificate of ours — a subscriber's, whose key its holder has — could date a
 * token as it liked.
 */
async function isOurTimestamper(certificate: x509.X509Certificate, context: TrustContext) {
  const usage = certificate.getExtension(x509.ExtendedKeyUsageExtension);
  if (!usage?.critical || usage.usages.length !== 1 || usage.usages[0] !== OID.timeStamping)
    return false;
  if (!(await issuedByUs(certificate, context.authority))) return false;
  const { rows } = await context.db.query<{ status: string }>(
    `SELECT status FROM certificates WHERE serial = $1 AND kind = 'tsa'`,
    [certificate.serialNumber.toUpperCase()],
  );
  return rows.length === 1 && rows[0]?.status !== 'revoked';
}

/**
 * A token's time, when it counts: its imprint is over `signatureValue` (by the imprint's own
 * digest), its signer is our time-stamping authority and its signature verifies, and its time is
 * within that certificate's life and not in the future.
 */
async function timestampOf(
  token: asn1js.Sequence | undefined,
  signatureValue: ArrayBuffer,
  context: TrustContext,
): Promise<Date | null> {
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
    const tsaCertificate = new x509.X509Certificate(tsa.toSchema().toBER(false));
    if (!(await isOurTimestamper(tsaCertificate, context))) return null;
    const time = info.genTime;
    if (time > context.now || time < tsaCertificate.notBefore || time > tsaCertificate.notAfter)
      return null;
    return time;
  } catch {
    return null;
  }
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

async function issuedByUs(certificate: x509.X509Certificate, authority: Authority) {
  return (
    certificate.issuer === authority.issuing.subject &&
    (await certificate.verify({ publicKey: authority.issuing.publicKey, signatureOnly: true }))
  );
}

async function reportOf(
  context: TrustContext,
  pdf: Buffer,
  found: FoundSignature,
): Promise<SignatureReport | null> {
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
  const data = signedBytes(pdf, found);
  const intact = digestMatches(signerInfo, data) && signerInfoVerifies(signerInfo, leaf);

  const certificate = new x509.X509Certificate(leaf.toSchema().toBER(false));
  const fromUs = await issuedByUs(certificate, context.authority);
  const signedAt = await timestampOf(
    attributeOf(signerInfo.unsignedAttrs, OID.timeStampToken) as asn1js.Sequence | undefined,
    signerInfo.signature.valueBlock.valueHexView.slice().buffer,
    context,
  );
  const serial = certificate.serialNumber.toUpperCase();
  const [record] = fromUs
    ? (
        await context.db.query<{ status: 'issued' | 'revoked'; revoked_at: Date | null }>(
          'SELECT status, revoked_at FROM certificates WHERE serial = $1',
          [serial],
        )
      ).rows
    : [];
  const status = !record ? 'unknown' : record.status === 'revoked' ? 'revoked' : 'good';
  const validThen =
    signedAt !== null && signedAt >= certificate.notBefore && signedAt <= certificate.notAfter;
  // Revoked before the trusted time it signed at: whatever it signed since is not its holder's.
  const revokedBefore =
    record?.revoked_at != null && signedAt !== null && record.revoked_at <= signedAt;
  const coversWholeDocument = next + rest === pdf.length;
  const addedAfter = await laterRevisions(pdf, next + rest);
  const verdict: Verdict =
    !intact || revokedBefore
      ? 'invalid'
      : !fromUs || !validThen || status === 'unknown'
        ? 'untrusted'
        : addedAfter === 'changes'
          ? 'modified'
          : 'valid';
  // Only a certificate of ours vouches for a name: another's names are the signer's own claim.
  const nationalId = fromUs ? nameOf(leaf.subject, OID.serialNumber) : undefined;
  return {
    signerName: fromUs ? (nameOf(leaf.subject, OID.commonName) ?? certificate.subject) : null,
    organization: fromUs ? (nameOf(leaf.subject, OID.organization) ?? null) : null,
    nationalId: nationalId && /^\d{10}$/.test(nationalId) ? maskNationalId(nationalId) : null,
    signedAt: signedAt?.toISOString() ?? null,
    timestamped: signedAt !== null,
    intact,
    coversWholeDocument,
    addedAfter,
    certificate: {
      subject: certificate.subject,
      serial,
      issuer: certificate.issuer,
      notBefore: certificate.notBefore.toISOString(),
      notAfter: certificate.notAfter.toISOString(),
      issuedByTawqi: fromUs,
      status,
      revokedAt: record?.revoked_at?.toISOString() ?? null,
    },
    verdict,
  };
}

/** Every signature of a PDF, in the order they were added; none when it has none we can read. */
export async function verifySignedPdf(
  context: TrustContext,
  pdf: Buffer,
): Promise<SignatureReport[]> {
  const reports: SignatureReport[] = [];
  for (const found of findSignatures(pdf)) {
    const report = await reportOf(context, pdf, found);
    if (report) reports.push(report);
  }
  return reports;
}
