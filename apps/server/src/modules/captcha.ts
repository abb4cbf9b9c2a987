/**
 * The captcha of the public forms (create account, contact us). By default the embedded
 * proof-of-work captcha of ALTCHA (altcha-lib: a well-kept, dependency-free library; it works
 * without the internet and asks nothing of a person but a moment of their browser's work):
 * - a challenge is signed with a key from SERVER_SECRET and expires in ten minutes; its answer's
 *   derived key is signed too (deterministic mode), so checking an answer costs one HMAC;
 * - an answer is accepted once: its challenge's signature is spent in `captcha_spent` until the
 *   challenge would have expired anyway.
 * With CAPTCHA_PROVIDER=recaptcha, Google reCAPTCHA v3: the token is checked at its siteverify
 * address, with a minimum score.
 */
import {
  createChallenge,
  randomInt,
  verifySolution,
  type ChallengeParameters,
  type Payload,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Language } from '@tawqi/domain';
import type { Deps } from '../deps.js';
import { z } from 'zod';
import { AppError } from '../http/errors.js';

const ALGORITHM = 'PBKDF2/SHA-256';

/**
 * What a token must hold before altcha-lib reads it: a challenge with its parameters and
 * signature, and a solution. Anything else (`base64("{}")`, a number, a list) is a wrong answer,
 * never a fault.
 */
const tokenShape = z.looseObject({
  challenge: z.looseObject({
    parameters: z.looseObject({ algorithm: z.string(), expiresAt: z.number().optional() }),
    signature: z.string(),
  }),
  solution: z.looseObject({}),
});
const CHALLENGE_MINUTES = 10;

export const CAPTCHA_MESSAGES = {
  required: {
    en: 'Confirm that you are not a robot, then send again.',
    ar: 'أكّد أنك لست روبوتًا، ثم أرسل مرة أخرى.',
  },
  failed: {
    en: 'The robot check did not pass or has expired. Do it again, then send.',
    ar: 'لم يُجتز التحقق من أنك لست روبوتًا أو انتهت صلاحيته. أعده ثم أرسل.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export interface Captcha {
  provider: 'altcha' | 'recaptcha';
  /** What the browser is told at start (SPEC §7 getRecaptchaClientKey). */
  clientKey: string;
  /** A new proof-of-work challenge (the embedded captcha only). */
  challenge(): Promise<{ parameters: ChallengeParameters; signature: string }>;
  /** Whether a token is a person's answer, spending it; never throws for a bad token. */
  verify(token: string, ip: string): Promise<boolean>;
}

export function captchaOf(deps: Pick<Deps, 'config' | 'keys' | 'pool'>): Captcha {
  const { config } = deps;
  if (config.CAPTCHA_PROVIDER === 'recaptcha') {
    return {
      provider: 'recaptcha',
      clientKey: config.RECAPTCHA_SITE_KEY ?? '',
      challenge: () => Promise.reject(new AppError(404, 'NOT_FOUND')),
      verify: async (token, ip) => {
        try {
          const response = await fetch(config.RECAPTCHA_VERIFY_URL, {
            method: 'POST',
            body: new URLSearchParams({
              secret: config.RECAPTCHA_SECRET ?? '',
              response: token,
              remoteip: ip,
            }),
            signal: AbortSignal.timeout(5_000),
          });
          const answer = (await response.json()) as { success?: boolean; score?: number };
          return answer.success === true && (answer.score ?? 1) >= config.RECAPTCHA_MIN_SCORE;
        } catch {
          // Google out of reach: the form cannot tell a person from a robot, so it waits.
          throw new AppError(503, 'SERVICE_UNAVAILABLE');
        }
      },
    };
  }
  const secrets = {
    hmacSignatureSecret: deps.keys.captcha.challenge,
    hmacKeySignatureSecret: deps.keys.captcha.key,
  };
  return {
    provider: 'altcha',
    clientKey: 'altcha',
    challenge: async () => {
      const made = await createChallenge({
        algorithm: ALGORITHM,
        cost: config.CAPTCHA_COST,
        counter: randomInt(1, config.CAPTCHA_MAX_COUNTER),
        deriveKey,
        // Real time, not the deps clock: a challenge's life is a person's minutes, and the
        // library checks it against the real clock.
        expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
        ...secrets,
      });
      return {
        parameters: made.parameters,
        signature: made.signature ?? '',
      };
    },
    verify: async (token) => {
      let read: unknown;
      try {
        read = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      const shaped = tokenShape.safeParse(read);
      if (!shaped.success) return false;
      const payload = shaped.data as unknown as Payload;
      const signature = shaped.data.challenge.signature;
      if (shaped.data.challenge.parameters.algorithm !== ALGORITHM) return false;
      const expiresAt = shaped.data.challenge.parameters.expiresAt ?? 0;
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        ...secrets,
      }).catch(() => null);
      if (!result?.verified) return false;
      const spent = await deps.pool.query(
        `INSERT INTO captcha_spent (signature, expires_at) VALUES ($1, to_timestamp($2))
         ON CONFLICT DO NOTHING`,
        [signature, expiresAt],
      );
      // Spent challenges that could no longer be answered anyway go.
      await deps.pool.query('DELETE FROM captcha_spent WHERE expires_at < now()');
      return spent.rowCount === 1;
    },
  };
}

/** Refuses a request whose captcha token is missing or not a person's answer. */
export async function requireCaptcha(
  captcha: Captcha,
  token: string | undefined,
  ip: string,
): Promise<void> {
  if (!token)
    throw new AppError(400, 'VALIDATION_FAILED', { localized: CAPTCHA_MESSAGES.required });
  if (!(await captcha.verify(token, ip)))
    throw new AppError(400, 'VALIDATION_FAILED', { localized: CAPTCHA_MESSAGES.failed });
}
