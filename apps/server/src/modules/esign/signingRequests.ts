/**
 * An application's signing request: checked, stored as a transaction and put to the signer in the
 * identity app (service.ts then follows it to its end).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { REQUEST_FRESHNESS_SECONDS, signingRequest, type SigningOutcome } from '@tawqi/api';
import { IDENTITY_CHALLENGE_TTL_MS } from '@tawqi/domain';
import { IdentityProviderError } from '../../adapters/nafath/client.js';
import type { Deps } from '../../deps.js';
import { inTransaction, type PoolClient } from '../../db/pool.js';
import { SYSTEM_CONTEXT, type AuditContext } from '../audit/log.js';
import { planToCharge, type Payer } from '../counters/signatures.js';
import { settleExpiredLots } from '../counters/lots.js';
import { hit } from '../throttle.js';
import type { Application } from './applications.js';
import { showsOrganizationLogo } from './stamps.js';
import { organizationHasLogo } from '../documents/logo.js';
import { requestRecord } from './records.js';

import {
  EsignRefusal,
  checkPdfs,
  decodeDocuments,
  fingerprintOf,
  hasSignedThrough,
  payerOf,
  signerAccount,
  APPROVAL_PATH,
} from './service.js';
import { answerOf, transactionOfApplication } from './transactionRows.js';

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

/** The new transaction's id (ours; the application's is `txnId`). */
const newTransactionId = () => `ES-${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`;

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
