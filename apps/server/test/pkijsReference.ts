/**
 * The signature structures as pkijs builds them — a detached CMS at CAdES B-T and an RFC 3161
 * token — kept as the oracle for the DER the service writes directly (src/modules/pki/cms.ts,
 * tsa.ts): given the same key answers and random bytes, both must be the same bytes.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { CaMember } from '../src/modules/pki/authority.js';
import { TSA_POLICY, positiveRandomInteger } from '../src/modules/pki/profiles.js';
import type { DetachedSignatureOrder } from '../src/modules/pki/cms.js';
import { cryptoFor } from '../src/modules/pki/signer.js';
import { pkijsCertificate } from '../src/modules/pki/signerInfo.js';

const ATTRIBUTE = {
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signingTime: '1.2.840.113549.1.9.5',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;
const ID_DATA = '1.2.840.113549.1.7.1';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const ID_CT_TST_INFO = '1.2.840.113549.1.9.16.1.4';
const SHA256_OID = '2.16.840.1.101.3.4.2.1';

function inDerOrder<T>(elements: readonly T[], encoded: (element: T) => ArrayBuffer): T[] {
  return elements
    .map((element) => ({ element, der: Buffer.from(encoded(element)) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ element }) => element);
}

function signerInfoFor(options: {
  certificate: ArrayBuffer;
  contentType: string;
  digest: Uint8Array;
  more?: readonly pkijs.Attribute[];
}): pkijs.SignerInfo {
  const certificate = pkijsCertificate(options.certificate);
  const hash = createHash('sha256').update(new Uint8Array(options.certificate)).digest();
  const essV2 = new pkijs.Attribute({
    type: ATTRIBUTE.signingCertificateV2,
    values: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: hash })] })],
          }),
        ],
      }),
    ],
  });
  return new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
    }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: inDerOrder(
        [
          new pkijs.Attribute({
            type: ATTRIBUTE.contentType,
            values: [new asn1js.ObjectIdentifier({ value: options.contentType })],
          }),
          ...(options.more ?? []),
          new pkijs.Attribute({
            type: ATTRIBUTE.messageDigest,
            values: [new asn1js.OctetString({ valueHex: options.digest })],
          }),
          essV2,
        ],
        (attribute) => attribute.toSchema().toBER(false),
      ),
    }),
  });
}

async function tokenFor(
  tsa: CaMember,
  imprint: pkijs.MessageImprint,
  nonce: asn1js.Integer | undefined,
  now: Date,
  random: (bytes: number) => Uint8Array,
): Promise<pkijs.ContentInfo> {
  const serial = positiveRandomInteger(random, 16);
  const info = new pkijs.TSTInfo({
    version: 1,
    policy: TSA_POLICY,
    messageImprint: imprint,
    serialNumber: new asn1js.Integer({ valueHex: serial }),
    genTime: new Date(Math.floor(now.getTime() / 1000) * 1000),
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(nonce ? { nonce } : {}),
  });
  const content = info.toSchema().toBER(false);
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: ID_CT_TST_INFO,
      eContent: new asn1js.OctetString({ valueHex: content }),
    }),
    signerInfos: [
      signerInfoFor({
        certificate: tsa.certificate.rawData,
        contentType: ID_CT_TST_INFO,
        digest: createHash(tsa.signer.hash === 'SHA-384' ? 'sha384' : 'sha256')
          .update(new Uint8Array(content))
          .digest(),
      }),
    ],
    certificates: [pkijsCertificate(tsa.certificate.rawData)],
  });
  signed.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content });
  const engine = new pkijs.CryptoEngine({ name: 'tawqi-tsa', crypto: cryptoFor(tsa.signer) });
  await signed.sign(tsa.signer.publicKey, 0, tsa.signer.hash, undefined, engine);
  return new pkijs.ContentInfo({ contentType: ID_SIGNED_DATA, content: signed.toSchema(true) });
}

export async function referenceStamp(
  tsa: CaMember,
  sha256: Uint8Array,
  now: Date,
  random: (bytes: number) => Uint8Array,
): Promise<Buffer> {
  const imprint = new pkijs.MessageImprint({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256_OID }),
    hashedMessage: new asn1js.OctetString({ valueHex: sha256 }),
  });
  const nonce = new asn1js.Integer({ valueHex: positiveRandomInteger(random, 8) });
  return Buffer.from((await tokenFor(tsa, imprint, nonce, now, random)).toSchema().toBER(false));
}

export async function referenceSignature(
  order: DetachedSignatureOrder & Required<Pick<DetachedSignatureOrder, 'random'>>,
): Promise<Buffer> {
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: ID_DATA }),
    certificates: inDerOrder([order.certificate.rawData, order.issuing.rawData], (der) => der).map(
      pkijsCertificate,
    ),
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
  const token = pkijs.ContentInfo.fromBER(
    new Uint8Array(
      await referenceStamp(
        order.tsa,
        createHash('sha256').update(signature).digest(),
        order.now,
        order.random,
      ),
    ),
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
