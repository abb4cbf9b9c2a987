/**
 * Signing one's own PDFs in the portal, without an integrating application: the portal
 * is an application of the service's own (migration 041), so a person's request becomes exactly
 * the request an integrating application sends — one signing path, counted once when the person
 * approves in the identity app. One such application for individuals (each signer's plan pays)
 * and one per organization (its counters pay; the signer must be a member whose role may sign),
 * made the first time it is needed.
 */
import { randomUUID } from 'node:crypto';
import {
  ESIGN_ERRORS,
  type ErrorCode,
  type EsignErrorKey,
  type ownSigningRequest,
  type SigningRequest,
} from '@tawqi/api';
import type { Language } from '@tawqi/domain';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Queryable } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import type { AuditContext } from '../audit/log.js';
import { APPLICATION_COLUMNS, applicationOf, type ApplicationRow } from './applications.js';
import type { Payer } from '../counters/signatures.js';
import { EsignRefusal } from './service.js';
import { createSigningRequest } from './signingRequests.js';

/** Where the approval page sends the person when the transaction ends (SPEC §2's return page). */
const OWN_RETURN_PATH = '/app/my/esign/transaction/return/external';

const PORTAL_NAMES = { en: 'Tawqi portal', ar: 'بوابة توقيع' } as const;

/** The portal's application for a payer: individuals (null) or one organization, made once. */
export async function portalApplication(
  db: Queryable,
  orgSlno: number | null,
  publicOrigin: string,
) {
  const clientId = orgSlno === null ? 'tawqi-portal' : `tawqi-portal.org-${String(orgSlno)}`;
  const find = async () =>
    (
      await db.query<ApplicationRow>(
        `SELECT ${APPLICATION_COLUMNS} FROM esign_applications WHERE client_id = $1 AND credential_kind = 'portal'`,
        [clientId],
      )
    ).rows;
  let rows = await find();
  // Made by whichever request comes first (a concurrent one finds it made); read first, as an
  // INSERT … ON CONFLICT on every signing would use a number of the sequence each time.
  if (rows.length === 0) {
    await db.query(
      `INSERT INTO esign_applications (client_id, sip_slno, org_slno, name_en, name_ar, credential_kind, credential,
              return_origins, webhook_url, created_at)
       VALUES ($1, NULL, $2, $3, $4, 'portal', NULL, $5, NULL, now())
       ON CONFLICT (client_id) DO NOTHING`,
      [clientId, orgSlno, PORTAL_NAMES.en, PORTAL_NAMES.ar, [publicOrigin]],
    );
    rows = await find();
  }
  const [row] = rows;
  if (!row) throw new Error(`the portal's application ${clientId} is missing`);
  // The origin as the server now runs (a development database may have been made on another).
  return { ...applicationOf(row), returnOrigins: [publicOrigin] };
}

/** The portal's status for an eSign refusal: the catalogue's code travels in `detail`. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  401: 'FORBIDDEN',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** `documentPath`: where a document's field errors point when the form is not `documents.N`. */
export function portalError(
  key: EsignErrorKey,
  fields: readonly string[],
  language: Language,
  documentPath?: string,
): AppError {
  const error = ESIGN_ERRORS[key];
  const status = error.status === 402 ? 409 : error.status;
  return new AppError(status, CODE_OF_STATUS[status] ?? 'VALIDATION_FAILED', {
    detail: error.code,
    localized: { en: error.en, ar: error.ar },
    ...(fields.length > 0
      ? {
          fieldErrors: [
            ...new Set(
              fields
                .filter((field) => field.startsWith('documents.'))
                .map((path) => documentPath ?? path),
            ),
          ].map((path) => ({ path, message: error[language] })),
        }
      : {}),
  });
}

/**
 * PDFs put to a person for approval through the portal's `application`: the transaction's id and
 * its approval page, which returns to `returnPath`. `paidBy`: someone else pays (an envelope's
 * sender). Refusals in the caller's language.
 */
export async function putToSigner(
  deps: Deps,
  signing: {
    application: Awaited<ReturnType<typeof portalApplication>>;
    nationalId: string;
    documents: SigningRequest['documents'];
    returnPath: string;
    paidBy?: Payer;
    documentPath?: string;
  },
  context: AuditContext,
  language: Language,
): Promise<{ transactionID: string; approvalPath: string }> {
  const request: SigningRequest = {
    // New each time: a retry is answered by the call's Idempotency-Key before it comes here.
    txnId: `portal.${randomUUID()}`,
    timestamp: deps.clock().toISOString(),
    signer: { nationalId: signing.nationalId },
    consent: true,
    returnUrl: `${deps.config.publicOrigin}${signing.returnPath}`,
    documents: signing.documents,
  };
  try {
    const { answer } = await createSigningRequest(
      deps,
      signing.application,
      request,
      context,
      signing.paidBy,
    );
    // A new transaction id each time, so always a new transaction put to the person.
    if (!answer.approval) throw new Error(`${answer.transactionId} was made without an approval`);
    const approval = new URL(answer.approval.url);
    return {
      transactionID: answer.transactionId,
      approvalPath: `${approval.pathname}${approval.search}`,
    };
  } catch (error) {
    if (error instanceof EsignRefusal)
      throw portalError(error.key, error.fields, language, signing.documentPath);
    throw error;
  }
}

/** A person's national id (the session's person exists: else the session would not). */
export async function nationalIdOf(deps: Deps, userSlno: number): Promise<string> {
  const { rows } = await deps.pool.query<{ national_id: string }>(
    'SELECT national_id FROM users WHERE user_slno = $1',
    [userSlno],
  );
  const nationalId = rows[0]?.national_id;
  if (!nationalId) throw new AppError(401, 'UNAUTHENTICATED');
  return nationalId;
}

/**
 * The person's own PDFs, put to them for approval: the transaction's id and its approval page.
 * `orgSlno` null: on the person's own plan; else on that organization's counters.
 */
export async function signOwnDocuments(
  deps: Deps,
  userSlno: number,
  orgSlno: number | null,
  request: z.output<typeof ownSigningRequest>,
  context: AuditContext,
  language: Language,
): Promise<{ transactionID: string; approvalPath: string }> {
  return putToSigner(
    deps,
    {
      application: await portalApplication(deps.pool, orgSlno, deps.config.publicOrigin),
      nationalId: await nationalIdOf(deps, userSlno),
      documents: request.documents,
      returnPath: OWN_RETURN_PATH,
    },
    context,
    language,
  );
}
