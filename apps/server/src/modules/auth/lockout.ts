/**
 * Failed password sign-ins slow an attacker down without letting anyone lock the owner out
 * (NIST SP 800-63B §5.2.2; SECURITY.md, decided 2026-11-22):
 * - failures are counted per key: the address they come from, and the account — or, on a device
 *   already registered to that account, the account on that device, so an attacker's failures
 *   elsewhere never slow the owner down on their own browser;
 * - the first FREE_FAILURES in a row cost nothing; after that each attempt waits, 30 s doubling up
 *   to 15 minutes (a 429 with Retry-After says how long); never a permanent lock;
 * - after MAX_CONSECUTIVE_FAILURES in a row, passwords stop working for the account from unknown
 *   devices until the owner signs in through the identity app (a stronger factor), which clears
 *   every count of the account;
 * - keys are usernames as typed, so an unknown username behaves exactly like a known one.
 */
import type { Pool, Queryable } from '../../db/pool.js';

export const FREE_FAILURES = 5;
export const MAX_CONSECUTIVE_FAILURES = 100;
const FIRST_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 15 * 60;

/** Seconds the next attempt must wait after this many failures in a row. */
export function delayAfter(consecutive: number): number {
  if (consecutive < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (consecutive - FREE_FAILURES));
}

export const failureKeys = {
  address: (address: string) => `address:${address}`,
  account: (username: string) => `account:${username}`,
  accountOnDevice: (username: string, deviceHash: string) => `device:${username}:${deviceHash}`,
};

/** How long the next attempt must wait (seconds, 0 for now), and the account's count in a row. */
export async function standing(
  pool: Pool,
  keys: readonly string[],
  now: Date,
): Promise<{ waitSeconds: number; consecutive: Record<string, number> }> {
  const rows = (
    await pool.query<{ key: string; consecutive: number; blocked_until: Date }>(
      'SELECT key, consecutive, blocked_until FROM sign_in_failures WHERE key = ANY ($1)',
      [keys],
    )
  ).rows;
  const waitMs = Math.max(0, ...rows.map((row) => row.blocked_until.getTime() - now.getTime()));
  return {
    waitSeconds: Math.ceil(waitMs / 1000),
    consecutive: Object.fromEntries(rows.map((row) => [row.key, row.consecutive])),
  };
}

/** Counts one more failure on each key; answers the new counts. */
export async function recordFailure(
  pool: Queryable,
  keys: readonly string[],
  now: Date,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const key of keys) {
    const [row] = (
      await pool.query<{ consecutive: number }>(
        `INSERT INTO sign_in_failures (key, consecutive, last_failure_at, blocked_until) VALUES ($1, 1, $2, $2)
         ON CONFLICT (key) DO UPDATE SET consecutive = sign_in_failures.consecutive + 1, last_failure_at = $2
         RETURNING consecutive`,
        [key, now],
      )
    ).rows;
    const consecutive = row?.consecutive ?? 1;
    await pool.query('UPDATE sign_in_failures SET blocked_until = $2 WHERE key = $1', [
      key,
      new Date(now.getTime() + delayAfter(consecutive) * 1000),
    ]);
    counts[key] = consecutive;
  }
  return counts;
}

/** A sign-in that succeeded clears its keys. */
export async function clearFailures(pool: Queryable, keys: readonly string[]): Promise<void> {
  await pool.query('DELETE FROM sign_in_failures WHERE key = ANY ($1)', [keys]);
}

/** Every key of an account (any device): cleared by a sign-in through the identity app. */
export async function clearAccount(pool: Pool, username: string): Promise<void> {
  await pool.query('DELETE FROM sign_in_failures WHERE key = $1 OR key LIKE $2', [
    failureKeys.account(username),
    `device:${username.replace(/[\\%_]/g, '\\$&')}:%`,
  ]);
}
