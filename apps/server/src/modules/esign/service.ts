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
import { createHash } from 'node:crypto';
import type { signingRequest } from '@tawqi/api';
import {
  ESIGN_ERRORS,
  MAX_PDF_BYTES,
  type EsignErrorKey,
  type SignatureStamp,
  type SigningOutcome,
} from '@tawqi/api';
import { maskNationalId } from '@tawqi/domain';
import { IdentityProviderError } from '../../adapters/nafath/client.js';
import type { Deps } from '../../deps.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { SYSTEM_CONTEXT, type AuditContext } from '../audit/log.js';
import { scanUpload } from '../documents/scanning.js';
import type { OutgoingMessage } from '../../adapters/notifier/outbox.js';
import { chargeSignature, type Payer } from '../counters/signatures.js';
import { issuingCaOf } from '../pki/authority.js';
import { hit } from '../throttle.js';
import type { Application } from './applications.js';
import { signJws } from './jws.js';
import { placementOf } from './stamps.js';
import { failureRecord } from './records.js';
import { activeMember, memberStanding } from '../access/membership.js';
import { signDocuments } from './signDocuments.js';
import {
  TRANSACTION_COLUMNS,
  TRANSACTION_FROM,
  type SigningApplicationRow,
  type TransactionRow,
} from './transactionRows.js';

/** Where the signer's approval page is (the portal's; the request's token in its query). */
export const APPROVAL_PATH = '/esign/approve';
/** The identity app is asked about a transaction at most once a second. */
const POLL_SECONDS = 1;
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
export function decodeDocuments(
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
export function fingerprintOf(
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
export async function signerAccount(
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
export async function hasSignedThrough(
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

export const payerOf = (application: Application, userSlno: number): Payer =>
  application.orgSlno === null ? { userSlno } : { orgSlno: application.orgSlno };

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
