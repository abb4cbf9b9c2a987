/**
 * Access tokens: ES256 JWTs of type `at+jwt` (RFC 9068) with the key's `kid`, short-lived
 * (ACCESS_TOKEN_SECONDS, 5 minutes by default), naming the user, the session and the device.
 * Verification pins the algorithm, type, key id, issuer and audience, and refuses headers that
 * point at other keys (`jku`, `x5u`, `jwk`, `x5c`; RFC 8725 §3.10), so `alg: none`, a plain `JWT`,
 * an unknown key, another issuer or audience, an expired or a tampered token are all refused.
 *
 * A token verified once is remembered until it expires (`VerifiedTokens`): the portal sends the
 * same token with every call for its five minutes, and checking its ES256 signature again each
 * time was a fifth of a signed-in read's work on the server (`npm run bench`). Only the exact
 * bytes verified before are found; the expiry is checked on every use; whether the session is
 * still live is not the token's to say and is read from the database on every request.
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
  const verified = new VerifiedTokens();
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
      const remembered = verified.get(token, now);
      if (remembered) return remembered;
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
        const claims = { userSlno, sessionId: payload.sid, deviceId: payload.dev };
        // jose refused a token with `nbf` in the future; ours carry none, and one that does is
        // verified every time rather than remembered from before it was valid.
        if (typeof payload.exp === 'number' && payload.nbf === undefined)
          verified.remember(token, claims, payload.exp);
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Tokens whose signature and claims were verified, with their expiry: at most `most`, the oldest
 * forgotten first, each forgotten once it is found expired. A token is found only by its exact
 * text, so a changed byte is verified afresh (and refused).
 */
export class VerifiedTokens {
  private readonly tokens = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(private readonly most = 10_000) {}

  get size(): number {
    return this.tokens.size;
  }

  /** The claims of a token verified before and not expired at `now`; else undefined. */
  get(token: string, now: Date): AccessClaims | undefined {
    const entry = this.tokens.get(token);
    if (!entry) return undefined;
    // As jose judges `exp`: expired once the current whole second reaches it.
    if (Math.floor(now.getTime() / 1000) >= entry.expiresAt) {
      this.tokens.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  /** Remembers a verified token until `expiresAt` (seconds since the epoch, the JWT's `exp`). */
  remember(token: string, claims: AccessClaims, expiresAt: number): void {
    if (this.tokens.size >= this.most && !this.tokens.has(token)) {
      const oldest = this.tokens.keys().next();
      if (!oldest.done) this.tokens.delete(oldest.value);
    }
    this.tokens.set(token, { claims, expiresAt });
  }
}
