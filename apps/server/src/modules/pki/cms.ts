/**
 * A detached CMS signature over a document's SHA-256 (RFC 5652; the eSign service's signing core): the
 * document is not carried, only its digest is signed, as a signing service receives hashes. The
 * signed attributes are the content type, the signing time, the digest and ESS
 * signing-certificate-v2 (binding the signature to its certificate: CAdES baseline B); the
 * signature's own SHA-256 is then stamped by our time-stamping authority and the token kept as an
 * unsigned attribute (RFC 3161 appendix A: CAdES baseline T). The signer's certificate and the
 * issuing CA's travel with it.
 */
import { createHash } from 'node:crypto';
import type { CaMember } from './authority.js';
import { explicit, oid, sequence, setOf, smallInteger, utcTime } from './der.js';
import { systemRandom } from './profiles.js';
import { ATTRIBUTE, attribute, certificates, digestAlgorithm, signerInfo } from './signerInfo.js';
import { stampDigest } from './tsa.js';
import type { Signer } from './signer.js';
import type * as x509 from './x509.js';

const ID_DATA = '1.2.840.113549.1.7.1';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';

export interface DetachedSignatureOrder {
  /** The document's SHA-256. */
  digest: Uint8Array;
  /** The signer's certificate and its key in the module (ECDSA P-256, signing SHA-256). */
  certificate: x509.X509Certificate;
  signer: Signer;
  /** The issuing CA's certificate, sent along for the relying party's chain. */
  issuing: x509.X509Certificate;
  tsa: CaMember;
  now: Date;
  /**
   * For a PDF's /Contents (PAdES): no signing-time attribute — ETSI EN 319 142-1 forbids it, the
   * time being the signature dictionary's M entry and the token's.
   */
  pades?: boolean;
  /** Where the timestamp's serial and nonce come from (the system's; a test's, to compare). */
  random?: (bytes: number) => Uint8Array;
}

/** The signature, DER: a ContentInfo holding the SignedData. */
export async function signDetached(order: DetachedSignatureOrder): Promise<Buffer> {
  if (order.digest.byteLength !== 32) throw new RangeError('a SHA-256 digest is 32 bytes');
  if (order.signer.hash !== 'SHA-256') throw new Error('a document is signed with SHA-256');
  const random = order.random ?? systemRandom;
  const signer = await signerInfo({
    certificate: order.certificate.rawData,
    signer: order.signer,
    contentType: ID_DATA,
    digest: order.digest,
    more: order.pades ? [] : [attribute(ATTRIBUTE.signingTime, utcTime(order.now))],
    // The signature's own SHA-256, stamped by our TSA (CAdES B-T).
    unsigned: async (signature) => [
      attribute(
        ATTRIBUTE.timeStampToken,
        await stampDigest(
          order.tsa,
          createHash('sha256').update(signature).digest(),
          order.now,
          random,
        ),
      ),
    ],
  });
  const signedData = sequence(
    smallInteger(1),
    setOf([digestAlgorithm(order.signer.hash)]),
    sequence(oid(ID_DATA)),
    certificates([order.certificate.rawData, order.issuing.rawData]),
    setOf([signer]),
  );
  return sequence(oid(ID_SIGNED_DATA), explicit(0, signedData));
}
