/**
 * What signs for the certificate authority, the TSA, the OCSP responder, the eSign service and each
 * one-hour signer: a key in the hardware security module (adapters/hsm), used by handle; no private
 * key is held in this process or in the database.
 *
 * The PKI libraries (@peculiar/x509, pkijs) sign through WebCrypto; `cryptoFor` gives them one
 * whose `sign` is the signer's, so no signer has to hand them a private key.
 */
import { webcrypto } from 'node:crypto';
import type { VaultKey } from '../../adapters/hsm/pkcs11.js';

/** The CA's keys: ECDSA on P-384, signing with SHA-384 (long-lived keys). */
export const CA_CURVE = 'P-384';
export const CA_SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-384' } as const;

/**
 * The time-stamping unit's key: ECDSA on P-256 with SHA-256 (ETSI TS 119 312 keeps it suitable
 * for a TSU whose certificate lives a year; its tokens are renewed by newer ones long before it
 * weakens). Every signature carries one of its tokens, and P-256 signs about 25 times as fast as
 * P-384, whose signature would be most of a signature's time. A TSU key on P-384 keeps signing
 * (its hash follows its curve) until its rollover.
 */
export const TSU_CURVE = 'P-256';

/** Signs with the private half of `publicKey`; the answer is WebCrypto's (ECDSA: r‖s). */
export type Signer = Pick<VaultKey, 'publicKey' | 'sign' | 'hash'>;

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
    value: (algorithm: { hash?: string | { name: string } }, _key: unknown, data: BufferSource) => {
      // The signer hashes with its own hash: a library asking for another would get a signature
      // that does not verify.
      const asked = typeof algorithm.hash === 'string' ? algorithm.hash : algorithm.hash?.name;
      if (asked !== signer.hash)
        throw new Error(`this key signs with ${signer.hash}, not ${String(asked)}`);
      return signer.sign(data);
    },
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
