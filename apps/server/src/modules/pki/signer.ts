/**
 * Who holds the certificate authority's private keys. Everything the authority signs
 * (certificates, CRLs, OCSP answers) goes through a `Signer`: in production an HSM (PKCS#11) or a
 * cloud KMS implements it and the key never leaves it; the default keeps the key in this process,
 * sealed in the database with AES-256-GCM under a key from CA_KEY_SECRET.
 *
 * The PKI libraries (@peculiar/x509, pkijs) sign through WebCrypto; `cryptoFor` gives them one
 * whose `sign` is the signer's, so no signer has to hand them a private key.
 */
import { createCipheriv, createDecipheriv, randomBytes, webcrypto } from 'node:crypto';

/** The CA's key algorithm: ECDSA on P-384, signing with SHA-384 (long-lived keys). */
export const CA_KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-384' } as const;
export const CA_SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-384' } as const;

export interface Signer {
  /** The public half; its algorithm names the signature. */
  readonly publicKey: CryptoKey;
  /** Signs with the private half; the answer is WebCrypto's (ECDSA: r‖s). */
  sign(data: BufferSource): Promise<ArrayBuffer>;
}

/** A signer whose key lives in this process. */
export function inProcessSigner(keys: CryptoKeyPair): Signer {
  return {
    publicKey: keys.publicKey,
    sign: (data) => webcrypto.subtle.sign(CA_SIGNING_ALGORITHM, keys.privateKey, data),
  };
}

/** A new key pair for the authority, extractable only so that it can be sealed. */
export async function newCaKeys(): Promise<CryptoKeyPair> {
  return await webcrypto.subtle.generateKey(CA_KEY_ALGORITHM, true, ['sign', 'verify']);
}

/**
 * WebCrypto for the PKI libraries with `sign` done by the signer (the key they are handed is the
 * public one, only for its algorithm); everything else is Node's.
 */
export function cryptoFor(signer: Signer): Crypto {
  const node = webcrypto.subtle;
  // Node's methods check their receiver, so each is bound to Node's SubtleCrypto.
  const subtle = Object.fromEntries(
    SUBTLE_METHODS.map((method) => [method, node[method].bind(node)]),
  ) as unknown as SubtleCrypto;
  Object.defineProperty(subtle, 'sign', {
    value: (_algorithm: unknown, _key: unknown, data: BufferSource) => signer.sign(data),
  });
  return {
    subtle,
    getRandomValues: <T extends ArrayBufferView | null>(array: T) =>
      webcrypto.getRandomValues(array as unknown as Uint8Array) as unknown as T,
    randomUUID: () => webcrypto.randomUUID(),
  };
}

const SUBTLE_METHODS = [
  'decrypt',
  'deriveBits',
  'deriveKey',
  'digest',
  'encrypt',
  'exportKey',
  'generateKey',
  'importKey',
  'unwrapKey',
  'verify',
  'wrapKey',
] as const;

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals a private key (PKCS#8) for the database: iv ‖ tag ‖ ciphertext, bound to its name. */
export async function sealKey(seal: Buffer, name: string, key: CryptoKey): Promise<Buffer> {
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', seal, iv).setAAD(Buffer.from(name));
  const body = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  pkcs8.fill(0);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens a sealed key; a wrong CA_KEY_SECRET (or a key moved to another name) fails here. */
export async function unsealKey(
  seal: Buffer,
  name: string,
  sealed: Buffer,
  publicKey: CryptoKey,
): Promise<CryptoKeyPair> {
  const decipher = createDecipheriv('aes-256-gcm', seal, sealed.subarray(0, IV_BYTES))
    .setAAD(Buffer.from(name))
    .setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  let pkcs8: Buffer;
  try {
    pkcs8 = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new Error(
      `The certificate authority's ${name} key cannot be opened: CA_KEY_SECRET is not the one it was sealed with.`,
    );
  }
  const privateKey = await webcrypto.subtle.importKey('pkcs8', pkcs8, CA_KEY_ALGORITHM, false, [
    'sign',
  ]);
  pkcs8.fill(0);
  return { privateKey, publicKey };
}
