/**
 * The time-stamping authority (RFC 3161: every signature Tawqi makes will
 * carry one of its tokens). A request's message imprint (SHA-256, -384 or -512 of the data) is
 * answered with a token: TSTInfo (our TSA policy, the imprint, a random serial, the time to the
 * second, the request's nonce) in a CMS SignedData signed by the TSA's key, with the ESS
 * signing-certificate-v2 attribute naming the TSA's certificate (RFC 5816), which is sent along
 * when the request asks for it. A request we cannot answer is rejected with its reason
 * (PKIFailureInfo), never a server error. Requests are read with pkijs; tokens are written as DER
 * directly (der.ts), as every signature carries one.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { CaMember } from './authority.js';
import {
  explicit,
  generalizedTime,
  octetString,
  oid,
  sequence,
  setOf,
  smallInteger,
  unsignedInteger,
} from './der.js';
import { TSA_POLICY, positiveRandomInteger, systemRandom } from './profiles.js';
import { certificates, digestAlgorithm, signerInfo } from './signerInfo.js';

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

  const token = await tokenFor(tsa, {
    imprint: Buffer.from(imprint.toSchema().toBER(false)),
    nonce: request.nonce ? Buffer.from(request.nonce.toBER(false)) : null,
    withCertificate: request.certReq === true,
    now,
    random: systemRandom,
  });
  // TimeStampResp: PKIStatusInfo (granted), then the token.
  return sequence(sequence(smallInteger(pkijs.PKIStatus.granted)), token);
}

/** The token for an accepted imprint: TSTInfo signed by the TSA (its certificate when asked). */
async function tokenFor(
  tsa: CaMember,
  request: {
    /** The request's MessageImprint, DER: the token repeats it as asked. */
    imprint: Uint8Array;
    /** Its nonce, a DER INTEGER, if it had one. */
    nonce: Uint8Array | null;
    withCertificate: boolean;
    now: Date;
    random: (bytes: number) => Uint8Array;
  },
): Promise<Buffer> {
  // A positive serial of 126 random bits, as the authority's certificates have.
  const serial = positiveRandomInteger(request.random, 16);
  const info = sequence(
    smallInteger(1),
    oid(TSA_POLICY),
    request.imprint,
    unsignedInteger(serial),
    // GeneralizedTime to the second; the accuracy (one second) says how near.
    generalizedTime(request.now),
    sequence(smallInteger(1)),
    ...(request.nonce ? [request.nonce] : []),
  );
  const signer = await signerInfo({
    certificate: tsa.certificate.rawData,
    signer: tsa.signer,
    contentType: ID_CT_TST_INFO,
    digest: createHash(tsa.signer.hash === 'SHA-384' ? 'sha384' : 'sha256')
      .update(info)
      .digest(),
  });
  const signedData = sequence(
    smallInteger(3),
    setOf([digestAlgorithm(tsa.signer.hash)]),
    sequence(oid(ID_CT_TST_INFO), explicit(0, octetString(info))),
    ...(request.withCertificate ? [certificates([tsa.certificate.rawData])] : []),
    setOf([signer]),
  );
  return sequence(oid(ID_SIGNED_DATA), explicit(0, signedData));
}

/** A SHA-256 MessageImprint (the algorithm without parameters, as our requests write it). */
const sha256Imprint = (sha256: Uint8Array) =>
  sequence(sequence(oid('2.16.840.1.101.3.4.2.1')), octetString(sha256));

/**
 * A token for a SHA-256 digest from our own TSA, as a query with a nonce asking for the TSA's
 * certificate is answered (in process: the same token, without encoding a query to read it back):
 * what a signature's timestamp attribute carries.
 */
export async function stampDigest(
  tsa: CaMember,
  sha256: Uint8Array,
  now: Date,
  random: (bytes: number) => Uint8Array = systemRandom,
): Promise<Buffer> {
  if (sha256.byteLength !== 32) throw new RangeError('a SHA-256 digest is 32 bytes');
  // The nonce is drawn before the serial (the order the pkijs oracle of the tests draws them in).
  const nonce = unsignedInteger(positiveRandomInteger(random, 8));
  return tokenFor(tsa, {
    imprint: sha256Imprint(sha256),
    nonce,
    withCertificate: true,
    now,
    random,
  });
}
