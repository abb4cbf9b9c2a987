/**
 * The keys the server works with, derived once from the configured secrets (HKDF-SHA256, one
 * label per purpose, so no key serves two purposes):
 * - from SERVER_SECRET: the HMAC key of one-time codes, the key that derives a refresh
 *   token's successor, the keys that sign captcha challenges and e-mail verification links;
 * - from AUDIT_KEY: the HMAC key of the audit chain and the Ed25519 key that signs checkpoints;
 *   and, derived by the purge command alone (`purgeSigningKey`), the Ed25519 key that signs a
 *   purge's statement: the server has no use for it, so nothing it runs can claim a purge.
 * Keys that sign certificates, timestamps, signatures and access tokens are not derived: they are
 * made inside the hardware security module (adapters/hsm).
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  randomBytes,
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
  /** Checks a purge's statement, which only the purge command signs (`purgeSigningKey`). */
  auditPurgePublic: KeyObject;
  /** Derives each eSign application's webhook secret (modules/esign/applications.ts). */
  webhooks: Buffer;
  /**
   * The demo integrating application's key (demo mode's simulator): the same in every process on
   * one SERVER_SECRET, so two processes register one credential, not each its own.
   */
  demoApplication: KeyObject;
  /** Seals the simulators' own keys where they are kept, the database (demo mode). */
  simulators: Buffer;
}

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'tawqi', label, 32));
}

/** PKCS#8 for an Ed25519 private key is a fixed prefix and the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 key whose seed is `seed`. */
const ed25519Of = (seed: Buffer) =>
  createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });

export function deriveKeys(secrets: { server: string; audit: string }): Keys {
  const auditSigning = ed25519Of(derive(secrets.audit, 'audit checkpoint signing'));
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
    auditPurgePublic: purgePublicKey(secrets.audit),
    webhooks: derive(secrets.server, 'esign webhooks'),
    demoApplication: ed25519Of(derive(secrets.server, 'demo integrating application')),
    simulators: derive(secrets.server, 'simulator keys'),
  };
}

/** The key that signs an audit purge's statement (the purge command's: modules/audit/retention.ts). */
export function purgeSigningKey(auditSecret: string): KeyObject {
  return ed25519Of(derive(auditSecret, 'audit purge signing'));
}

/** The key that checks a purge's statement (the verifier's). */
export function purgePublicKey(auditSecret: string): KeyObject {
  return createPublicKey(purgeSigningKey(auditSecret));
}

/** HMAC-SHA256 as hex. */
export function hmac(key: Buffer, ...parts: string[]): string {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part).update('\n');
  return mac.digest('hex');
}

/**
 * AES-256-GCM under `key`: what only the holder of the key (a SERVER_SECRET's derivation) can
 * read or change, kept where others can read it (a simulator's key in the database).
 */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** What `seal` sealed; throws when it was sealed under another key or changed. */
export function unseal(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
