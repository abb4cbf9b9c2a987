/**
 * The eSign service: an application's signing request becomes a transaction; the
 * signer approves in the national identity app; the service then signs every document with a
 * short-lived certificate our CA issues for that signer, takes the counter, and answers — each
 * document's detached CMS (CAdES B-T), each PDF signed (PAdES B-LT, B-LTA on request; in a worker thread), the whole answer signed by the
 * service (JWS) — by the stored answer, the signer's redirect and the webhook.
 *
 * Once and only once:
 * - a transaction id is the application's, unique (a unique index): a repeated request (even 50
 *   at once) waits for the first and answers what it stored; the same id with another request is
 *   refused (E1004);
 * - the identity app is asked once per transaction (inside the transaction that inserts it);
 * - the signing happens under the transaction's row lock, moving it out of pending, with the
 *   counter taken in the same database transaction — never on failure, never twice.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ESIGN_ERRORS,
  REQUEST_FRESHNESS_SECONDS,
  MAX_PDF_BYTES,
  signingRequest,
  type EsignErrorKey,
  type SignatureStamp,
  type SigningOutcome,
} from '@tawqi/api';
import { IDENTITY_CHALLENGE_TTL_MS, maskNationalId } from '@tawqi/domain';
import { IdentityProviderError } from '../../adapters/nafath/client.js';
import type { Deps } from '../../deps.js';
import { inTransaction, type PoolClient, type Queryable } from '../../db/pool.js';
import { SYSTEM_CONTEXT, type AuditContext } from '../audit/log.js';
import { scanUpload } from '../documents/scanning.js';
import type { OutgoingMessage } from '../../adapters/notifier/outbox.js';
import { chargeSignature, planToCharge, type Payer } from '../counters/signatures.js';
import { settleExpiredLots } from '../counters/lots.js';
import { issuingCaOf, type CaMember } from '../pki/authority.js';
import { signDetached } from '../pki/cms.js';
import type { ValidationData } from '../pki/pades.js';
import type { Signer } from '../pki/signer.js';
import { ownSigningSteps, ownValidationData } from '../pki/padesSteps.js';
import * as x509 from '../pki/x509.js';
import { hit } from '../throttle.js';
import type { Application } from './applications.js';
import { signJws } from './jws.js';
import { placementOf, showsOrganizationLogo, visibleSignatureOf } from './stamps.js';
import { organizationHasLogo, organizationLogo } from '../documents/logo.js';
import { failureRecord, requestRecord, successRecord } from './records.js';
import { activeMember, memberStanding } from '../access/membership.js';

/** The signer's certificate lives an hour: long enough to sign, never a standing credential. */
export const SIGNER_CERTIFICATE_MINUTES = 60;
/** Where the signer's approval page is (the portal's; the request's token in its query). */
export const APPROVAL_PATH = '/esign/approve';
/** The identity app is asked about a transaction at most once a second. */
const POLL_SECONDS = 1;
/**
 * The identity-app requests applications make, counted apart from the person's own sign-in (an
 * application could otherwise lock the person out of it), in ten minutes: per
 * application and person, per person over every application (no push bombing through many
 * applications), and per application.
 */
const ASKS_PER_SIGNER = 3;
const ASKS_PER_PERSON = 10;
const ASKS_PER_APPLICATION = 1000;
const ASK_WINDOW_SECONDS = 600;

export class EsignRefusal extends Error {
  override readonly name = 'EsignRefusal';
  constructor(
    readonly key: EsignErrorKey,
    readonly fields: string[] = [],
  ) {
    super(ESIGN_ERRORS[key].en);
  }
}

interface ReadDocument {
  position: number;
  name: string;
  kind: 'hash' | 'pdf';
  sha256: Buffer;
  content: Buffer | null;
  /** A PDF's own stamp (null: the transaction's). */
  stamp: SignatureStamp | null;
}

/** A request's documents decoded: a digest must be 32 bytes; a PDF's bytes are hashed. */
function decodeDocuments(
  documents: ReturnType<typeof signingRequest.parse>['documents'],
): ReadDocument[] {
  return documents.map((document, index) => {
    const position = index + 1;
    if (document.kind === 'hash') {
      const sha256 = Buffer.from(document.sha256, 'base64');
      if (sha256.length !== 32)
        throw new EsignRefusal('badDocument', [`documents.${String(index)}`]);
      return { position, name: document.name, kind: 'hash', sha256, content: null, stamp: null };
    }
    const content = Buffer.from(document.content, 'base64');
    const sha256 = createHash('sha256').update(content).digest();
    return {
      position,
      name: document.name,
      kind: 'pdf',
      sha256,
      content,
      stamp: document.stamp ?? null,
    };
  });
}

/**
 * A new request's PDFs checked: within the size, readable, not encrypted. Not for a repeated
 * request: its PDFs were checked when it was first stored (same digests).
 */
export async function checkPdfs(
  deps: Deps,
  documents: readonly ReadDocument[],
  stamp: SignatureStamp | null,
  context: AuditContext,
): Promise<void> {
  for (const document of documents) {
    if (!document.content) continue;
    const content = document.content;
    const field = [`documents.${String(document.position - 1)}`];
    if (content.length > MAX_PDF_BYTES || content.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new EsignRefusal('badDocument', field);
    // Scanned before anything parses it.
    const scanned = await scanUpload(
      deps,
      content,
      { call: 'esignCreateSigningRequest', name: document.name, mediaType: 'application/pdf' },
      context,
    );
    if (scanned === 'flagged') throw new EsignRefusal('documentFlagged', field);
    if (scanned === 'unavailable') throw new EsignRefusal('scannerUnavailable');
    // Parsed in the PDF process, within limits: the file is the caller's.
    const checked = await deps.pdfWork.check(content, placementOf(document.stamp ?? stamp));
    if (checked === 'unreadable') throw new EsignRefusal('badDocument', field);
    if (checked === 'misplaced') throw new EsignRefusal('stampMisplaced', ['stamp', ...field]);
    if (checked === 'activeContent') throw new EsignRefusal('activeContent', field);
  }
}

/** What makes two requests the same (the timestamp aside: a retry may carry a new one). */
function fingerprintOf(
  request: ReturnType<typeof signingRequest.parse>,
  documents: readonly ReadDocument[],
): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.signer.nationalId,
        request.consent,
        request.returnUrl,
        documents.map((document) => [
          document.kind,
          document.name,
          document.sha256.toString('hex'),
          // Only when asked, as the request's stamp below.
          ...(document.stamp ? [document.stamp] : []),
        ]),
        request.padesLevel ?? 'B-LT',
        // Only when asked: the fingerprints of requests stored before stamps stay as they were.
        ...(request.stamp ? [request.stamp] : []),
      ]),
    )
    .digest('hex');
}

interface SignerAccount {
  userSlno: number;
  role: string;
}

/** The signer's account: a member of the application's organization, or any enrolled person. */
async function signerAccount(
  db: Queryable,
  application: Application,
  nationalId: string,
): Promise<SignerAccount | null> {
  if (application.orgSlno === null) {
    const { rows } = await db.query<{ user_slno: number }>(
      'SELECT user_slno FROM users WHERE national_id = $1',
      [nationalId],
    );
    return rows[0] ? { userSlno: rows[0].user_slno, role: 'Individual' } : null;
  }
  const { rows } = await db.query<{ user_slno: number; role: string }>(
    `SELECT u.user_slno, m.roles[1] AS role FROM users u
       JOIN memberships m ON m.user_slno = u.user_slno AND m.org_slno = $2 AND ${activeMember('m')}
      WHERE u.national_id = $1`,
    [nationalId, application.orgSlno],
  );
  return rows[0] ? { userSlno: rows[0].user_slno, role: rows[0].role } : null;
}

/** Whether the person has approved a signature this application asked for (their consent to it). */
async function hasSignedThrough(
  db: Queryable,
  appSlno: number,
  userSlno: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM esign_transactions WHERE app_slno = $1 AND user_slno = $2 AND status = 'success' LIMIT 1`,
    [appSlno, userSlno],
  );
  return (rowCount ?? 0) > 0;
}

const payerOf = (application: Application, userSlno: number): Payer =>
  application.orgSlno === null ? { userSlno } : { orgSlno: application.orgSlno };

export interface TransactionRow {
  esign_logs_id: number;
  transaction_id: string;
  app_slno: number;
  app_txn_id: string;
  user_slno: number;
  org_slno: number | null;
  status: 'pending' | 'success' | 'failed';
  request_fingerprint: string;
  response_data: SigningOutcome;
  sign_response_data: string | null;
  identity_trans_id: string | null;
  identity_random: string | null;
  approval_token: string | null;
  error_code: string | null;
  return_url: string;
  expires_at: Date;
  national_id: string;
  /** What the application asked its PDFs to be signed at (B-LT when it did not say). */
  pades_level: 'B-LT' | 'B-LTA' | null;
  /** The stamp its PDFs are signed with (null: the service's default). */
  stamp: SignatureStamp | null;
  /** Who pays when not the signer's plan or `org_slno`'s counters: an envelope's sender. */
  payer_user_slno: number | null;
  payer_org_slno: number | null;
}

const TRANSACTION_COLUMNS = `t.esign_logs_id, t.transaction_id, t.app_slno, t.app_txn_id, t.user_slno, t.org_slno, t.status,
       t.request_fingerprint, t.response_data, t.sign_response_data, t.identity_trans_id, t.identity_random,
       t.approval_token, t.return_url, t.expires_at, t.error_code, t.pades_level, t.stamp, t.payer_user_slno,
       t.payer_org_slno, u.national_id`;
const TRANSACTION_FROM = 'esign_transactions t JOIN users u ON u.user_slno = t.user_slno';

export async function transactionOfApplication(
  db: Queryable,
  appSlno: number,
  txnId: string,
  lock = false,
): Promise<TransactionRow | null> {
  const { rows } = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM}
      WHERE t.app_slno = $1 AND t.app_txn_id = $2${lock ? ' FOR UPDATE OF t' : ''}`,
    [appSlno, txnId],
  );
  return rows[0] ?? null;
}

/** A transaction by its approval page's token, with its application's names. */
export async function transactionByApprovalToken(
  db: Queryable,
  token: string,
): Promise<(TransactionRow & { name_en: string; name_ar: string }) | null> {
  const { rows } = await db.query<TransactionRow & { name_en: string; name_ar: string }>(
    `SELECT ${TRANSACTION_COLUMNS}, a.name_en, a.name_ar
       FROM ${TRANSACTION_FROM} JOIN esign_applications a ON a.app_slno = t.app_slno
      WHERE t.approval_token = $1`,
    [token],
  );
  return rows[0] ?? null;
}

/** What the application is answered: the outcome, and the service's JWS over it once final. */
export function answerOf(row: Pick<TransactionRow, 'response_data' | 'sign_response_data'>) {
  return {
    ...row.response_data,
    ...(row.sign_response_data ? { signedResponse: row.sign_response_data } : {}),
  };
}

/** The new transaction's id (ours; the application's is `txnId`). */
const newTransactionId = () => `ES-${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`;

/** Who pays for a transaction: `paidBy` (an envelope's sender), else its application's payer. */
const payerOfRow = (
  row: Pick<TransactionRow, 'user_slno' | 'org_slno' | 'payer_user_slno' | 'payer_org_slno'>,
): Payer =>
  row.payer_org_slno !== null
    ? { orgSlno: row.payer_org_slno }
    : row.payer_user_slno !== null
      ? { userSlno: row.payer_user_slno }
      : row.org_slno === null
        ? { userSlno: row.user_slno }
        : { orgSlno: row.org_slno };

/**
 * A signing request: answered at once with the stored transaction when its id was seen before,
 * else checked, stored and put to the signer. Refusals throw EsignRefusal (nothing stored).
 * `paidBy` (the portal's envelopes): someone else pays, and the signer is any enrolled person,
 * signing as themselves (the application must then be the individuals' one).
 */
export async function createSigningRequest(
  deps: Deps,
  application: Application,
  body: unknown,
  context: AuditContext = SYSTEM_CONTEXT,
  paidBy?: Payer,
): Promise<{ created: boolean; answer: ReturnType<typeof answerOf> }> {
  if (paidBy && application.orgSlno !== null)
    throw new Error("someone else pays only through the individuals' application");
  const asked = parseSigningRequest(body);
  const stored = async () => {
    const row = await transactionOfApplication(deps.pool, application.slno, asked.request.txnId);
    if (!row) return null;
    if (row.request_fingerprint !== asked.fingerprint)
      throw new EsignRefusal('transactionIdReused');
    return { created: false, answer: answerOf(row) };
  };
  const seen = await stored();
  if (seen) return seen;
  const checked = await checkSigningRequest(deps, application, asked, context, paidBy);
  const created = await inTransaction(deps.pool, async (tx) => {
    // A concurrent request with the same id waits here for this one to commit or roll back.
    const inserted = await recordSigningRequest(tx, deps, application, asked, checked, paidBy);
    if (inserted === null) return null;
    await countAsk(tx, application, asked.request.signer.nationalId, checked.now);
    const answer = await askSigner(tx, deps, asked.request, inserted, checked.now);
    return { created: true, answer };
  });
  if (created) return created;
  const after = await stored();
  if (!after) throw new Error('a conflicting transaction vanished');
  return after;
}

type SigningRequest = ReturnType<typeof signingRequest.parse>;

/** The request as the contract has it, its documents decoded, and its fingerprint. */
function parseSigningRequest(body: unknown) {
  const parsed = signingRequest.safeParse(body);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
    throw new EsignRefusal('malformedRequest', fields);
  }
  const request = parsed.data;
  const documents = decodeDocuments(request.documents);
  return { request, documents, fingerprint: fingerprintOf(request, documents) };
}

/**
 * What a new request must be before anyone is asked to sign: its stamp drawable, its PDFs
 * signable, fresh, consented to, returning where the application may; its signer enrolled; and
 * something left to pay for the signature. Answers the stamp, the signer and the time.
 */
async function checkSigningRequest(
  deps: Deps,
  application: Application,
  { request, documents }: ReturnType<typeof parseSigningRequest>,
  context: AuditContext,
  paidBy: Payer | undefined,
) {
  const now = deps.clock();
  // The application's default when the request says nothing (kept with the transaction).
  const stamp = request.stamp ?? application.defaultStamp;
  // The organization's own logo only for an organization that has one (checked again at signing).
  if (
    showsOrganizationLogo([stamp, ...documents.map((document) => document.stamp)]) &&
    (application.orgSlno === null || !(await organizationHasLogo(deps.pool, application.orgSlno)))
  )
    throw new EsignRefusal('organizationLogoMissing', ['stamp.appearance']);
  await checkPdfs(deps, documents, stamp, context);

  if (Math.abs(now.getTime() - Date.parse(request.timestamp)) > REQUEST_FRESHNESS_SECONDS * 1000)
    throw new EsignRefusal('staleRequest', ['timestamp']);
  if (!request.consent) throw new EsignRefusal('consentMissing', ['consent']);
  if (!application.returnOrigins.includes(new URL(request.returnUrl).origin))
    throw new EsignRefusal('returnUrlNotAllowed', ['returnUrl']);
  const signer = await signerAccount(deps.pool, application, request.signer.nationalId);
  if (!signer) throw new EsignRefusal('signerNotEnrolled', ['signer.nationalId']);
  // Refused before the signer is asked: nothing is left to pay for the signature. An application
  // for individuals learns that only of a person who has signed through it before: to it, anyone
  // else without a plan is answered as someone unknown (it may not probe who has an account).
  // The portal's own asks for the person signed in, who may know their own plan.
  const payer = paidBy ?? payerOf(application, signer.userSlno);
  if (payer.orgSlno !== undefined) await settleExpiredLots(deps.pool, payer.orgSlno, now);
  if (!(await planToCharge(deps.pool, payer, now)))
    throw application.orgSlno !== null ||
      application.firstParty ||
      (await hasSignedThrough(deps.pool, application.slno, signer.userSlno))
      ? new EsignRefusal('countersExhausted')
      : new EsignRefusal('signerNotEnrolled', ['signer.nationalId']);
  return { stamp, signer, now };
}

/** The transaction and its documents, once per application's id: null when another has it. */
async function recordSigningRequest(
  tx: PoolClient,
  deps: Pick<Deps, 'clock'>,
  application: Application,
  { request, documents, fingerprint }: ReturnType<typeof parseSigningRequest>,
  { stamp, signer, now }: Awaited<ReturnType<typeof checkSigningRequest>>,
  paidBy: Payer | undefined,
): Promise<{ esignLogsId: number; transactionId: string } | null> {
  const transactionId = newTransactionId();
  const { rows } = await tx.query<{ esign_logs_id: number }>(
    `INSERT INTO esign_transactions (transaction_id, user_slno, org_slno, plan_type, user_role, status, originator,
            transaction_date, app_slno, app_txn_id, request_fingerprint, request_data, return_url, expires_at,
            pades_level, stamp, payer_user_slno, payer_org_slno)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     ON CONFLICT (app_slno, app_txn_id) WHERE app_slno IS NOT NULL DO NOTHING
     RETURNING esign_logs_id`,
    [
      transactionId,
      signer.userSlno,
      application.orgSlno,
      application.orgSlno === null ? 'Individual' : 'eSign',
      signer.role,
      application.nameEnglish,
      now,
      application.slno,
      request.txnId,
      fingerprint,
      JSON.stringify(requestRecord(application, request, documents, now)),
      request.returnUrl,
      new Date(now.getTime() + IDENTITY_CHALLENGE_TTL_MS),
      request.padesLevel ?? null,
      stamp === null ? null : JSON.stringify(stamp),
      paidBy?.userSlno ?? null,
      paidBy?.orgSlno ?? null,
    ],
  );
  const [inserted] = rows;
  if (!inserted) return null;
  for (const document of documents)
    await tx.query(
      `INSERT INTO transaction_documents (esign_logs_id, document_name, unique_file_id, kind, sha256, content, position, stamp)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        inserted.esign_logs_id,
        document.name,
        randomBytes(16).toString('base64url'),
        document.kind,
        document.sha256,
        document.content,
        document.position,
        document.stamp === null ? null : JSON.stringify(document.stamp),
      ],
    );
  return { esignLogsId: inserted.esign_logs_id, transactionId };
}

/**
 * Counts the ask against the signer's, the person's and the application's limits, in the
 * request's transaction: its connection is the one it holds (concurrent repeats hold the others).
 */
async function countAsk(tx: PoolClient, application: Application, person: string, now: Date) {
  for (const [bucket, limit] of [
    [`esign-ask:${String(application.slno)}:${person}`, ASKS_PER_SIGNER],
    [`esign-ask-person:${person}`, ASKS_PER_PERSON],
    [`esign-ask-application:${String(application.slno)}`, ASKS_PER_APPLICATION],
  ] as const) {
    const asked = await hit(tx, bucket, limit, ASK_WINDOW_SECONDS, now);
    if (!asked.allowed) throw new EsignRefusal('tooManyRequests');
  }
}

/** Asks the signer in the identity app; the answer the application gets until they approve. */
async function askSigner(
  tx: PoolClient,
  deps: Pick<Deps, 'identity' | 'config'>,
  request: SigningRequest,
  inserted: { esignLogsId: number; transactionId: string },
  now: Date,
): Promise<SigningOutcome> {
  const { transactionId } = inserted;
  let identity;
  try {
    identity = await deps.identity.createRequest({
      nationalId: request.signer.nationalId,
      service: 'DigitalSignature',
      requestId: transactionId,
    });
  } catch (error) {
    if (error instanceof IdentityProviderError) throw new EsignRefusal('identityUnavailable');
    throw error;
  }
  const token = randomBytes(24).toString('base64url');
  const outcome: SigningOutcome = {
    txnId: request.txnId,
    transactionId,
    status: 'pending',
    approval: {
      number: identity.random,
      url: `${deps.config.publicOrigin}${APPROVAL_PATH}?request=${token}`,
      expiresAt: new Date(now.getTime() + IDENTITY_CHALLENGE_TTL_MS).toISOString(),
    },
  };
  await tx.query(
    `UPDATE esign_transactions SET identity_trans_id = $2, identity_random = $3, approval_token = $4, response_data = $5
      WHERE esign_logs_id = $1`,
    [inserted.esignLogsId, identity.transId, identity.random, token, JSON.stringify(outcome)],
  );
  return outcome;
}

/**
 * Moves a waiting transaction on: asks the identity app (at most once a second), and signs or
 * fails it by what it says. Called by the approval page's polling, the application's status
 * query and the sweeper; any of them may be first, the row lock makes one of them act.
 */
export async function advance(deps: Deps, row: TransactionRow): Promise<void> {
  if (row.status !== 'pending' || !row.identity_trans_id || !row.identity_random) return;
  const now = deps.clock();
  const poll = await hit(deps.pool, `esign-poll:${row.transaction_id}`, 1, POLL_SECONDS, now);
  if (!poll.allowed) return;
  let result;
  try {
    result = await deps.identity.status({
      nationalId: row.national_id,
      transId: row.identity_trans_id,
      random: row.identity_random,
    });
  } catch (error) {
    // The identity app is away: the transaction waits, unless its time is up.
    if (!(error instanceof IdentityProviderError)) throw error;
    if (now >= row.expires_at) await finish(deps, row.esign_logs_id, { failed: 'expired' });
    return;
  }
  if (result.status === 'WAITING') {
    if (now >= row.expires_at) await finish(deps, row.esign_logs_id, { failed: 'expired' });
    return;
  }
  if (result.status === 'REJECTED')
    return finish(deps, row.esign_logs_id, { failed: 'userCancelled' });
  if (result.status === 'EXPIRED' || !result.person)
    return finish(deps, row.esign_logs_id, { failed: 'expired' });
  if (result.person.nationalId !== row.national_id)
    return finish(deps, row.esign_logs_id, { failed: 'identityMismatch' });
  return finish(deps, row.esign_logs_id, { approvedBy: result.person });
}

interface SigningApplicationRow {
  client_id: string;
  org_slno: number | null;
  webhook_url: string | null;
  credential_kind: string;
}

declare module '../../deps.js' {
  interface Deps {
    /** What follows a transaction's signing elsewhere: an envelope's (server.ts hands it in). */
    signing: SigningFollowers;
  }
}

/**
 * What an area that puts people to sign (the envelopes) says of a transaction, in the signing's
 * own transaction: whether it still asks its signer, and, once signed, what follows (the messages
 * to send after it commits). Handed in where the server is put together.
 */
export interface SigningFollowers {
  stillAsks(tx: Queryable, transactionId: string): Promise<'signs' | 'ended' | 'senderRemoved'>;
  signed(
    tx: Queryable,
    transactionId: string,
    now: Date,
    origin: string,
  ): Promise<OutgoingMessage[]>;
}

/**
 * Why the signer may no longer sign as they were asked to, checked again as they approve, inside
 * the transaction that charges and signs (asked earlier, the request would stand for a member
 * removed since): no longer a member of the application's organization (its portal's own
 * signing: no longer in a role that signs), or an envelope that no longer asks them (declined,
 * ended) or whose organization's counters its sender may no longer spend. Null: they may.
 */
async function refusalAtApproval(
  deps: Pick<Deps, 'signing'>,
  tx: Queryable,
  row: TransactionRow & SigningApplicationRow,
): Promise<EsignErrorKey | null> {
  if (
    row.org_slno !== null &&
    !(await memberStanding(
      tx,
      row.org_slno,
      row.user_slno,
      row.credential_kind === 'portal' ? 'sign' : undefined,
    ))
  )
    return 'signerNotEnrolled';
  const envelope = await deps.signing.stillAsks(tx, row.transaction_id);
  return envelope === 'ended'
    ? 'userCancelled'
    : envelope === 'senderRemoved'
      ? 'signerNotEnrolled'
      : null;
}

/** Ends a waiting transaction, once: signed and charged, or failed with its catalogue code. */
async function finish(
  deps: Deps,
  esignLogsId: number,
  how:
    | { failed: EsignErrorKey }
    | { approvedBy: { nationalId: string; fullNameEnglish: string; fullNameArabic: string } }
    /** Ended only if the signer may no longer sign (`refusalAtApproval`); else left waiting. */
    | { standingLost: true },
): Promise<void> {
  // The authority's delegates first: made on first use in a transaction of their own.
  await deps.authority.esignService();
  const tsa = await deps.authority.timestamper();
  const messages = await inTransaction(deps.pool, async (tx): Promise<OutgoingMessage[]> => {
    const [row] = (
      await tx.query<TransactionRow & SigningApplicationRow>(
        `SELECT ${TRANSACTION_COLUMNS}, a.client_id, a.org_slno AS org_slno, a.webhook_url, a.credential_kind
           FROM ${TRANSACTION_FROM} JOIN esign_applications a ON a.app_slno = t.app_slno
          WHERE t.esign_logs_id = $1 FOR UPDATE OF t`,
        [esignLogsId],
      )
    ).rows;
    if (row?.status !== 'pending') return [];
    const now = deps.clock();
    const base = { txnId: row.app_txn_id, transactionId: row.transaction_id };
    let outcome: SigningOutcome;
    let failure: EsignErrorKey | null = 'failed' in how ? how.failed : null;
    if (!('failed' in how)) failure = await refusalAtApproval(deps, tx, row);
    if ('standingLost' in how && failure === null) return [];
    let planType: string | null = null;
    if (failure === null && 'approvedBy' in how) {
      const charge = await chargeSignature(tx, payerOfRow(row), row.transaction_id, now);
      if (charge.outcome === 'charged') planType = charge.planType;
      else failure = 'countersExhausted';
    }
    if (failure === null && 'approvedBy' in how) {
      outcome = await signDocuments(deps, tx, row, how.approvedBy, tsa, now);
    } else {
      outcome = failureRecord(base, failure ?? 'signingFailed');
    }
    const jws = await (await answerSigner(deps))(outcome);
    await tx.query(
      `UPDATE esign_transactions
          SET status = $2, response_data = $3, sign_response_data = $4, response_ts = $5, error_code = $6,
              plan_type = coalesce($7, plan_type)
        WHERE esign_logs_id = $1`,
      [
        esignLogsId,
        outcome.status,
        JSON.stringify(outcome),
        jws,
        now,
        outcome.error?.code ?? null,
        planType,
      ],
    );
    if (row.webhook_url)
      await tx.query(
        `INSERT INTO esign_webhook_deliveries (esign_logs_id, attempt, due_at) VALUES ($1, 1, $2)`,
        [esignLogsId, now],
      );
    await deps.audit.record(tx, SYSTEM_CONTEXT, {
      action: 'signature.created',
      outcome: outcome.status === 'success' ? 'success' : 'failure',
      actor: row.user_slno,
      orgSlno: row.org_slno,
      target: row.transaction_id,
      detail: {
        application: row.client_id,
        signer: maskNationalId(row.national_id),
        documents: outcome.documents?.length ?? 0,
        error: outcome.error?.code ?? null,
      },
    });
    // An envelope's signer: the envelope moves on with this signature, in this transaction.
    return outcome.status === 'success'
      ? deps.signing.signed(tx, row.transaction_id, now, deps.config.publicOrigin)
      : [];
  });
  // Sent once it has committed: a message is never about something undone.
  for (const message of messages) await deps.notifier.send(message, deps.clock());
}

/** Signs answers as the service (the JWS of its signed response), by its current certificate. */
async function answerSigner(deps: Deps): Promise<(outcome: SigningOutcome) => Promise<string>> {
  const service = await deps.authority.esignService();
  const issuing = (await issuingCaOf(deps.authority, service.certificate)).certificate;
  return (outcome) => signJws(service, issuing, outcome);
}

/**
 * Signs final answers that have no signed response yet, `limit` at a time (the sweep's): the demo
 * world's, recorded at seeding, where the authority's keys are not at hand. Every answer the
 * service gives itself is signed as it is made (`finish`). Answers how many it signed.
 */
export async function signUnsignedAnswers(deps: Deps, limit = 200): Promise<number> {
  const { rows } = await deps.pool.query<{ esign_logs_id: number; response_data: SigningOutcome }>(
    `SELECT esign_logs_id, response_data FROM esign_transactions
      WHERE sign_response_data IS NULL AND response_data IS NOT NULL AND status IN ('success', 'failed')
      ORDER BY esign_logs_id LIMIT $1`,
    [limit],
  );
  if (rows.length === 0) return 0;
  // The service's certificate and its issuer once for the batch, not once an answer.
  const sign = await answerSigner(deps);
  const signed: string[] = [];
  for (const row of rows) signed.push(await sign(row.response_data));
  // Another process may have signed one meanwhile: the first signature stays.
  await deps.pool.query(
    `UPDATE esign_transactions t SET sign_response_data = s.jws
       FROM unnest($1::int[], $2::text[]) AS s (id, jws)
      WHERE t.esign_logs_id = s.id AND t.sign_response_data IS NULL`,
    [rows.map((row) => row.esign_logs_id), signed],
  );
  return rows.length;
}

/**
 * Signs the transaction's documents with a new key and a short-lived certificate for the signer
 * (the key is made in the hardware module for this transaction and destroyed after it: the
 * certificate names the identity app's confirmation).
 */
async function signDocuments(
  deps: Deps,
  tx: Queryable,
  row: TransactionRow & SigningApplicationRow,
  person: { nationalId: string; fullNameEnglish: string; fullNameArabic: string },
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
  person: { nationalId: string; fullNameEnglish: string; fullNameArabic: string },
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
  const { rows: documents } = await tx.query<{
    document_slno: number;
    position: number;
    document_name: string;
    kind: 'hash' | 'pdf';
    sha256: Buffer;
    content: Buffer | null;
    stamp: SignatureStamp | null;
  }>(
    `SELECT document_slno, position, document_name, kind, sha256, content, stamp FROM transaction_documents
      WHERE esign_logs_id = $1 ORDER BY position`,
    [row.esign_logs_id],
  );
  const signed = [];
  let validation: Promise<ValidationData> | undefined;
  const organization =
    row.org_slno !== null &&
    showsOrganizationLogo([row.stamp, ...documents.map((document) => document.stamp)])
      ? await stampOrganization(tx, row.org_slno)
      : undefined;
  const reason = `Signed through Tawqi, transaction ${row.transaction_id}`;
  for (const document of documents) {
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
          // Asked once for the transaction's PDFs; in `tx`, which sees the new certificate.
          validationData: () =>
            (validation ??= ownValidationData(tx, deps.authority, certificate, now)),
        }),
      );
    await tx.query(
      `UPDATE transaction_documents SET signature = $2, signed_content = $3, content = NULL WHERE document_slno = $1`,
      [document.document_slno, cms, signedPdf ? Buffer.from(signedPdf) : null],
    );
    signed.push({
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
    });
  }
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

/**
 * Ends the waiting transactions whose signer was removed from the organization they were asked
 * to sign for, or whose envelope's sender was removed from the organization paying for it (the
 * sweeper's, soon after the removal): they fail as `signerNotEnrolled`, the application told as
 * for any other ending. A role changed away from signing is met when the signer approves.
 */
export async function endWhereStandingLost(deps: Deps, limit = 50): Promise<number> {
  const { rows } = await deps.pool.query<{ esign_logs_id: number }>(
    `SELECT t.esign_logs_id FROM esign_transactions t
       JOIN esign_applications a ON a.app_slno = t.app_slno
       LEFT JOIN envelope_signers s ON s.transaction_id = t.transaction_id
       LEFT JOIN envelopes e ON e.envelope_slno = s.envelope_slno AND e.org_slno IS NOT NULL
      WHERE t.status = 'pending'
        AND ((a.org_slno IS NOT NULL AND NOT EXISTS (
               SELECT 1 FROM memberships m
                WHERE m.org_slno = a.org_slno AND m.user_slno = t.user_slno AND ${activeMember('m')}))
          OR (e.envelope_slno IS NOT NULL AND NOT EXISTS (
               SELECT 1 FROM memberships m
                WHERE m.org_slno = e.org_slno AND m.user_slno = e.sender_slno AND ${activeMember('m')})))
      ORDER BY t.esign_logs_id LIMIT $1`,
    [limit],
  );
  for (const row of rows) await finish(deps, row.esign_logs_id, { standingLost: true });
  return rows.length;
}

/** The transactions still waiting whose signer may have answered (the sweeper's). */
export async function waitingTransactions(db: Queryable, limit = 50): Promise<TransactionRow[]> {
  const { rows } = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM}
      WHERE t.status = 'pending' AND t.app_slno IS NOT NULL AND t.identity_trans_id IS NOT NULL
      ORDER BY t.expires_at LIMIT $1`,
    [limit],
  );
  return rows;
}
