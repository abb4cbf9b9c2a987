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
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { CaMember } from './authority.js';
import { certificateSet, signerInfoFor } from './signerInfo.js';
import { stampDigest } from './tsa.js';
import { cryptoFor, type Signer } from './signer.js';
import type * as x509 from './x509.js';

const ID_DATA = '1.2.840.113549.1.7.1';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const ATTRIBUTE = {
  signingTime: '1.2.840.113549.1.9.5',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

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
}

/** The signature, DER: a ContentInfo holding the SignedData. */
export async function signDetached(order: DetachedSignatureOrder): Promise<Buffer> {
  if (order.digest.byteLength !== 32) throw new RangeError('a SHA-256 digest is 32 bytes');
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: ID_DATA }),
    certificates: certificateSet([order.certificate.rawData, order.issuing.rawData]),
    signerInfos: [
      signerInfoFor({
        certificate: order.certificate.rawData,
        contentType: ID_DATA,
        digest: order.digest,
        more: order.pades
          ? []
          : [
              new pkijs.Attribute({
                type: ATTRIBUTE.signingTime,
                values: [new asn1js.UTCTime({ valueDate: order.now })],
              }),
            ],
      }),
    ],
  });
  const engine = new pkijs.CryptoEngine({ name: 'tawqi-signer', crypto: cryptoFor(order.signer) });
  await signed.sign(order.signer.publicKey, 0, 'SHA-256', undefined, engine);

  const signerInfo = signed.signerInfos[0];
  if (!signerInfo) throw new Error('the signature has no signer');
  const signature = signerInfo.signature.valueBlock.valueHexView;
  const token = await stampDigest(
    order.tsa,
    createHash('sha256').update(signature).digest(),
    order.now,
  );
  signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [
      new pkijs.Attribute({ type: ATTRIBUTE.timeStampToken, values: [token.toSchema()] }),
    ],
  });

  const content = new pkijs.ContentInfo({
    contentType: ID_SIGNED_DATA,
    content: signed.toSchema(true),
  });
  return Buffer.from(content.toSchema().toBER(false));
}
