/**
 * Identity-app challenges (SPEC §4): one mechanism for every flow that asks a person to approve in
 * the national identity app — login, enrolment, KYC renewal, and an Enrolment Admin adding a person
 * to the organization (orgUser: the person approves on their own phone, the admin sees the number).
 *
 * A challenge expires after 180 s, is bound to the browser that started it (its device id) and to
 * whom the flow is for, is limited per national id (no push bombing), and an approval is used once.
 */
import { randomUUID } from 'node:crypto';
import {
  IDENTITY_CHALLENGE_TTL_MS,
  IDENTITY_STATUS,
  maskNationalId,
  type Language,
} from '@tawqi/domain';
import { IdentityProviderError, type NafathPerson } from '../../adapters/nafath/client.js';
import type { Deps } from '../../deps.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import type { HandlerContext } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { hit } from '../throttle.js';
import { tooSoon } from './codes.js';
import { authMessage, identityWaitMessage, type AuthMessage } from './messages.js';

/** The flows that ask a person to approve in the identity app. */
export type IdentityFlow =
  'login' | 'enrollment' | 'kycRenewal' | 'orgUser' | 'applicant' | 'invitee' | 'certificate';

/** At most this many identity-app requests per national id in the window. */
const CHALLENGES_PER_ID = 3;
const CHALLENGE_WINDOW_SECONDS = 600;
/** The identity app is asked about one request at most once a second. */
const POLL_WINDOW_SECONDS = 1;

const SERVICE_NAMES: Record<IdentityFlow, string> = {
  login: 'Login',
  enrollment: 'Enrollment',
  kycRenewal: 'KycRenewal',
  orgUser: 'OrganizationUser',
  applicant: 'Enrollment',
  invitee: 'OrganizationUser',
  certificate: 'DigitalCertificate',
};

export function failed(key: AuthMessage, language: Language) {
  return { status: IDENTITY_STATUS.failed, errorMessage: authMessage(key, language) };
}

/**
 * Whom a challenge is bound to besides the browser that started it: the signed-in person it is
 * for (KYC renewal), or the organization and Enrolment Admin adding the person (orgUser).
 */
export interface ChallengeBinding {
  userSlno?: number;
  organization?: number;
  requestedBy?: number;
}

/** Starts a challenge: the identity app shows the person a request; we answer its number. */
export async function initiate(
  deps: Deps,
  context: HandlerContext,
  flow: IdentityFlow,
  nationalId: string,
  binding: ChallengeBinding = {},
) {
  const now = deps.clock();
  const throttle = await hit(
    deps.pool,
    `nafath:${nationalId}`,
    CHALLENGES_PER_ID,
    CHALLENGE_WINDOW_SECONDS,
    now,
  );
  const base = { nationalID: nationalId, transId: null, random: null };
  // Beyond its limit the identity app is not asked at all (no push bombing): 429, how long to wait.
  if (!throttle.allowed)
    throw tooSoon(throttle.retryAfterSeconds, identityWaitMessage(throttle.retryAfterSeconds));
  let created: { transId: string; random: string };
  try {
    created = await deps.identity.createRequest({
      nationalId,
      service: SERVICE_NAMES[flow],
      requestId: randomUUID(),
    });
  } catch (error) {
    if (error instanceof IdentityProviderError) throw new AppError(503, 'SERVICE_UNAVAILABLE');
    throw error;
  }
  await deps.pool.query(
    `INSERT INTO identity_challenges (trans_id, flow, national_id, device_id, random, user_slno, org_slno, requested_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      created.transId,
      flow,
      nationalId,
      context.deviceId,
      created.random,
      binding.userSlno ?? null,
      binding.organization ?? null,
      binding.requestedBy ?? null,
      now,
      new Date(now.getTime() + IDENTITY_CHALLENGE_TTL_MS),
    ],
  );
  return {
    ...base,
    status: IDENTITY_STATUS.accepted,
    errorMessage: null,
    transId: created.transId,
    random: created.random,
  };
}

/**
 * Polls a challenge: "3" while waiting; "0" with the reason when it failed; on approval, the
 * challenge is consumed exactly once and `onApproved` runs.
 */
export async function verify<T extends object>(
  deps: Deps,
  context: HandlerContext,
  flow: IdentityFlow,
  input: { nationalId: string; transId: string } & Omit<ChallengeBinding, 'userSlno'>,
  onApproved: (person: NafathPerson) => Promise<T | AuthMessage>,
): Promise<
  | { status: string; errorMessage: string | null; reason?: AuthMessage }
  | ({ status: string; errorMessage: null } & T)
> {
  const now = deps.clock();
  const [challenge] = (
    await deps.pool.query<{
      national_id: string;
      device_id: string;
      random: string;
      status: string;
      expires_at: Date;
      flow: string;
      org_slno: number | null;
      requested_by: number | null;
    }>(
      `SELECT national_id, device_id, random, status, expires_at, flow, org_slno, requested_by
         FROM identity_challenges WHERE trans_id = $1`,
      [input.transId],
    )
  ).rows;
  if (
    challenge?.flow !== flow ||
    challenge.national_id !== input.nationalId ||
    challenge.org_slno !== (input.organization ?? null) ||
    challenge.requested_by !== (input.requestedBy ?? null) ||
    challenge.status === 'CONSUMED'
  ) {
    return failed('unknownRequest', context.language);
  }
  // Another browser learns nothing of a challenge it did not start, not even that it exists.
  if (challenge.device_id !== context.deviceId) throw new AppError(404, 'NOT_FOUND');
  if (now >= challenge.expires_at) return failed('expired', context.language);
  const poll = await hit(deps.pool, `nafath-poll:${input.transId}`, 1, POLL_WINDOW_SECONDS, now);
  if (!poll.allowed) throw tooSoon(poll.retryAfterSeconds);
  let result;
  try {
    result = await deps.identity.status({
      nationalId: input.nationalId,
      transId: input.transId,
      random: challenge.random,
    });
  } catch (error) {
    if (error instanceof IdentityProviderError) throw new AppError(503, 'SERVICE_UNAVAILABLE');
    throw error;
  }
  if (result.status === 'WAITING') return { status: IDENTITY_STATUS.waiting, errorMessage: null };
  if (result.status === 'REJECTED' || result.status === 'EXPIRED' || !result.person) {
    const status = result.status;
    await inTransaction(deps.pool, async (tx) => {
      await tx.query('UPDATE identity_challenges SET status = $2 WHERE trans_id = $1', [
        input.transId,
        status,
      ]);
      await deps.audit.record(tx, context.audit, {
        // An admin's check of a person they add is not a sign-in.
        action:
          flow === 'orgUser' || flow === 'applicant' || flow === 'invitee' || flow === 'certificate'
            ? 'identity.verification-failed'
            : 'session.sign-in-failed',
        outcome: 'failure',
        target: maskNationalId(input.nationalId),
        detail: { method: 'identity-app', flow, reason: status.toLowerCase() },
      });
    });
    return failed(result.status === 'REJECTED' ? 'rejected' : 'expired', context.language);
  }
  // Consumed once: a replayed or concurrent verify finds nothing to sign in with.
  const consumed = await deps.pool.query(
    "UPDATE identity_challenges SET status = 'CONSUMED' WHERE trans_id = $1 AND status <> 'CONSUMED'",
    [input.transId],
  );
  if (consumed.rowCount !== 1) return failed('unknownRequest', context.language);
  const approved = await onApproved(result.person);
  if (typeof approved === 'string')
    return { ...failed(approved, context.language), reason: approved };
  return { status: IDENTITY_STATUS.accepted, errorMessage: null, ...approved };
}

/**
 * The person the identity app confirmed, recorded as it names them when they are new to Tawqi (an
 * identity just verified is good for a year); a person already known keeps their record.
 */
export async function recordVerifiedPerson(
  tx: Queryable,
  person: NafathPerson,
  now: Date,
): Promise<{ userSlno: number; created: boolean }> {
  // A known person is only read: the upsert (enrolment, invitations, new users) rewrote their row
  // and used a number of the users' 4-byte sequence each time (INSERT … SELECT takes one only for
  // a row it makes; the upsert is left for two first arrivals at once).
  const { rows } = await tx.query<{ user_slno: number; created: boolean }>(
    `WITH known AS (SELECT user_slno FROM users WHERE national_id = $1),
          made AS (
            INSERT INTO users (national_id, full_name_en, full_name_ar, nationality, date_of_birth, date_of_birth_hijri, kyc_valid_till)
            SELECT $1::text, $2::text, $3::text, $4::text, $5::date, $6::text, ($7::timestamptz + interval '1 year')::date
             WHERE NOT EXISTS (SELECT 1 FROM known)
            ON CONFLICT (national_id) DO UPDATE SET national_id = EXCLUDED.national_id
            RETURNING user_slno, (xmax = 0) AS created)
     SELECT user_slno, false AS created FROM known
     UNION ALL SELECT user_slno, created FROM made`,
    [
      person.nationalId,
      person.fullNameEnglish,
      person.fullNameArabic,
      person.nationality,
      person.dateOfBirth ?? null,
      person.dateOfBirthHijri ?? null,
      now,
    ],
  );
  const row = rows[0] as { user_slno: number; created: boolean };
  return { userSlno: row.user_slno, created: row.created };
}
