/**
 * The national identity app (Nafath MFA API) adapter: create a request for a national id and a
 * service (→ transId and the two-digit number the user picks), ask its status (WAITING, COMPLETED,
 * REJECTED, EXPIRED), and verify the RS256 JWT that carries a completed request's result against
 * the provider's JWKS. The simulator is driven through this same client.
 */
import { createRemoteJWKSet, customFetch, jwtVerify } from 'jose';
import { z } from 'zod';

export const NAFATH_STATUSES = ['WAITING', 'COMPLETED', 'REJECTED', 'EXPIRED'] as const;
export type NafathStatus = (typeof NAFATH_STATUSES)[number];

/** The person a completed request names (from the signed result). */
export interface NafathPerson {
  nationalId: string;
  fullNameEnglish: string;
  fullNameArabic: string;
  nationality: string;
  /** Gregorian YYYY-MM-DD, when the identity app gives it. */
  dateOfBirth?: string | undefined;
  /** Umm al-Qura YYYY-MM-DD, when the identity app gives it. */
  dateOfBirthHijri?: string | undefined;
}

export interface IdentityProvider {
  createRequest(input: {
    nationalId: string;
    service: string;
    requestId: string;
  }): Promise<{ transId: string; random: string }>;
  /** The status, and for a completed request the signed result's person. */
  status(input: {
    nationalId: string;
    transId: string;
    random: string;
  }): Promise<{ status: NafathStatus; person: NafathPerson | null }>;
}

export class IdentityProviderError extends Error {
  override readonly name = 'IdentityProviderError';
}

const createAnswer = z.object({ transId: z.string().min(1), random: z.string().regex(/^\d{2}$/) });
const statusAnswer = z.object({ status: z.enum(NAFATH_STATUSES), response: z.string().optional() });
const personClaims = z.object({
  transId: z.string(),
  status: z.literal('COMPLETED'),
  nationalId: z.string(),
  englishName: z.string(),
  arabicName: z.string(),
  nationality: z.string(),
  dateOfBirthG: z.iso.date().optional(),
  dateOfBirthH: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

export function createNafathClient(options: {
  baseUrl: string;
  appId: string;
  appKey: string;
  fetch?: typeof fetch;
}): IdentityProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  const jwks = createRemoteJWKSet(
    new URL(`${base}/api/v1/mfa/jwk`),
    options.fetch ? { [customFetch]: options.fetch } : {},
  );
  const post = async (path: string, body: unknown, query = '') => {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'APP-ID': options.appId,
          'APP-KEY': options.appKey,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new IdentityProviderError(`the identity provider did not answer: ${String(error)}`);
    }
    if (!response.ok)
      throw new IdentityProviderError(`the identity provider answered ${String(response.status)}`);
    return (await response.json()) as unknown;
  };
  return {
    async createRequest(input) {
      const answer = createAnswer.safeParse(
        await post(
          '/api/v1/mfa/request',
          { nationalId: input.nationalId, service: input.service },
          `?local=ar&requestId=${encodeURIComponent(input.requestId)}`,
        ),
      );
      if (!answer.success)
        throw new IdentityProviderError('the identity provider answered an unexpected request');
      return answer.data;
    },
    async status(input) {
      const answer = statusAnswer.safeParse(await post('/api/v1/mfa/request/status', input));
      if (!answer.success)
        throw new IdentityProviderError('the identity provider answered an unexpected status');
      if (answer.data.status !== 'COMPLETED') return { status: answer.data.status, person: null };
      if (!answer.data.response)
        throw new IdentityProviderError('a completed request came without its signed result');
      const { payload } = await jwtVerify(answer.data.response, jwks, {
        algorithms: ['RS256'],
      }).catch((error: unknown) => {
        throw new IdentityProviderError(`the signed result did not verify: ${String(error)}`);
      });
      const claims = personClaims.safeParse(payload);
      if (
        !claims.success ||
        claims.data.transId !== input.transId ||
        claims.data.nationalId !== input.nationalId
      ) {
        throw new IdentityProviderError('the signed result is for another request');
      }
      return {
        status: 'COMPLETED',
        person: {
          nationalId: claims.data.nationalId,
          fullNameEnglish: claims.data.englishName,
          fullNameArabic: claims.data.arabicName,
          nationality: claims.data.nationality,
          dateOfBirth: claims.data.dateOfBirthG,
          dateOfBirthHijri: claims.data.dateOfBirthH,
        },
      };
    },
  };
}
