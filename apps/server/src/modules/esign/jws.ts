/**
 * The service's signature on its answers: a compact JWS (RFC 7515) over the outcome's
 * JSON, by the eSign service's certificate from our CA, which travels in the header (x5c, with
 * the issuing CA's), so an application can later prove what it was told, checking the chain to
 * our root. The key is the authority's kind (ECDSA P-384: ES384, whose r‖s WebCrypto answers).
 */
import { compactJws } from '../../jws.js';
import type { CaMember } from '../pki/authority.js';
import type * as x509 from '../pki/x509.js';

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
  return compactJws(header, payload, service.signer);
}
