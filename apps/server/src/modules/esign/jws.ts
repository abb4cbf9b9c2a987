/**
 * The service's signature on its answers (issue 19): a compact JWS (RFC 7515) over the outcome's
 * JSON, by the eSign service's certificate from our CA, which travels in the header (x5c, with
 * the issuing CA's), so an application can later prove what it was told, checking the chain to
 * our root. The key is the authority's kind (ECDSA P-384: ES384, whose r‖s WebCrypto answers).
 */
import type { CaMember } from '../pki/authority.js';
import type * as x509 from '../pki/x509.js';

const base64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

export async function signJws(
  service: CaMember,
  issuing: x509.X509Certificate,
  payload: unknown,
): Promise<string> {
  const header = {
    alg: 'ES384',
    typ: 'JOSE',
    x5c: [service.certificate.rawData, issuing.rawData].map((der) =>
      Buffer.from(der).toString('base64'),
    ),
  };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = await service.signer.sign(new TextEncoder().encode(input));
  return `${input}.${base64url(new Uint8Array(signature))}`;
}
