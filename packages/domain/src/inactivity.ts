/**
 * Inactivity (SPEC §4 "Inactivity", §9): a last-activity time is stored at load and on each
 * request; every 3 s it is checked; past the configured minutes and not on the login page, the
 * user goes to /logout.
 */
import { IDLE_TIME_MINUTES, ROUTES } from './constants.js';

const MS_PER_MINUTE = 60_000;

/**
 * Whether the inactivity check sends the user to /logout.
 * - Strictly more than the limit has passed ("more than the configured number of minutes").
 * - Never on the login page (SPEC §4).
 * - Only with a session (our decision: a visitor reading the public site signed-out has nothing to
 *   log out of, and sending them to /logout would be a surprise).
 * - No recorded activity means none to measure from: the caller records one at load.
 */
export function isInactive(input: {
  now: number;
  lastActivity: number | null;
  limitMinutes?: number;
  pathname: string;
  signedIn: boolean;
}): boolean {
  const limitMinutes = input.limitMinutes ?? IDLE_TIME_MINUTES;
  if (!input.signedIn || input.lastActivity === null) return false;
  if (isLoginPath(input.pathname)) return false;
  return input.now - input.lastActivity > limitMinutes * MS_PER_MINUTE;
}

function isLoginPath(pathname: string): boolean {
  return pathname === ROUTES.login || pathname.startsWith(`${ROUTES.login}/`);
}

/**
 * The stored last-activity value (epoch ms as text), or null when it is missing or not a time.
 * A value from the future (another tab's clock, a tampered store) counts as now: it must not keep
 * a session alive forever, nor end one early.
 */
export function parseLastActivity(stored: string | null, now: number): number | null {
  if (stored === null || !/^\d+$/.test(stored)) return null;
  return Math.min(Number(stored), now);
}
