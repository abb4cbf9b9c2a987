/**
 * Role seats ("a seat is consumed when a user is approved into that role and released
 * when they leave it"): an approved, active member holds one seat of each counted role they have.
 * Approving a new member, reactivating one, or giving one a role takes a seat, and is refused
 * (409, nothing changed: the caller's transaction is rolled back) when none is left; deactivating
 * a member or taking a role away gives the seat back. Through the counters ledger, so the
 * organization's reports and dashboard count the same seats.
 */
import { COUNTED_ROLES, type CountedRole, type Language } from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import { localWord } from '../words.js';
import { post } from './ledger.js';

export interface SeatChange {
  orgSlno: number;
  userSlno: number;
  by: number;
  at: Date;
}

/** The counted roles among a member's roles (the ones that hold seats). */
export function seatedRoles(roles: readonly string[]): CountedRole[] {
  return COUNTED_ROLES.filter((role) => roles.includes(role));
}

function noSeatLeft(role: CountedRole): Record<Language, string> {
  return {
    en: `No ${localWord(role, 'en')} seat is left. Buy role seats, or free one, then try again.`,
    ar: `لم يتبقَّ مقعد لدور ${localWord(role, 'ar')}. اشترِ مقاعد أدوار أو حرّر مقعدًا، ثم حاول مرة أخرى.`,
  };
}

/** Takes one seat of each role, or refuses the whole change when one is not left. */
export async function takeSeats(
  tx: Queryable,
  roles: readonly CountedRole[],
  change: SeatChange,
): Promise<void> {
  for (const role of roles) {
    const taken = await post(tx, {
      orgSlno: change.orgSlno,
      counter: role,
      kind: 'consumption',
      quantity: 1,
      reason: `Member ${String(change.userSlno)} seated`,
      by: change.by,
      at: change.at,
    });
    if (taken !== 'applied') throw new AppError(409, 'CONFLICT', { localized: noSeatLeft(role) });
  }
}

/**
 * Gives one seat of each role back. A seat counted before the ledger may not be recorded as in
 * use (the demo world's opening figures); then there is nothing to give back, and the change
 * goes on.
 */
export async function releaseSeats(
  tx: Queryable,
  roles: readonly CountedRole[],
  change: SeatChange,
): Promise<void> {
  for (const role of roles)
    await post(tx, {
      orgSlno: change.orgSlno,
      counter: role,
      kind: 'release',
      quantity: 1,
      reason: `Member ${String(change.userSlno)} left the role`,
      by: change.by,
      at: change.at,
    });
}
