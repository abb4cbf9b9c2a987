/**
 * One-time codes, one mechanism for every purpose: signing in with a password (sent to the
 * account's mobile) and confirming a new e-mail address or mobile number (sent to that address,
 * carrying the new value until it is confirmed). A code is stored as an HMAC, lives 3 minutes,
 * takes 5 tries, is bound to the device that asked, and only a person's newest code of a purpose
 * works. A new code while the last is unused waits OTP_RESEND_WAIT_SECONDS; an account gets at
 * most 5 codes an hour; checks are limited per address and per code.
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { OTP_RESEND_WAIT_SECONDS, type Language } from '@tawqi/domain';
import { inTransaction, type Queryable } from '../../db/pool.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { hmac } from '../../keys.js';
import { hit } from '../throttle.js';
import { resendWaitMessage, waitMessage, type AuthMessage } from './messages.js';

export type CodePurpose = 'sign-in' | 'contact-change';

export const OTP_TTL_MS = 180_000;
const OTP_MAX_ATTEMPTS = 5;
const OTP_SENDS_PER_HOUR = 5;
/** Code checks per address and per reference in a quarter of an hour. */
const OTP_CHECKS_PER_ADDRESS = 30;
const OTP_CHECKS_PER_REFERENCE = 10;
const OTP_CHECK_WINDOW_SECONDS = 900;

/** 429 with Retry-After, saying in the caller's language how long to wait. */
export function tooSoon(retryAfterSeconds: number, message?: Record<Language, string>): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, 'RATE_LIMITED', {
    headers: { 'retry-after': String(seconds) },
    localized: message ?? waitMessage(seconds),
  });
}

const codeHash = (deps: Deps, reference: string, code: string) =>
  hmac(deps.keys.otp, reference, code);

/**
 * A new code for a person and purpose (the caller sends it): waits and limits first, then the
 * person's earlier unused codes of the purpose stop working.
 */
export async function issueCode(
  deps: Deps,
  input: {
    userSlno: number;
    purpose: CodePurpose;
    deviceId: string;
    /** The address being confirmed, for a contact change. */
    newValue?: string;
    now: Date;
  },
): Promise<{ reference: string; code: string; expiresInSeconds: number }> {
  const { now } = input;
  const [waiting] = (
    await deps.pool.query<{ created_at: Date }>(
      `SELECT created_at FROM otp_codes WHERE user_slno = $1 AND purpose = $2 AND used_at IS NULL
          AND NOT superseded AND expires_at > $3 ORDER BY created_at DESC LIMIT 1`,
      [input.userSlno, input.purpose, now],
    )
  ).rows;
  const resendIn = waiting
    ? OTP_RESEND_WAIT_SECONDS - (now.getTime() - waiting.created_at.getTime()) / 1000
    : 0;
  if (resendIn > 0) throw tooSoon(resendIn, resendWaitMessage(Math.ceil(resendIn)));
  const hourly = await hit(
    deps.pool,
    `otp-hour:${String(input.userSlno)}`,
    OTP_SENDS_PER_HOUR,
    3600,
    now,
  );
  if (!hourly.allowed)
    throw tooSoon(hourly.retryAfterSeconds, resendWaitMessage(hourly.retryAfterSeconds));
  const reference = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await inTransaction(deps.pool, async (client) => {
    await client.query(
      'UPDATE otp_codes SET superseded = true WHERE user_slno = $1 AND purpose = $2 AND used_at IS NULL',
      [input.userSlno, input.purpose],
    );
    await client.query(
      `INSERT INTO otp_codes (otp_reference, user_slno, code_hash, device_id, created_at, expires_at, purpose, new_value)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        reference,
        input.userSlno,
        codeHash(deps, reference, code),
        input.deviceId,
        now,
        new Date(now.getTime() + OTP_TTL_MS),
        input.purpose,
        input.newValue ?? null,
      ],
    );
  });
  return { reference, code, expiresInSeconds: OTP_TTL_MS / 1000 };
}

/**
 * Checks a code of a purpose, asked from a device and address: used up when right, one try
 * counted when wrong. Another purpose's code, another device's or another person's (when
 * `userSlno` is given) is as good as expired.
 */
export async function checkCode(
  deps: Deps,
  input: {
    reference: string;
    code: string;
    purpose: CodePurpose;
    deviceId: string;
    address: string;
    userSlno?: number;
    now: Date;
  },
  /** The transaction to count the try in (the caller's, to record it with), else its own. */
  db: Queryable = deps.pool,
): Promise<
  | { ok: true; userSlno: number; newValue: string | null }
  | { ok: false; problem: Extract<AuthMessage, 'codeExpired' | 'tooManyAttempts' | 'wrongCode'> }
> {
  const { reference, now } = input;
  for (const [bucket, limit] of [
    [`otp-check-address:${input.address}`, OTP_CHECKS_PER_ADDRESS],
    [`otp-check-reference:${reference}`, OTP_CHECKS_PER_REFERENCE],
  ] as const) {
    const checked = await hit(deps.pool, bucket, limit, OTP_CHECK_WINDOW_SECONDS, now);
    if (!checked.allowed) throw tooSoon(checked.retryAfterSeconds);
  }
  return inTransaction(db, async (client) => {
    const [row] = (
      await client.query<{
        user_slno: number | null;
        code_hash: string;
        attempts: number;
        expires_at: Date;
        used_at: Date | null;
        superseded: boolean;
        device_id: string;
        purpose: string;
        new_value: string | null;
      }>(
        'SELECT user_slno, code_hash, attempts, expires_at, used_at, superseded, device_id, purpose, new_value FROM otp_codes WHERE otp_reference = $1 FOR UPDATE',
        [reference],
      )
    ).rows;
    if (
      !row ||
      row.used_at ||
      row.superseded ||
      row.purpose !== input.purpose ||
      row.device_id !== input.deviceId ||
      (input.userSlno !== undefined && row.user_slno !== input.userSlno)
    )
      return { ok: false, problem: 'codeExpired' } as const;
    if (now >= row.expires_at) return { ok: false, problem: 'codeExpired' } as const;
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, problem: 'tooManyAttempts' } as const;
    const expected = Buffer.from(row.code_hash, 'hex');
    const actual = Buffer.from(codeHash(deps, reference, input.code), 'hex');
    const matches = expected.length === actual.length && timingSafeEqual(expected, actual);
    if (!matches || row.user_slno === null) {
      await client.query('UPDATE otp_codes SET attempts = attempts + 1 WHERE otp_reference = $1', [
        reference,
      ]);
      return {
        ok: false,
        problem: row.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'tooManyAttempts' : 'wrongCode',
      } as const;
    }
    await client.query('UPDATE otp_codes SET used_at = $2 WHERE otp_reference = $1', [
      reference,
      now,
    ]);
    return { ok: true, userSlno: row.user_slno, newValue: row.new_value } as const;
  });
}

/** A masked address for "we sent a code to …": 05*****567, n***@example.sa. */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address.slice(0, 1)}***${address.slice(at)}`;
  return `${address.slice(0, 5)}*****${address.slice(-3)}`;
}
