/**
 * The public verify page's judgement of a signed PDF: every signature in it —
 * who signed (only a certificate of ours vouches for a name), when (a timestamp counts only when
 * our time-stamping authority made it, over the signature value, dated no later than now), whether
 * the signed bytes are unchanged, whether what came after is only long-term validation data, and
 * the certificate's standing with us (issued by our CA, its status in our records, revoked before
 * or after signing).
 *
 * The file is read (parsed, its cryptography checked) in a worker thread (pdfReading.ts,
 * pdfWork.ts); what is judged here needs our records and costs little. Nothing trusts the
 * PDF's own claims (its /M date, its names).
 */
import * as pkijs from 'pkijs';
import { maskNationalId } from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';
import type { Authority } from '../pki/authority.js';
import type { LaterRevisions } from '../pki/revisions.js';
import { nationalIdOf } from '../pki/profiles.js';
import * as x509 from '../pki/x509.js';
import type { ReadSignature } from './pdfReading.js';

const OID = {
  timeStamping: '1.3.6.1.5.5.7.3.8',
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

/** What a signature is judged against: our records, our authority, and the time now. */
export interface TrustContext {
  db: Queryable;
  authority: Authority;
  now: Date;
  /** Reads the file (off the event loop, within limits). */
  /** The file's signatures as read (in the verify process, in the uploader's turn). */
  read: (pdf: Buffer) => Promise<ReadSignature[]>;
}

const nameOf = (name: pkijs.RelativeDistinguishedNames, type: string): string | undefined => {
  const value: unknown = name.typesAndValues.find((entry) => entry.type === type)?.value.valueBlock
    .value;
  return typeof value === 'string' ? value : undefined;
};

/** Issued by one of our issuing CAs (any generation), its signature checked. */
async function issuedByUs(certificate: x509.X509Certificate, authority: Authority) {
  const issuing = await authority.issuerOf(certificate);
  return (
    !!issuing &&
    (await certificate.verify({ publicKey: issuing.certificate.publicKey, signatureOnly: true }))
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

/** A token's time when it counts: our TSA's, within its certificate's life, not in the future. */
async function trustedTime(
  timestamp: ReadSignature['timestamp'],
  context: TrustContext,
): Promise<Date | null> {
  if (!timestamp) return null;
  try {
    const tsa = new x509.X509Certificate(new Uint8Array(timestamp.tsa));
    const time = new Date(timestamp.time);
    if (time > context.now || time < tsa.notBefore || time > tsa.notAfter) return null;
    return (await isOurTimestamper(tsa, context)) ? time : null;
  } catch {
    return null;
  }
}

async function judge(read: ReadSignature, context: TrustContext): Promise<SignatureReport> {
  const certificate = new x509.X509Certificate(new Uint8Array(read.leaf));
  const subject = pkijs.Certificate.fromBER(new Uint8Array(read.leaf)).subject;
  const fromUs = await issuedByUs(certificate, context.authority);
  const signedAt = await trustedTime(read.timestamp, context);
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
  const verdict: Verdict =
    !read.intact || revokedBefore
      ? 'invalid'
      : !fromUs || !validThen || status === 'unknown'
        ? 'untrusted'
        : read.addedAfter === 'changes'
          ? 'modified'
          : 'valid';
  // Only a certificate of ours vouches for a name: another's names are the signer's own claim.
  const nationalId = fromUs ? nationalIdOf(nameOf(subject, OID.serialNumber)) : null;
  return {
    signerName: fromUs ? (nameOf(subject, OID.commonName) ?? certificate.subject) : null,
    organization: fromUs ? (nameOf(subject, OID.organization) ?? null) : null,
    nationalId: nationalId ? maskNationalId(nationalId) : null,
    signedAt: signedAt?.toISOString() ?? null,
    timestamped: signedAt !== null,
    intact: read.intact,
    coversWholeDocument: read.coversWholeDocument,
    addedAfter: read.addedAfter,
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
  for (const read of await context.read(pdf)) reports.push(await judge(read, context));
  return reports;
}
