/**
 * Links the server sends to a person (an e-mail address's verification, an invitation): a random
 * nonce, the instant it expires and an HMAC-SHA256 over both under one purpose's label, with a
 * key from SERVER_SECRET. A link is checked here before anything is looked up (a forged one
 * costs one HMAC); whether it is used, replaced or expired is its table's to say.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hmac } from '../keys.js';

export type LinkPurpose = 'email-link' | 'invitation';

/** A new nonce and the token that carries it: `nonce.expiry.signature`. */
export function newSignedLink(
  key: Buffer,
  purpose: LinkPurpose,
  expiresAt: Date,
): { nonce: string; token: string } {
  const nonce = randomBytes(24).toString('base64url');
  const expiry = String(Math.floor(expiresAt.getTime() / 1000));
  return { nonce, token: `${nonce}.${expiry}.${hmac(key, purpose, nonce, expiry)}` };
}

/** The nonce of a token the server signed for the purpose, or null for anything else. */
export function nonceOfSignedLink(key: Buffer, purpose: LinkPurpose, token: string): string | null {
  const [nonce, expiry, signature] = token.split('.');
  if (!nonce || !expiry || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
  const expected = Buffer.from(hmac(key, purpose, nonce, expiry), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? nonce : null;
}
