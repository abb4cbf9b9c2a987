/**
 * The time-stamping authority (RFC 3161: every signature Tawqi makes will
 * carry one of its tokens). A request's message imprint (SHA-256, -384 or -512 of the data) is
 * answered with a token: TSTInfo (our TSA policy, the imprint, a random serial, the time to the
 * second, the request's nonce) in a CMS SignedData signed by the TSA's key, with the ESS
 * signing-certificate-v2 attribute naming the TSA's certificate (RFC 5816), which is sent along
 * when the request asks for it. A request we cannot answer is rejected with its reason
 * (PKIFailureInfo), never a server error. Built with pkijs, which has these structures.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { CaMember } from './authority.js';
import { TSA_POLICY, positiveRandomInteger, systemRandom } from './profiles.js';
import { cryptoFor } from './signer.js';
import { pkijsCertificate, signerInfoFor } from './signerInfo.js';

const ID_CT_TST_INFO = '1.2.840.113549.1.9.16.1.4';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';

/** The imprints we accept, by their OID, with the digest's length. */
const IMPRINTS: Record<string, number> = {
  '2.16.840.1.101.3.4.2.1': 32,
  '2.16.840.1.101.3.4.2.2': 48,
  '2.16.840.1.101.3.4.2.3': 64,
};

/** RFC 3161's PKIFailureInfo bits we answer with. */
const FAILURE = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15 } as const;
type Failure = keyof typeof FAILURE;

function rejected(failure: Failure): Buffer {
  // A BIT STRING whose bit `n` (from the left) is set, trailing unused bits said in its first byte.
  const bit = FAILURE[failure];
  const bytes = new Uint8Array(Math.floor(bit / 8) + 1);
  bytes[Math.floor(bit / 8)] = 0x80 >> (bit % 8);
  const unused = 7 - (bit % 8);
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      failInfo: new asn1js.BitString({ valueHex: bytes, unusedBits: unused }),
    }),
  });
  return Buffer.from(response.toSchema().toBER(false));
}

/** Answers one time-stamp request (DER) at `now`. */
export async function answerTimeStamp(
  tsa: CaMember,
  requestDer: Uint8Array,
  now: Date,
): Promise<Buffer> {
  let request: pkijs.TimeStampReq;
  try {
    request = pkijs.TimeStampReq.fromBER(new Uint8Array(requestDer));
  } catch {
    return rejected('badDataFormat');
  }
  if (request.version !== 1) return rejected('badRequest');
  const imprint = request.messageImprint;
  const length = IMPRINTS[imprint.hashAlgorithm.algorithmId];
  if (length === undefined) return rejected('badAlg');
  if (imprint.hashedMessage.valueBlock.valueHexView.byteLength !== length)
    return rejected('badDataFormat');
  if (request.reqPolicy !== undefined && request.reqPolicy !== TSA_POLICY)
    return rejected('unacceptedPolicy');

  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: await tokenFor(tsa, imprint, request.nonce, request.certReq === true, now),
  });
  return Buffer.from(response.toSchema().toBER(false));
}

/** The token for an accepted imprint: TSTInfo signed by the TSA (its certificate when asked). */
async function tokenFor(
  tsa: CaMember,
  imprint: pkijs.MessageImprint,
  nonce: asn1js.Integer | undefined,
  withCertificate: boolean,
  now: Date,
): Promise<pkijs.ContentInfo> {
  // A positive serial of 126 random bits, as the authority's certificates have.
  const serial = positiveRandomInteger(systemRandom, 16);
  const info = new pkijs.TSTInfo({
    version: 1,
    policy: TSA_POLICY,
    messageImprint: imprint,
    serialNumber: new asn1js.Integer({ valueHex: serial }),
    // GeneralizedTime to the second; the accuracy says how near.
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
        // The TSA's key signs with SHA-384 (the authority's algorithm): the digest matches.
        digest: createHash('sha384').update(new Uint8Array(content)).digest(),
      }),
    ],
    ...(withCertificate ? { certificates: [pkijsCertificate(tsa.certificate.rawData)] } : {}),
  });
  // pkijs turns an OCTET STRING handed to EncapsulatedContentInfo into a constructed one (BER);
  // DER's is primitive, so it is set after.
  signed.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content });
  const engine = new pkijs.CryptoEngine({ name: 'tawqi-tsa', crypto: cryptoFor(tsa.signer) });
  await signed.sign(tsa.signer.publicKey, 0, 'SHA-384', undefined, engine);
  return new pkijs.ContentInfo({ contentType: ID_SIGNED_DATA, content: signed.toSchema(true) });
}

const SHA256_OID = '2.16.840.1.101.3.4.2.1';

/**
 * A token for a SHA-256 digest from our own TSA, as a query with a nonce asking for the TSA's
 * certificate is answered (in process: the same token, without encoding a query to read it back):
 * what a signature's timestamp attribute carries.
 */
export async function stampDigest(
  tsa: CaMember,
  sha256: Uint8Array,
  now: Date,
): Promise<pkijs.ContentInfo> {
  if (sha256.byteLength !== 32) throw new RangeError('a SHA-256 digest is 32 bytes');
  const imprint = new pkijs.MessageImprint({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256_OID }),
    hashedMessage: new asn1js.OctetString({ valueHex: sha256 }),
  });
  // Strict DER (openssl refused one token in about 256 when the bytes came as they were).
  const nonce = new asn1js.Integer({ valueHex: positiveRandomInteger(systemRandom, 8) });
  return tokenFor(tsa, imprint, nonce, true, now);
}
