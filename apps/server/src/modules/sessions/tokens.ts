/**
 * Access tokens: ES256 JWTs, short-lived (ACCESS_TOKEN_SECONDS, 5 minutes by default), naming
 * the user, the session and the device. Verification pins the algorithm, issuer and audience, so
 * `alg: none`, another issuer or audience, an expired or a tampered token are all refused.
 */
import { randomUUID } from 'node:crypto';
import {
  SignJWT,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Pool } from '../../db/pool.js';

export const ISSUER = 'tawqi';
export const AUDIENCE = 'tawqi-api';
const ALGORITHM = 'ES256';

export interface AccessClaims {
  userSlno: number;
  sessionId: string;
  deviceId: string;
}

export interface TokenSigner {
  issue(claims: AccessClaims, now: Date, lifetimeSeconds: number): Promise<string>;
  verify(token: string, now: Date): Promise<AccessClaims | null>;
}

/** The signing key of the deployment: made once and stored, so every instance uses the same. */
export async function loadSigner(pool: Pool): Promise<TokenSigner> {
  let row = (
    await pool.query<{ kid: string; private_jwk: JWK; public_jwk: JWK }>(
      'SELECT kid, private_jwk, public_jwk FROM signing_keys ORDER BY created_at DESC LIMIT 1',
    )
  ).rows[0];
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const kid = randomUUID();
    await pool.query(
      'INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [kid, await exportJWK(privateKey), await exportJWK(publicKey)],
    );
    row = (
      await pool.query<{ kid: string; private_jwk: JWK; public_jwk: JWK }>(
        'SELECT kid, private_jwk, public_jwk FROM signing_keys ORDER BY created_at DESC LIMIT 1',
      )
    ).rows[0];
    if (!row) throw new Error('no signing key could be stored');
  }
  // Keys are parsed once here, not per request (re-parsing is 15× slower).
  const privateKey = (await importJWK(row.private_jwk, ALGORITHM)) as CryptoKey;
  const publicKey = (await importJWK(row.public_jwk, ALGORITHM)) as CryptoKey;
  const kid = row.kid;
  return {
    issue: (claims, now, lifetimeSeconds) =>
      new SignJWT({ sid: claims.sessionId, dev: claims.deviceId })
        .setProtectedHeader({ alg: ALGORITHM, kid })
        .setSubject(String(claims.userSlno))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(now.getTime() / 1000) + lifetimeSeconds)
        .sign(privateKey),
    verify: async (token, now) => {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
        });
        const userSlno = Number(payload.sub);
        if (
          !Number.isSafeInteger(userSlno) ||
          typeof payload.sid !== 'string' ||
          typeof payload.dev !== 'string'
        )
          return null;
        return { userSlno, sessionId: payload.sid, deviceId: payload.dev };
      } catch {
        return null;
      }
    },
  };
}
