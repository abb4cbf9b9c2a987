/**
 * The error catalogue (SPEC §8) as data: each situation → how it is shown or handled.
 * The portal turns a `toast` or `notice` into a ui Toast; `action` situations are carried out by
 * the session and translation-loading policies (session.ts, translationLoading.ts).
 */
import type { ToastVariant } from './constants.js';
import type { IdentityFlow } from './identityLogin.js';

/** The catalogue's fixed messages, in the glossary's words (GLOSSARY.md). */
export const MESSAGES = {
  'errors.title': { en: 'Error', ar: 'خطأ' },
  'errors.somethingWentWrong': {
    en: 'Something went wrong. Please try again',
    ar: 'حدث خطأ ما. يرجى المحاولة مرة أخرى',
  },
  'errors.failedToFetch': { en: 'Failed to fetch', ar: 'تعذّر جلب البيانات' },
  'errors.sessionExpired': { en: 'Session expired', ar: 'انتهت الجلسة' },
} as const;
export type MessageKey = keyof typeof MESSAGES;

/** Where a shown message's description comes from. */
export type Description =
  | { from: 'key'; key: MessageKey }
  /** The server's errorMessage of the answer (SPEC §8). */
  | { from: 'server'; field: 'errorMessage' };

export type Handling =
  /** A toast of the ui Toast queue. */
  | { kind: 'toast'; variant: ToastVariant; titleKey: MessageKey; description: Description }
  /**
   * A notice: the same toast, but it stays until dismissed (our reading of the spec's "notice"
   * for renewal: the user is mid-task on a signed-in page and must not miss it).
   */
  | { kind: 'notice'; variant: ToastVariant; titleKey: MessageKey; description: Description }
  /** Shown in place of the grid's rows, with a retry. */
  | { kind: 'inline'; description: Description }
  | {
      kind: 'action';
      action:
        | 'refresh-and-retry'
        | 'remove-refresh-token-and-logout'
        | 'remove-refresh-token-and-login'
        | 'raise-server-message'
        | 'show-row-error'
        | 'retry'
        | 'do-not-retry'
        | 'report-parse-failure';
    };

const SERVER_MESSAGE: Description = { from: 'server', field: 'errorMessage' };
const SOMETHING_WENT_WRONG: Description = { from: 'key', key: 'errors.somethingWentWrong' };

/** SPEC §8, one row each, in the spec's order. */
export const ERROR_CATALOGUE = {
  /** Login initiation answers status "0". */
  loginInitiationRejected: {
    kind: 'toast',
    variant: 'error',
    titleKey: 'errors.title',
    description: SERVER_MESSAGE,
  },
  /** Login initiation call fails; the operation fails. */
  loginInitiationFailed: {
    kind: 'toast',
    variant: 'error',
    titleKey: 'errors.title',
    description: SOMETHING_WENT_WRONG,
  },
  /** Renewal answers status "0". */
  renewalRejected: {
    kind: 'notice',
    variant: 'error',
    titleKey: 'errors.title',
    description: SERVER_MESSAGE,
  },
  /** Renewal fails for any other reason. */
  renewalFailed: {
    kind: 'notice',
    variant: 'error',
    titleKey: 'errors.title',
    description: SOMETHING_WENT_WRONG,
  },
  /** A grid call fails with no message. */
  gridFetchFailed: { kind: 'inline', description: { from: 'key', key: 'errors.failedToFetch' } },
  /** 401 on any call (SPEC §4 says 401 or 403; see REFRESH_AND_RETRY_STATUSES). */
  unauthorized: { kind: 'action', action: 'refresh-and-retry' },
  /** Refresh fails with TOKEN_EXPIRED (or TOKEN_REUSED, DEVICE_MISMATCH). */
  refreshTokenExpired: { kind: 'action', action: 'remove-refresh-token-and-logout' },
  /** Refresh fails or answers non-200 at session check. */
  sessionCheckRefreshFailed: { kind: 'action', action: 'remove-refresh-token-and-login' },
  /** L2 organization view answers a non-empty errorMessage: it is raised as the error. */
  l2OrganizationViewError: { kind: 'action', action: 'raise-server-message' },
  /** Special plan and purchase order rows carry errorMessage, errorCode and responseStatus. */
  purchaseRowError: { kind: 'action', action: 'show-row-error' },
  /** Translation load, status 500–599 or no status. */
  translationServerError: { kind: 'action', action: 'retry' },
  /** Translation load, status 400–499. */
  translationClientError: { kind: 'action', action: 'do-not-retry' },
  /** Translation load, network error. */
  translationNetworkError: { kind: 'action', action: 'retry' },
  /** Translation load, unparsable JSON. */
  translationParseError: { kind: 'action', action: 'report-parse-failure' },
} as const satisfies Record<string, Handling>;
export type ErrorSituation = keyof typeof ERROR_CATALOGUE;

/**
 * The text of a shown message: the server's message when the situation takes it and the server
 * sent one, else the catalogue's fixed message (so a blank server message never makes a blank
 * toast).
 */
export function describe(
  description: Description,
  language: 'en' | 'ar',
  serverMessage?: string | null,
): string {
  const fromServer = description.from === 'server' ? serverMessage?.trim() : undefined;
  if (fromServer) return fromServer;
  const key = description.from === 'key' ? description.key : 'errors.somethingWentWrong';
  return MESSAGES[key][language];
}

/**
 * The catalogue's situations for an identity-app initiation that answered status "0" or failed
 * (SPEC §8): KYC renewal's are notices, which stay until dismissed; every other flow's are the
 * login initiation's toasts.
 */
export function initiationSituations(flow: IdentityFlow): {
  rejected: ErrorSituation;
  failed: ErrorSituation;
} {
  return flow === 'kycRenewal'
    ? { rejected: 'renewalRejected', failed: 'renewalFailed' }
    : { rejected: 'loginInitiationRejected', failed: 'loginInitiationFailed' };
}
