/**
 * A compact JWS (RFC 7515 §7.1) signed by a key in the hardware module: the access tokens' and the
 * eSign service's answers'. ES256 and ES384 signatures are r‖s, which is what the module answers.
 */
import type { VaultKey } from './adapters/hsm/pkcs11.js';

const base64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

export async function compactJws(
  header: object,
  payload: unknown,
  key: Pick<VaultKey, 'sign'>,
): Promise<string> {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = await key.sign(new TextEncoder().encode(input));
  return `${input}.${base64url(new Uint8Array(signature))}`;
}
