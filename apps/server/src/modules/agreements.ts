/**
 * The subscriber agreement: one way to record that a person (or a pre-enrolment application)
 * accepted it — the version they read, in which language, from where — and to refuse an
 * acceptance of a version that is no longer current (pre-enrolment, invitations, certificates).
 */
import { SUBSCRIBER_AGREEMENT_VERSION, type Language } from '@tawqi/domain';
import type { Queryable } from '../db/pool.js';
import type { HandlerContext } from '../http/contractRoutes.js';
import { AppError } from '../http/errors.js';

const CHANGED = {
  en: 'The subscriber agreement has changed since you read it. Read it again and accept it.',
  ar: 'تغيّرت اتفاقية المشترك منذ قرأتها. اقرأها مرة أخرى ووافق عليها.',
} as const satisfies Record<Language, string>;

/** Refuses (409) an acceptance of another version than the current one. */
export function requireCurrentAgreement(version: string): void {
  if (version !== SUBSCRIBER_AGREEMENT_VERSION)
    throw new AppError(409, 'CONFLICT', { localized: CHANGED });
}

/** Records an acceptance of the current version; answers its number. */
export async function recordAcceptance(
  tx: Queryable,
  context: Pick<HandlerContext, 'language' | 'request' | 'deviceId'>,
  by: { userSlno: number } | { applicationSlno: number },
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ acceptance_slno: number }>(
    `INSERT INTO agreement_acceptances (document, version, language, user_slno, application_slno, accepted_at, ip, device_id)
     VALUES ('subscriberAgreement', $1, $2, $3, $4, $5, $6, $7) RETURNING acceptance_slno`,
    [
      SUBSCRIBER_AGREEMENT_VERSION,
      context.language,
      'userSlno' in by ? by.userSlno : null,
      'applicationSlno' in by ? by.applicationSlno : null,
      now,
      context.request.ip,
      context.deviceId,
    ],
  );
  return (rows[0] as { acceptance_slno: number }).acceptance_slno;
}
