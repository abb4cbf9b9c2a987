/**
 * The national identity app (Nafath) flow for login, enrolment, KYC renewal and an Enrolment
 * Admin verifying a person they add to the organization (SPEC §4
 * "Identity-app login", §8): a pure reducer. The portal feeds it the answers of the initiate and
 * verify calls and the clock; it says whether to poll, what number to show, and how it ended.
 */

/**
 * The flows that follow the same pattern (SPEC §4; `orgUser`: SPEC §7 `orguser/{idp}/verify`;
 * `applicant`: a person beginning a pre-enrolment application; `invitee`: a person an
 * organization invited, issue 17).
 */
export const IDENTITY_FLOWS = [
  'login',
  'enrollment',
  'kycRenewal',
  'orgUser',
  'applicant',
  'invitee',
  'certificate',
] as const;
export type IdentityFlow = (typeof IDENTITY_FLOWS)[number];

/** Status words of the initiate and verify answers (SPEC §4). */
export const IDENTITY_STATUS = {
  /** Initiation or verification failed; errorMessage says why. */
  failed: '0',
  /** Initiation accepted: polling starts. On verify (our design): approved, the session follows. */
  accepted: '1',
  /** On verify: the user has not answered on the phone yet; keep polling. */
  waiting: '3',
} as const;

/**
 * How long a challenge lives: the identity app's request expires after 180 s (SECURITY.md), so the
 * screen stops polling then rather than wait for the server to say so.
 */
export const IDENTITY_CHALLENGE_TTL_MS = 180_000;

/** How often the verify call is repeated while waiting (not shown in the spec; our choice). */
export const IDENTITY_POLL_INTERVAL_MS = 2000;

/**
 * A new one-time code may be asked for this long after the last one, while that one is unused:
 * the server refuses sooner (429), and the sign-in page counts down to it.
 */
export const OTP_RESEND_WAIT_SECONDS = 60;

/** The answer to `…/initiate` (SPEC §7: status, errorMessage and other data). */
export interface InitiateAnswer {
  status: string;
  errorMessage?: string | null | undefined;
  /** The two-digit number the user picks in the identity app. */
  random?: string | null | undefined;
}

/** The answer to `…/verify` (shape not shown in the spec; the api contract defines it). */
export interface VerifyAnswer {
  status: string;
  errorMessage?: string | null | undefined;
  /** Present on a successful login or enrolment; KYC renewal keeps the current session. */
  refreshToken?: string | null | undefined;
}

export type IdentityFailure =
  /** The server answered status "0": its errorMessage is shown (SPEC §8). */
  | { reason: 'server'; message: string }
  /** The call itself failed: "Something went wrong. Please try again" (SPEC §8). */
  | { reason: 'call-failed' }
  /** Asked too often for now (429): the server's words, and when it may be asked again (ms). */
  | { reason: 'wait'; message: string; retryAt: number | null }
  /** No answer on the phone within the challenge's lifetime. */
  | { reason: 'expired' };

export type IdentityLoginState =
  | { phase: 'idle' }
  | { phase: 'initiating'; nationalId: string }
  | {
      phase: 'waiting';
      nationalId: string;
      random: string | null;
      startedAt: number;
    }
  | { phase: 'succeeded'; refreshToken: string | null }
  | { phase: 'failed'; failure: IdentityFailure }
  | { phase: 'cancelled' };

export type IdentityLoginEvent =
  | { type: 'initiate'; nationalId: string }
  | { type: 'initiate-answered'; answer: InitiateAnswer; now: number }
  | { type: 'initiate-failed' }
  | { type: 'initiate-refused'; message: string; retryAt: number | null }
  | { type: 'verify-answered'; answer: VerifyAnswer }
  | { type: 'verify-failed' }
  | { type: 'tick'; now: number }
  | { type: 'cancel' }
  | { type: 'reset' };

export const IDENTITY_LOGIN_INITIAL: IdentityLoginState = { phase: 'idle' };

/** Polling is on exactly while the user is being waited for (SPEC §4). */
export function isPolling(state: IdentityLoginState): boolean {
  return state.phase === 'waiting';
}

/** The refresh token to store when the flow ends, if any (SPEC §4: "stores the refresh token"). */
export function refreshTokenToStore(state: IdentityLoginState): string | null {
  return state.phase === 'succeeded' ? state.refreshToken : null;
}

/**
 * The next state. Events that do not belong to the current phase (a late verify answer after a
 * cancel, a second initiate while one is under way) leave the state as it is.
 */
export function identityLoginReducer(
  state: IdentityLoginState,
  event: IdentityLoginEvent,
): IdentityLoginState {
  switch (event.type) {
    case 'initiate':
      return state.phase === 'initiating' || state.phase === 'waiting'
        ? state
        : { phase: 'initiating', nationalId: event.nationalId };
    case 'initiate-answered':
      if (state.phase !== 'initiating') return state;
      return event.answer.status === IDENTITY_STATUS.accepted
        ? {
            phase: 'waiting',
            nationalId: state.nationalId,
            random: event.answer.random ?? null,
            startedAt: event.now,
          }
        : { phase: 'failed', failure: serverFailure(event.answer) };
    case 'initiate-failed':
      return state.phase === 'initiating'
        ? { phase: 'failed', failure: { reason: 'call-failed' } }
        : state;
    case 'initiate-refused':
      return state.phase === 'initiating'
        ? {
            phase: 'failed',
            failure: { reason: 'wait', message: event.message, retryAt: event.retryAt },
          }
        : state;
    case 'verify-answered':
      if (state.phase !== 'waiting') return state;
      if (event.answer.status === IDENTITY_STATUS.waiting) return state;
      return event.answer.status === IDENTITY_STATUS.accepted
        ? { phase: 'succeeded', refreshToken: event.answer.refreshToken ?? null }
        : { phase: 'failed', failure: serverFailure(event.answer) };
    case 'verify-failed':
      return state.phase === 'waiting'
        ? { phase: 'failed', failure: { reason: 'call-failed' } }
        : state;
    case 'tick':
      return state.phase === 'waiting' && event.now - state.startedAt >= IDENTITY_CHALLENGE_TTL_MS
        ? { phase: 'failed', failure: { reason: 'expired' } }
        : state;
    case 'cancel':
      return state.phase === 'initiating' || state.phase === 'waiting'
        ? { phase: 'cancelled' }
        : state;
    case 'reset':
      return IDENTITY_LOGIN_INITIAL;
  }
}

/**
 * Status "0" carries the server's errorMessage (SPEC §8). Any status the spec does not define is a
 * failure too; without a message it is reported as a failed call rather than an empty toast.
 */
function serverFailure(answer: InitiateAnswer | VerifyAnswer): IdentityFailure {
  const message = answer.errorMessage?.trim();
  return message ? { reason: 'server', message } : { reason: 'call-failed' };
}
