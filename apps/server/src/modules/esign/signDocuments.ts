/**
 * The signing itself, once the signer approved: a key and a short-lived certificate for the
 * signer, each document's CMS and, for a PDF, its signed copy with its stamp.
 */
import { createHash } from 'node:crypto';
import type { SignatureStamp, SigningOutcome } from '@tawqi/api';
import type { Deps } from '../../deps.js';
import type { Queryable } from '../../db/pool.js';
import { issuingCaOf, type CaMember } from '../pki/authority.js';
import { signDetached } from '../pki/cms.js';
import type { ValidationData } from '../pki/pades.js';
import type { Signer } from '../pki/signer.js';
import { ownSigningSteps, ownValidationData } from '../pki/padesSteps.js';
import * as x509 from '../pki/x509.js';
import { showsOrganizationLogo, visibleSignatureOf } from './stamps.js';
import { organizationLogo } from '../documents/logo.js';
import { successRecord } from './records.js';

import type { SigningApplicationRow, TransactionRow } from './transactionRows.js';

/** The signer's certificate lives an hour: long enough to sign, never a standing credential. */
export const SIGNER_CERTIFICATE_MINUTES = 60;

/** The signer as the identity app confirmed them. */
interface SigningPerson {
  nationalId: string;
  fullNameEnglish: string;
  fullNameArabic: string;
}

/**
 * Signs the transaction's documents with a new key and a short-lived certificate for the signer
 * (the key is made in the hardware module for this transaction and destroyed after it: the
 * certificate names the identity app's confirmation).
 */
export async function signDocuments(
  deps: Deps,
  tx: Queryable,
  row: TransactionRow & SigningApplicationRow,
  person: SigningPerson,
  tsa: CaMember,
  now: Date,
): Promise<SigningOutcome> {
  const key = await deps.vault.generateForSession('P-256');
  try {
    return await signWith(deps, tx, row, person, tsa, now, key);
  } finally {
    key.discard();
  }
}

async function signWith(
  deps: Deps,
  tx: Queryable,
  row: TransactionRow & SigningApplicationRow,
  person: SigningPerson,
  tsa: CaMember,
  now: Date,
  key: Signer,
): Promise<SigningOutcome> {
  const certificate = await deps.authority.issue(tx, {
    publicKey: await x509.PublicKey.create(key.publicKey),
    name: {
      nameEnglish: person.fullNameEnglish,
      nameArabic: person.fullNameArabic,
      nationalId: person.nationalId,
    },
    level: 'identityApp',
    months: 0,
    minutes: SIGNER_CERTIFICATE_MINUTES,
    // The moment the documents are signed and timestamped at (`finish`'s clock reading).
    at: now,
    userSlno: row.user_slno,
    orgSlno: row.org_slno,
    class: row.org_slno === null ? 'individual' : 'organization',
  });
  const issuing = (await issuingCaOf(deps.authority, certificate)).certificate;
  const { rows: documents } = await tx.query<DocumentRow>(
    `SELECT document_slno, position, document_name, kind, sha256, content, stamp FROM transaction_documents
      WHERE esign_logs_id = $1 ORDER BY position`,
    [row.esign_logs_id],
  );
  const organization =
    row.org_slno !== null &&
    showsOrganizationLogo([row.stamp, ...documents.map((document) => document.stamp)])
      ? await stampOrganization(tx, row.org_slno)
      : undefined;
  // Asked once for the transaction's PDFs; in `tx`, which sees the new certificate.
  let validation: Promise<ValidationData> | undefined;
  const context: SigningContext = {
    deps,
    tx,
    row,
    person,
    certificate,
    key,
    issuing,
    tsa,
    now,
    organization,
    reason: `Signed through Tawqi, transaction ${row.transaction_id}`,
    validationData: () => (validation ??= ownValidationData(tx, deps.authority, certificate, now)),
  };
  const signed = [];
  for (const document of documents) signed.push(await signOne(context, document));
  return successRecord(
    { txnId: row.app_txn_id, transactionId: row.transaction_id },
    {
      nationalId: person.nationalId,
      nameEnglish: person.fullNameEnglish,
      nameArabic: person.fullNameArabic,
    },
    now,
    {
      certificates: [certificate.rawData, issuing.rawData].map((der) =>
        Buffer.from(der).toString('base64'),
      ),
      documents: signed,
    },
  );
}

interface DocumentRow {
  document_slno: number;
  position: number;
  document_name: string;
  kind: 'hash' | 'pdf';
  sha256: Buffer;
  content: Buffer | null;
  stamp: SignatureStamp | null;
}

/** What every document of a transaction is signed with. */
interface SigningContext {
  deps: Deps;
  tx: Queryable;
  row: TransactionRow & SigningApplicationRow;
  person: SigningPerson;
  certificate: x509.X509Certificate;
  key: Signer;
  issuing: x509.X509Certificate;
  tsa: CaMember;
  now: Date;
  organization: Awaited<ReturnType<typeof stampOrganization>>;
  reason: string;
  validationData: () => Promise<ValidationData>;
}

/** One document signed: its CMS, and for a PDF its signed copy; both stored, the original let go. */
async function signOne(context: SigningContext, document: DocumentRow) {
  const { deps, tx, row, person, certificate, key, issuing, tsa, now, organization, reason } =
    context;
  const cms = await signDetached({
    digest: document.sha256,
    certificate,
    signer: key,
    issuing,
    tsa,
    now,
  });
  let signedPdf: Uint8Array | null = null;
  if (document.kind === 'pdf' && document.content)
    signedPdf = await deps.pdfWork.sign(
      {
        pdf: document.content,
        certificates: [certificate.rawData, issuing.rawData].map((der) => new Uint8Array(der)),
        now,
        reason,
        level: row.pades_level ?? 'B-LT',
        visible: visibleSignatureOf(
          document.stamp ?? row.stamp,
          {
            nameArabic: person.fullNameArabic,
            nameEnglish: person.fullNameEnglish,
            signedAt: now,
            reason,
            verifyUrl: `${deps.config.publicOrigin}/verify?transaction=${encodeURIComponent(row.transaction_id)}`,
          },
          organization,
        ),
      },
      ownSigningSteps({
        certificate,
        signer: key,
        issuing,
        tsa,
        now,
        validationData: context.validationData,
      }),
    );
  await tx.query(
    `UPDATE transaction_documents SET signature = $2, signed_content = $3, content = NULL WHERE document_slno = $1`,
    [document.document_slno, cms, signedPdf ? Buffer.from(signedPdf) : null],
  );
  return {
    position: document.position,
    name: document.document_name,
    kind: document.kind,
    sha256: document.sha256.toString('base64'),
    cms: cms.toString('base64'),
    ...(signedPdf
      ? {
          signedPdfSha256: createHash('sha256').update(signedPdf).digest('base64'),
          signedPdfUrl: `${deps.config.publicOrigin}/api/esign/v1/sign-requests/${encodeURIComponent(row.app_txn_id)}/documents/${String(document.position)}`,
        }
      : {}),
  };
}

/** The paying organization's logo and names for its stamps; undefined when it has no logo. */
async function stampOrganization(tx: Queryable, orgSlno: number) {
  const logo = await organizationLogo(tx, orgSlno);
  const { rows } = await tx.query<{ name_en: string; name_ar: string }>(
    'SELECT name_en, name_ar FROM organizations WHERE org_slno = $1',
    [orgSlno],
  );
  const [names] = rows;
  return logo && names
    ? { logo: logo.content, nameArabic: names.name_ar, nameEnglish: names.name_en }
    : undefined;
}
