/**
 * Inactivity (SPEC §4 "Inactivity", §9): a last-activity time is stored at load and on each
 * request; every 3 s it is checked; past the configured minutes and not on the login page, the
 * user goes to /logout.
 *
 * Our additions (issue 12; SPEC §4's rule itself is kept, activity is still a request):
 * - A person using the page (keys, pointer, scrolling, typing) sends a light keep-alive request at
 *   most once a minute, so reading a long page or filling a long form is activity too.
 * - Two minutes before the limit (half the limit when it is shorter) a warning counts down, with
 *   "Stay signed in" (a keep-alive) and "Sign out".
 * - A person signed out for inactivity is told so on the login page.
 */
import { IDLE_TIME_MINUTES, ROUTES } from './constants.js';

const MS_PER_MINUTE = 60_000;

/** At most one keep-alive request a minute, and only after the person did something. */
export const KEEP_ALIVE_INTERVAL_MS = 60_000;

/** The warning comes this long before the limit (or at half the limit, if that is shorter). */
export const INACTIVITY_WARNING_MS = 2 * MS_PER_MINUTE;

/** Where the session stands: in use, about to end (with the milliseconds left), or over. */
export type InactivityState =
  { kind: 'active' } | { kind: 'warning'; leftMs: number } | { kind: 'inactive' };

/** The query /logout and the login page carry when inactivity ended the session. */
export const SIGNED_OUT_INACTIVE = 'inactive';

export function inactivityState(input: {
  now: number;
  lastActivity: number | null;
  limitMinutes?: number;
  pathname: string;
  signedIn: boolean;
}): InactivityState {
  if (isInactive(input)) return { kind: 'inactive' };
  const limitMs = (input.limitMinutes ?? IDLE_TIME_MINUTES) * MS_PER_MINUTE;
  if (!input.signedIn || input.lastActivity === null || isLoginPath(input.pathname))
    return { kind: 'active' };
  const leftMs = input.lastActivity + limitMs - input.now;
  return leftMs <= Math.min(INACTIVITY_WARNING_MS, limitMs / 2)
    ? { kind: 'warning', leftMs }
    : { kind: 'active' };
}

/**
 * Whether to send a keep-alive now: the person did something since the last request, and the
 * last request is at least a minute old (each request already counts as activity).
 */
export function shouldKeepAlive(input: {
  now: number;
  lastActivity: number | null;
  lastInteraction: number | null;
}): boolean {
  if (input.lastInteraction === null) return false;
  if (input.lastActivity === null) return true;
  return (
    input.lastInteraction > input.lastActivity &&
    input.now - input.lastActivity >= KEEP_ALIVE_INTERVAL_MS
  );
}

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
