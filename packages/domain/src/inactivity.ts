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
 *
 * The rules take the app's routes and navigation as inputs (issue 39: another product reuses them
 * with its own): the login page's path is `loginPath`, and what "sign out" means is the caller's
 * `onInactive`. `startInactivityMonitor` is the loop itself, for any app.
 */
import { IDLE_TIME_MINUTES, INACTIVITY_CHECK_INTERVAL_MS } from './constants.js';

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

/** What the inactivity rules read of the moment. */
export interface InactivityInput {
  now: number;
  lastActivity: number | null;
  limitMinutes?: number | undefined;
  pathname: string;
  /** The app's login page (and the pages under it): inactivity never signs out there. */
  loginPath: string;
  signedIn: boolean;
}

export function inactivityState(input: InactivityInput): InactivityState {
  if (isInactive(input)) return { kind: 'inactive' };
  const limitMs = (input.limitMinutes ?? IDLE_TIME_MINUTES) * MS_PER_MINUTE;
  if (!input.signedIn || input.lastActivity === null || onLoginPage(input))
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
 * Whether the inactivity check signs the user out (in Tawqi, to /logout).
 * - Strictly more than the limit has passed ("more than the configured number of minutes").
 * - Never on the login page (SPEC §4).
 * - Only with a session (our decision: a visitor reading the public site signed-out has nothing to
 *   log out of, and sending them to /logout would be a surprise).
 * - No recorded activity means none to measure from: the caller records one at load.
 */
export function isInactive(input: InactivityInput): boolean {
  const limitMinutes = input.limitMinutes ?? IDLE_TIME_MINUTES;
  if (!input.signedIn || input.lastActivity === null) return false;
  if (onLoginPage(input)) return false;
  return input.now - input.lastActivity > limitMinutes * MS_PER_MINUTE;
}

function onLoginPage({ pathname, loginPath }: { pathname: string; loginPath: string }): boolean {
  return pathname === loginPath || pathname.startsWith(`${loginPath}/`);
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

/** What the monitor needs of its app: the clock, timers, the stored activity, and what to do. */
export interface InactivityMonitorOptions {
  now: () => number;
  /** Runs `task` after `ms`; returns what cancels it (`setTimeout` and `clearTimeout`). */
  schedule: (task: () => void, ms: number) => () => void;
  /** The stored last activity (shared by the app's tabs) as written, and how to write it. */
  readLastActivity: () => string | null;
  writeLastActivity: (at: number) => void;
  /** When the person last used the page (keys, pointer, scrolling), or null. */
  lastInteraction: () => number | null;
  pathname: () => string;
  loginPath: string;
  signedIn: boolean;
  limitMinutes?: number | undefined;
  /** Each check's warning: the milliseconds left, or null when there is none. */
  onWarning: (leftMs: number | null) => void;
  /** The limit has passed: sign out (the app's navigation). Checks stop. */
  onInactive: () => void;
  /** Send a light request that counts as activity (the app's api). */
  keepAlive: () => void;
}

/**
 * The inactivity loop: for a signed-in person records an activity at start (SPEC §4: "at load";
 * the app starts it again when the session changes — a sign-in is a request anyway), then checks
 * every 3000 ms — every second while the warning counts down — and warns, keeps alive or signs
 * out. A visitor's start writes nothing (a sign-out has just cleared the storage). Returns what
 * stops it.
 */
export function startInactivityMonitor(options: InactivityMonitorOptions): () => void {
  if (options.signedIn) options.writeLastActivity(options.now());
  let cancel: (() => void) | null = null;
  const check = () => {
    const now = options.now();
    const lastActivity = parseLastActivity(options.readLastActivity(), now);
    const state = inactivityState({
      now,
      lastActivity,
      limitMinutes: options.limitMinutes,
      pathname: options.pathname(),
      loginPath: options.loginPath,
      signedIn: options.signedIn,
    });
    if (state.kind === 'inactive') {
      cancel = null;
      options.onWarning(null);
      options.onInactive();
      return;
    }
    options.onWarning(state.kind === 'warning' ? state.leftMs : null);
    if (
      options.signedIn &&
      state.kind === 'active' &&
      shouldKeepAlive({ now, lastActivity, lastInteraction: options.lastInteraction() })
    )
      options.keepAlive();
    cancel = options.schedule(
      check,
      state.kind === 'warning' ? 1000 : INACTIVITY_CHECK_INTERVAL_MS,
    );
  };
  cancel = options.schedule(check, INACTIVITY_CHECK_INTERVAL_MS);
  return () => {
    cancel?.();
    cancel = null;
  };
}
