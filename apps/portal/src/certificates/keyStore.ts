/**
 * Where a certificate's private key waits in this browser between making it and taking it away
 * in a PKCS#12 file: IndexedDB (through idb-keyval), which keeps a CryptoKey itself, so a closed
 * tab or a reload between the key and the issuance loses nothing. Keys are found by the
 * fingerprint of their public key (keys.ts), which the issued certificate carries too.
 *
 * Decided here (the spec is silent): the key stays until the holder removes it from the
 * certificate's details (after saving the PKCS#12 file) or the browser's data is cleared; in
 * another browser the holder can send a new key while the request waits for confirmation.
 */
import type { CertificateKeyAlgorithm } from '@tawqi/domain';
import { createStore, del, entries, get, set } from 'idb-keyval';

export interface StoredKey {
  keys: CryptoKeyPair;
  algorithm: CertificateKeyAlgorithm;
  /** The request the key was made for. */
  reference: string;
  createdAt: string;
}

let store: ReturnType<typeof createStore> | null = null;
const keyStore = () => (store ??= createStore('tawqi-certificate-keys', 'keys'));

export function keepKey(fingerprint: string, key: StoredKey): Promise<void> {
  return set(fingerprint, key, keyStore());
}

export function findKey(fingerprint: string): Promise<StoredKey | undefined> {
  return get<StoredKey>(fingerprint, keyStore());
}

export function forgetKey(fingerprint: string): Promise<void> {
  return del(fingerprint, keyStore());
}

/** The key made in this browser for a request, with its fingerprint, if there is one. */
export async function keyForRequest(
  reference: string,
): Promise<{ fingerprint: string; key: StoredKey } | null> {
  // A person holds a handful of keys: a scan is enough.
  for (const [fingerprint, key] of await entries<string, StoredKey>(keyStore()))
    if (key.reference === reference) return { fingerprint, key };
  return null;
}
