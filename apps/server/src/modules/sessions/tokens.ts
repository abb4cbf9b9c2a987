/**
 * Access tokens: ES256 JWTs of type `at+jwt` (RFC 9068) with the key's `kid`, short-lived
 * (ACCESS_TOKEN_SECONDS, 5 minutes by default), naming the user, the session and the device.
 * Verification pins the algorithm, type, key id, issuer and audience, and refuses headers that
 * point at other keys (`jku`, `x5u`, `jwk`, `x5c`; RFC 8725 §3.10), so `alg: none`, a plain `JWT`,
 * an unknown key, another issuer or audience, an expired or a tampered token are all refused.
 *
 * The key is made in the hardware security module (adapters/hsm) and used by handle; the
 * database keeps its label and public JWK. The token is therefore put together here (RFC 7515's
 * compact form: the module signs the header and payload, ES256's r‖s is its answer as it is) and
 * verified by jose.
 *
 * A token verified once is remembered until it expires (`VerifiedTokens`): the portal sends the
 * same token with every call for its five minutes, and checking its ES256 signature again each
 * time was a fifth of a signed-in read's work on the server (`npm run bench`). Only the exact
 * bytes verified before are found; the expiry is checked on every use; whether the session is
 * still live is not the token's to say and is read from the database on every request.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, jwtVerify } from 'jose';
import type { KeyVault } from '../../adapters/hsm/pkcs11.js';
import type { Pool } from '../../db/pool.js';
import { compactJws } from '../../jws.js';

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

/** The signing key of the deployment: made once in the module, so every instance uses the same. */
export async function loadSigner(pool: Pool, vault: KeyVault): Promise<TokenSigner> {
  const newest = async () =>
    (
      await pool.query<{ kid: string; key_label: string }>(
        'SELECT kid, key_label FROM signing_keys ORDER BY created_at DESC LIMIT 1',
      )
    ).rows[0];
  let row = await newest();
  if (!row) {
    const kid = randomUUID();
    const made = await vault.generate('P-256', `access-token-${kid}`);
    const stored = await pool.query(
      `INSERT INTO signing_keys (kid, key_label, public_jwk)
       SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM signing_keys)`,
      [kid, made.label, await exportJWK(made.publicKey)],
    );
    // Another instance stored its key first: that one is used, this one is not kept.
    if (stored.rowCount !== 1) vault.destroy(made.label);
    row = await newest();
    if (!row) throw new Error('no access-token key could be stored');
  }
  const key = await vault.find(row.key_label);
  if (!key)
    throw new Error(
      `The access-token key "${row.key_label}" is not in ${vault.description}: HSM_MODULE or HSM_TOKEN names another module or token than the one it was made in.`,
    );
  const kid = row.kid;
  const publicKey = key.publicKey;
  const verified = new VerifiedTokens();
  return {
    issue: (claims, now, lifetimeSeconds) => {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return compactJws(
        { alg: ALGORITHM, typ: TYPE, kid },
        {
          sid: claims.sessionId,
          dev: claims.deviceId,
          sub: String(claims.userSlno),
          iss: ISSUER,
          aud: AUDIENCE,
          iat: issuedAt,
          exp: issuedAt + lifetimeSeconds,
        },
        key,
      );
    },
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
