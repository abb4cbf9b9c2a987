/**
 * Access tokens: ES256 JWTs of type `at+jwt` (RFC 9068) with the key's `kid`, short-lived
 * (ACCESS_TOKEN_SECONDS, 5 minutes by default), naming the user, the session and the device.
 * Verification pins the algorithm, type, key id, issuer and audience, and refuses headers that
 * point at other keys (`jku`, `x5u`, `jwk`, `x5c`; RFC 8725 §3.10), so `alg: none`, a plain `JWT`,
 * an unknown key, another issuer or audience, an expired or a tampered token are all refused.
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
const TYPE = 'at+jwt';
/** Headers that name a key other than ours: never followed, always refused. */
const FOREIGN_KEY_HEADERS = ['jku', 'x5u', 'jwk', 'x5c'];

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
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE, kid })
        .setSubject(String(claims.userSlno))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(now.getTime() / 1000) + lifetimeSeconds)
        .sign(privateKey),
    verify: async (token, now) => {
      try {
        const { payload } = await jwtVerify(
          token,
          (header) => {
            if (header.kid !== kid || FOREIGN_KEY_HEADERS.some((name) => name in header))
              throw new Error('not our key');
            return publicKey;
          },
          {
            algorithms: [ALGORITHM],
            typ: TYPE,
            issuer: ISSUER,
            audience: AUDIENCE,
            currentDate: now,
          },
        );
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
