/**
 * One error shape for the whole API (ARCHITECTURE.md "Errors"), localized by Accept-Language, and
 * the error the client throws.
 */
import { SESSION_ENDED_DETAILS } from '@tawqi/domain';
import { z } from 'zod';

/** Machine-readable codes; `message` is the localized text for people. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  /** The address exists, but not for this method (the answer's Allow header names those it takes). */
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  /** An Idempotency-Key sent again with another request. */
  'IDEMPOTENCY_KEY_REUSED',
  /** An export with more rows than one file may hold: a narrower filter is needed. */
  'EXPORT_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'NOT_IMPLEMENTED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  /** Client-side only: the request never got an answer. */
  'NETWORK_ERROR',
  /** Client-side only: the answer did not match the contract. */
  'INVALID_RESPONSE',
  /** Client-side only: the input did not match the contract, nothing was sent. */
  'INVALID_REQUEST',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const apiErrorBody = z
  .object({
    statusCode: z.int().min(400).max(599),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /**
     * On a refresh whose session is over: `TOKEN_EXPIRED` (SPEC §4, §8), or why it was ended at
     * once — `TOKEN_REUSED` (a spent refresh token came back), `DEVICE_MISMATCH` (another device).
     */
    detail: z.string().optional(),
    /** Which fields of the request were wrong, with a localized message each. */
    fieldErrors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** The id to quote to support; the same id is in the server's log. */
    requestId: z.string().optional(),
  })
  .meta({ description: 'The error answer of every call' });
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** A failed call, as the client reports it. `statusCode` 0 means no answer arrived. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly detail: string | undefined;
  readonly fieldErrors: readonly { path: string; message: string }[];
  readonly requestId: string | undefined;
  /**
   * How many seconds the server asked to wait before trying again (its Retry-After, on a 429 or
   * 503), so a screen can count down to it; undefined when it named none.
   */
  readonly retryAfterSeconds: number | undefined;

  constructor(body: {
    statusCode: number;
    code: ErrorCode;
    message: string;
    detail?: string | undefined;
    fieldErrors?: readonly { path: string; message: string }[] | undefined;
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
  }) {
    super(body.message);
    this.retryAfterSeconds = body.retryAfterSeconds;
    this.statusCode = body.statusCode;
    this.code = body.code;
    this.detail = body.detail;
    this.fieldErrors = body.fieldErrors ?? [];
    this.requestId = body.requestId;
  }

  /** Whether this is a refresh answer that ends the session (SPEC §8: TOKEN_EXPIRED, and ours). */
  get isTokenExpired(): boolean {
    return SESSION_ENDED_DETAILS.includes(this.detail ?? '');
  }

  /** Whether the server sent a message a person can read (else screens say "Failed to fetch"). */
  get hasMessage(): boolean {
    return this.message.trim() !== '';
  }
}

/**
 * The error of an answer that is not 2xx: its body when it has our shape, else one made from the
 * status; with the wait its Retry-After header asks for.
 */
export function errorFromAnswer(
  statusCode: number,
  body: unknown,
  retryAfter: string | null = null,
): ApiError {
  const retryAfterSeconds = secondsToWait(retryAfter);
  const parsed = apiErrorBody.safeParse(body);
  if (parsed.success) return new ApiError({ ...parsed.data, retryAfterSeconds });
  return new ApiError({
    statusCode,
    code: codeForStatus(statusCode),
    message: '',
    retryAfterSeconds,
  });
}

/** A Retry-After value in whole seconds (RFC 9110: a number of seconds, or an HTTP date). */
export function secondsToWait(retryAfter: string | null, now = Date.now()): number | undefined {
  if (retryAfter === null || retryAfter.trim() === '') return undefined;
  if (/^\d+$/u.test(retryAfter.trim())) return Number(retryAfter.trim());
  const at = Date.parse(retryAfter);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function codeForStatus(statusCode: number): ErrorCode {
  const byStatus: Partial<Record<number, ErrorCode>> = {
    400: 'VALIDATION_FAILED',
    401: 'UNAUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
    501: 'NOT_IMPLEMENTED',
    503: 'SERVICE_UNAVAILABLE',
  };
  return byStatus[statusCode] ?? (statusCode >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
}
