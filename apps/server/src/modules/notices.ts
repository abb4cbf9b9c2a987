/**
 * The one notices module: what a person is told in the app, in both languages — a
 * member about what was done to their membership, the other Enrolment Admins about a request
 * awaiting their decision, a buyer that what they paid for is ready. Written in the transaction
 * of the change, so a notice is never about something undone.
 */
import type { Language } from '@tawqi/domain';
import type { Queryable } from '../db/pool.js';
import { activeMember } from './access/membership.js';

export interface Notice {
  title: Record<Language, string>;
  body: Record<Language, string>;
}

/** One person's notice. */
export async function notifyPerson(
  tx: Queryable,
  userSlno: number,
  notice: Notice,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO notifications (user_slno, title_en, title_ar, message_en, message_ar, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [userSlno, notice.title.en, notice.title.ar, notice.body.en, notice.body.ar, now],
  );
}

/**
 * One notice to every person `recipients` selects (a SELECT of `user_slno`, its values `$1`…);
 * the notice's words and time follow as the next parameters.
 */
async function notifyEach(
  tx: Queryable,
  recipients: string,
  values: readonly unknown[],
  notice: Notice,
  now: Date,
): Promise<void> {
  const at = (offset: number) => `$${String(values.length + offset)}`;
  await tx.query(
    `INSERT INTO notifications (user_slno, title_en, title_ar, message_en, message_ar, created_at)
     SELECT DISTINCT r.user_slno, ${at(1)}::text, ${at(2)}::text, ${at(3)}::text, ${at(4)}::text,
            ${at(5)}::timestamptz
       FROM (${recipients}) r`,
    [...values, notice.title.en, notice.title.ar, notice.body.en, notice.body.ar, now],
  );
}

/** Every active Enrolment Admin of the organization but the one who acted. */
export async function notifyOtherAdmins(
  tx: Queryable,
  org: number,
  actor: number,
  notice: Notice,
  now: Date,
): Promise<void> {
  await notifyEach(
    tx,
    `SELECT m.user_slno FROM memberships m
      WHERE m.org_slno = $1 AND m.user_slno <> $2 AND 'enrolmentAdmin' = ANY (m.roles)
        AND ${activeMember('m')}`,
    [org, actor],
    notice,
    now,
  );
}

/** Every active Enrolment Admin of the provider's own organizations (an L1's staff of record). */
export async function notifyProviderAdmins(
  tx: Queryable,
  sipSlno: number,
  notice: Notice,
  now: Date,
): Promise<void> {
  await notifyEach(
    tx,
    `SELECT m.user_slno FROM memberships m JOIN organizations o ON o.org_slno = m.org_slno
      WHERE o.sip_slno = $1 AND 'enrolmentAdmin' = ANY (m.roles) AND ${activeMember('m')}`,
    [sipSlno],
    notice,
    now,
  );
}
