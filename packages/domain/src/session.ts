/**
 * Session policy (SPEC §2 "Auth-check behaviour", §4 "Session", §8): pure decisions; the api client
 * and the portal carry them out.
 */
import { ROUTES } from './constants.js';

/** The `detail` a refresh answers when the session is over (SPEC §4, §8). */
export const TOKEN_EXPIRED = 'TOKEN_EXPIRED';
/** A spent refresh token came back after its successor was used: the session was ended at once. */
export const TOKEN_REUSED = 'TOKEN_REUSED';
/** A refresh token came from another device than its own: the session was ended at once. */
export const DEVICE_MISMATCH = 'DEVICE_MISMATCH';

/** Every `detail` of a refresh that means the session is over (ours beside the spec's one). */
export const SESSION_ENDED_DETAILS: readonly string[] = [
  TOKEN_EXPIRED,
  TOKEN_REUSED,
  DEVICE_MISMATCH,
];

/**
 * Answers to any call that make the client refresh once and retry. SPEC §4 says "401 or 403"; we
 * refresh on 401 only (SECURITY.md, decided 2026-11-22). The server answers 401 when the access
 * token is not valid (expired, revoked, tampered) and 403 when a valid caller may not do this:
 * refreshing on a 403 would rotate tokens for nothing and retry a call that is refused again,
 * hiding the denial behind a second round trip.
 */
export const REFRESH_AND_RETRY_STATUSES: readonly number[] = [401];

/** How a call to `POST api/v1/auth/refresh` ended. */
export type RefreshOutcome =
  | { kind: 'ok' }
  | { kind: 'rejected'; status: number; detail?: string | null | undefined }
  | { kind: 'network-error' };

/** What /auth-check does next. */
export type AuthCheckStep =
  | { type: 'refresh' }
  | { type: 'proceed'; navigateTo: string | null }
  | { type: 'go-to-login'; removeRefreshToken: boolean; from: string | null };

/**
 * /auth-check on arrival (SPEC §2): no stored refresh token → login; a token and no session →
 * refresh; a session → proceed, to `from` when present.
 * The refresh token is checked first: a session still in memory after another tab signed out (and
 * removed the token) must not carry on.
 */
export function authCheck(input: {
  hasRefreshToken: boolean;
  hasSession: boolean;
  from: string | null;
}): AuthCheckStep {
  const from = safeReturnPath(input.from);
  if (!input.hasRefreshToken) return { type: 'go-to-login', removeRefreshToken: false, from };
  if (!input.hasSession) return { type: 'refresh' };
  return { type: 'proceed', navigateTo: from };
}

/**
 * /auth-check after its refresh (SPEC §4): on 200 the session is set and it continues; otherwise,
 * or on error, the stored refresh token is removed and the user goes to login.
 */
export function authCheckAfterRefresh(outcome: RefreshOutcome, from: string | null): AuthCheckStep {
  const returnPath = safeReturnPath(from);
  return outcome.kind === 'ok'
    ? { type: 'proceed', navigateTo: returnPath }
    : { type: 'go-to-login', removeRefreshToken: true, from: returnPath };
}

/** What the client does with a failed call. */
export type FailedCallStep = { type: 'refresh-and-retry' } | { type: 'fail' };

/**
 * A failed call (SPEC §4, as decided above): on 401 the client refreshes once and retries. A retried call
 * that fails again, or a caller with no refresh token to refresh with, just fails.
 */
export function afterFailedCall(
  status: number,
  context: { retried: boolean; hasRefreshToken: boolean },
): FailedCallStep {
  return REFRESH_AND_RETRY_STATUSES.includes(status) && !context.retried && context.hasRefreshToken
    ? { type: 'refresh-and-retry' }
    : { type: 'fail' };
}

/**
 * What the client does when the refresh between a failed call and its retry fails. Where a
 * logout leads is the app's (Tawqi's client calls its `onLogout`, which goes to /logout).
 */
export type RefreshFailureStep = { type: 'logout'; removeRefreshToken: true } | { type: 'fail' };

/**
 * A refresh that fails with detail TOKEN_EXPIRED removes the refresh token and logs out
 * (SPEC §4, §8: to /logout); so do TOKEN_REUSED and DEVICE_MISMATCH, which end the session just as surely. Any
 * other failure (a network error, a 5xx) is not proof that the session is over: the original call
 * fails with its own error and the user keeps their place (our decision; the spec names only
 * TOKEN_EXPIRED).
 */
export function afterRefreshFailure(outcome: RefreshOutcome): RefreshFailureStep {
  return outcome.kind === 'rejected' && SESSION_ENDED_DETAILS.includes(outcome.detail ?? '')
    ? { type: 'logout', removeRefreshToken: true }
    : { type: 'fail' };
}

const TAWQI_SESSION_PATHS: readonly string[] = [ROUTES.authCheck, ROUTES.login, ROUTES.logout];

/**
 * `from` is followed only when it is a path inside this site (security: no open redirect to
 * `//evil.example` or `https://…`) and not a session route (no loop back to login or logout).
 * Another app passes its own session routes.
 */
export function safeReturnPath(
  from: string | null | undefined,
  sessionRoutes: readonly string[] = TAWQI_SESSION_PATHS,
): string | null {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  // Control characters and backslashes let browsers reinterpret a path as another origin.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(from)) return null;
  const pathname = from.replace(/[?#].*$/su, '');
  return sessionRoutes.includes(pathname) ? null : from;
}
