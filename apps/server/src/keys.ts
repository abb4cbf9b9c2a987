/**
 * The keys the server works with, derived once from the configured secrets (HKDF-SHA256, one
 * label per purpose, so no key serves two purposes):
 * - from SERVER_SECRET: the HMAC key of one-time codes, the key that derives a refresh
 *   token's successor, the keys that sign captcha challenges and e-mail verification links;
 * - from AUDIT_KEY: the HMAC key of the audit chain and the Ed25519 key that signs checkpoints.
 * Keys that sign certificates, timestamps, signatures and access tokens are not derived: they are
 * made inside the hardware security module (adapters/hsm).
 */
import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  type KeyObject,
} from 'node:crypto';

export interface Keys {
  otp: Buffer;
  refresh: Buffer;
  /** The embedded captcha's two signing secrets (its challenges, and their answers' keys). */
  captcha: { challenge: string; key: string };
  emailLinks: Buffer;
  auditChain: Buffer;
  auditSigning: KeyObject;
  auditPublic: KeyObject;
  /** Derives each eSign application's webhook secret (modules/esign/applications.ts). */
  webhooks: Buffer;
}

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'tawqi', label, 32));
}

/** PKCS#8 for an Ed25519 private key is a fixed prefix and the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function deriveKeys(secrets: { server: string; audit: string }): Keys {
  const auditSigning = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, derive(secrets.audit, 'audit checkpoint signing')]),
    format: 'der',
    type: 'pkcs8',
  });
  return {
    otp: derive(secrets.server, 'one-time codes'),
    refresh: derive(secrets.server, 'refresh token successors'),
    captcha: {
      challenge: derive(secrets.server, 'captcha challenges').toString('hex'),
      key: derive(secrets.server, 'captcha answer keys').toString('hex'),
    },
    emailLinks: derive(secrets.server, 'e-mail verification links'),
    auditChain: derive(secrets.audit, 'audit chain'),
    auditSigning,
    auditPublic: createPublicKey(auditSigning),
    webhooks: derive(secrets.server, 'esign webhooks'),
  };
}

/** HMAC-SHA256 as hex. */
export function hmac(key: Buffer, ...parts: string[]): string {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part).update('\n');
  return mac.digest('hex');
}
