/**
 * The OCSP responder (RFC 6960) for the issuing CA's certificates — subscribers', and the
 * responder's, the time-stamping authority's and the eSign service's own — good, revoked (with its
 * time and reason) or unknown, "unauthorized" for another issuer's, signed by the delegated
 * responder's key (its certificate sent along) or, for an older generation of the issuing CA, by
 * that CA itself; the request's nonce echoed, every time to the second. Built with pkijs, which
 * has OCSP's structures.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type * as x509 from './x509.js';
import type { Queryable } from '../../db/pool.js';
import {
  children,
  ecdsaSignatureValue,
  explicit,
  generalizedTime,
  NULL,
  octetString,
  oid,
  sequence,
  tlv,
} from './der.js';
import { cryptoFor } from './signer.js';
import { pkijsCertificate } from './signerInfo.js';
import { wholeSeconds, type OcspIssuer } from './authority.js';

const ID_PKIX_OCSP_BASIC = '1.3.6.1.5.5.7.48.1.1';
const ID_PKIX_OCSP_NONCE = '1.3.6.1.5.5.7.48.1.2';
/** The hashes a request's CertID may use (SHA-1 is what most clients send). */
const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
/** At most this many certificates asked about in one request. */
const MAX_REQUESTS = 10;
/** How long an answer may be cached by the asker. */
const ANSWER_VALID_MS = 3_600_000;

const STATUS = { successful: 0, malformedRequest: 1, internalError: 2, unauthorized: 6 } as const;

/** An OCSP answer with no response bytes (malformed request, internal error). */
function bare(status: number): Buffer {
  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: status }),
  });
  return Buffer.from(response.toSchema().toBER(false));
}

/** How long a signed answer to a question without a nonce is handed out again. */
const KEEP_ANSWER_MS = 10 * 60_000;

/**
 * Signed answers handed out again (RFC 5019 §2.2: an answer to a question without a nonce may
 * be pre-produced): a question about one certificate, without a nonce, asked again within ten
 * minutes is answered with the same bytes instead of a new signature — unless the certificate's
 * status or the responder changed, which are part of the key. At most `size` kept, the oldest
 * dropped first.
 */
export function createAnswerCache(size = 10_000) {
  const kept = new Map<string, { der: Buffer; until: number }>();
  return {
    get(key: string, now: Date): Buffer | undefined {
      const hit = kept.get(key);
      // Not one made after `now` (a clock set back): an answer is never of a later time.
      const at = now.getTime();
      if (hit && hit.until > at && hit.until - KEEP_ANSWER_MS <= at) return hit.der;
      kept.delete(key);
      return undefined;
    },
    set(key: string, der: Buffer, now: Date): void {
      kept.delete(key);
      kept.set(key, { der, until: now.getTime() + KEEP_ANSWER_MS });
      const oldest = kept.keys().next();
      if (kept.size > size && !oldest.done) kept.delete(oldest.value);
    },
  };
}
export type AnswerCache = ReturnType<typeof createAnswerCache>;

interface IssuerHashes {
  nameDer: Buffer;
  keyBits: Buffer;
}

/**
 * What an issuer's certificate is matched by (its name's DER, its key's bits), read once a
 * certificate: every answer compared every issuer's, parsing each on the server's thread.
 */
const issuerHashes = new WeakMap<x509.X509Certificate, IssuerHashes>();
function hashesOf(certificate: x509.X509Certificate): IssuerHashes {
  let hashes = issuerHashes.get(certificate);
  if (!hashes) {
    const parsed = pkijsCertificate(certificate.rawData);
    hashes = {
      nameDer: Buffer.from(parsed.subject.toSchema().toBER(false)),
      keyBits: Buffer.from(parsed.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
    };
    issuerHashes.set(certificate, hashes);
  }
  return hashes;
}

const hex = (view: Uint8Array) => Buffer.from(view).toString('hex').toUpperCase();

interface StatusRow {
  status: string;
  revoked_at: Date | null;
  revocation_reason: number | null;
}

/** A certificate's status as the database has it (`serial`: upper-case hex, no leading zeros). */
async function statusOf(db: Queryable, serial: string): Promise<StatusRow | undefined> {
  const { rows } = await db.query<StatusRow>(
    `SELECT status, revoked_at, revocation_reason FROM certificates
      WHERE serial = $1 AND kind IN ('subscriber', 'ocsp', 'tsa', 'esign')`,
    [serial],
  );
  return rows[0];
}

/** What an answer says of one certificate: the part of a kept answer's key that is its own. */
const saidOf = (hash: string, serial: string, row: StatusRow | undefined) =>
  `${hash}:${serial}:${row?.status ?? 'unknown'}:${String(row?.revoked_at?.getTime() ?? '')}:${String(row?.revocation_reason ?? '')}`;

/**
 * Answers one OCSP request (DER), reading statuses from the database. Every certificate asked
 * about must be of one issuer in `issuers` (one answer has one signer).
 */
export async function answerOcsp(
  db: Queryable,
  issuers: readonly OcspIssuer[],
  requestDer: Uint8Array,
  now: Date,
  cache?: AnswerCache,
): Promise<Buffer> {
  let request: pkijs.OCSPRequest;
  try {
    request = pkijs.OCSPRequest.fromBER(new Uint8Array(requestDer));
  } catch {
    return bare(STATUS.malformedRequest);
  }
  const asked = request.tbsRequest.requestList;
  if (asked.length === 0 || asked.length > MAX_REQUESTS) return bare(STATUS.malformedRequest);
  const hashes = issuers.map((issuer) => ({ issuer, ...hashesOf(issuer.certificate) }));
  let answering: OcspIssuer | undefined;
  // DER times have no fraction (RFC 5280 §4.1.2.5.2, RFC 6960).
  const at = wholeSeconds(now);

  const responses: pkijs.SingleResponse[] = [];
  /** What the answer says, for the cache's key. */
  const said: string[] = [];
  for (const { reqCert } of asked) {
    const hash = HASHES[reqCert.hashAlgorithm.algorithmId];
    const serial = hex(reqCert.serialNumber.valueBlock.valueHexView).replace(/^(00)+(?=.)/, '');
    const issuer =
      hash === undefined
        ? undefined
        : hashes.find(
            (one) =>
              createHash(hash)
                .update(one.nameDer)
                .digest()
                .equals(Buffer.from(reqCert.issuerNameHash.valueBlock.valueHexView)) &&
              createHash(hash)
                .update(one.keyBits)
                .digest()
                .equals(Buffer.from(reqCert.issuerKeyHash.valueBlock.valueHexView)),
          )?.issuer;
    // This responder speaks for our issuing CAs only (RFC 6960 §2.3: "unauthorized" otherwise),
    // one of them an answer.
    if (!issuer || hash === undefined || (answering && answering !== issuer))
      return bare(STATUS.unauthorized);
    answering = issuer;
    const row = await statusOf(db, serial);
    said.push(saidOf(hash, serial, row));
    responses.push(
      new pkijs.SingleResponse({
        certID: reqCert,
        certStatus: certStatus(row),
        thisUpdate: at,
        nextUpdate: new Date(at.getTime() + ANSWER_VALID_MS),
      }),
    );
  }

  if (!answering) return bare(STATUS.malformedRequest);
  const responder = answering.responder;
  const nonce = request.tbsRequest.requestExtensions?.find(
    (extension) => extension.extnID === ID_PKIX_OCSP_NONCE,
  );
  const key =
    cache && !nonce && said.length === 1
      ? `${responder.certificate.serialNumber}|${said.join('|')}`
      : undefined;
  const kept = key === undefined ? undefined : cache?.get(key, now);
  if (kept) return kept;
  const responderKeyHash = createHash('sha1')
    .update(hashesOf(responder.certificate).keyBits)
    .digest();
  const basic = new pkijs.BasicOCSPResponse({
    tbsResponseData: new pkijs.ResponseData({
      responderID: new asn1js.OctetString({ valueHex: responderKeyHash }),
      producedAt: at,
      responses,
      ...(nonce ? { responseExtensions: [nonce] } : {}),
    }),
    certs: [pkijsCertificate(responder.certificate.rawData)],
  });
  const engine = new pkijs.CryptoEngine({
    name: 'tawqi-ocsp',
    crypto: cryptoFor(responder.signer),
  });
  await basic.sign(responder.signer.publicKey, 'SHA-384', engine);
  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: STATUS.successful }),
    responseBytes: new pkijs.ResponseBytes({
      responseType: ID_PKIX_OCSP_BASIC,
      response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
    }),
  });
  const der = Buffer.from(response.toSchema().toBER(false));
  if (key !== undefined) cache?.set(key, der, now);
  return der;
}

/** Where a certificate's serial INTEGER sits in its DER. */
function serialOf(der: Uint8Array) {
  const [tbs] = children(der, children(der)[0]?.contentStart ?? 0);
  if (!tbs) throw new Error('not a certificate');
  const fields = children(der, tbs.contentStart, tbs.end);
  const serial = fields[fields[0]?.tag === 0xa0 ? 1 : 0];
  if (serial?.tag !== 0x02) throw new Error('not a certificate');
  return {
    element: der.subarray(serial.start, serial.end),
    value: der.subarray(serial.contentStart, serial.end),
  };
}

const SHA256_IDENTIFIER = sequence(oid('2.16.840.1.101.3.4.2.1'), NULL);
const ECDSA_WITH = {
  'SHA-256': sequence(oid('1.2.840.10045.4.3.2')),
  'SHA-384': sequence(oid('1.2.840.10045.4.3.3')),
};

/** CertStatus as DER: good [0] NULL, revoked [1] RevokedInfo, unknown [2] NULL. */
function statusDer(row: StatusRow | undefined): Buffer {
  if (!row) return Buffer.from([0x82, 0]);
  if (row.status !== 'revoked' || !row.revoked_at) return Buffer.from([0x80, 0]);
  return tlv(
    0xa1,
    generalizedTime(row.revoked_at),
    ...(row.revocation_reason !== null
      ? [explicit(0, tlv(0x0a, Uint8Array.of(row.revocation_reason)))]
      : []),
  );
}

/**
 * Our responder's answer about one of our issuing CAs' certificates, asked in process (as a
 * relying party would over HTTP, with a SHA-256 CertID and no nonce): what a PDF's long-term
 * validation data carries, made for every signed PDF. Written as DER directly (der.ts), the same
 * bytes `answerOcsp` builds with pkijs for that question but for the signature's; with `cache`,
 * an answer whose certificate's status is unchanged is handed out again within its keeping time,
 * as the responder does for nonce-less questions (the TSA's certificate, named in every PDF).
 */
export async function ocspAnswerFor(
  db: Queryable,
  issuers: readonly OcspIssuer[],
  certificate: x509.X509Certificate,
  now: Date,
  cache?: AnswerCache,
): Promise<Buffer> {
  const issuing = issuers.find((one) => one.certificate.subject === certificate.issuer);
  if (!issuing) throw new Error(`${certificate.subject} was not issued by this authority`);
  const serial = serialOf(new Uint8Array(certificate.rawData));
  const serialHex = hex(serial.value).replace(/^(00)+(?=.)/, '');
  const row = await statusOf(db, serialHex);
  const responder = issuing.responder;
  const key = `${responder.certificate.serialNumber}|${saidOf('sha256', serialHex, row)}`;
  const kept = cache?.get(key, now);
  if (kept) return kept;
  const at = wholeSeconds(now);
  const issuer = hashesOf(issuing.certificate);
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();
  const single = sequence(
    sequence(
      SHA256_IDENTIFIER,
      octetString(sha256(issuer.nameDer)),
      octetString(sha256(issuer.keyBits)),
      serial.element,
    ),
    statusDer(row),
    generalizedTime(at),
    explicit(0, generalizedTime(new Date(at.getTime() + ANSWER_VALID_MS))),
  );
  const responseData = sequence(
    explicit(
      2,
      octetString(createHash('sha1').update(hashesOf(responder.certificate).keyBits).digest()),
    ),
    generalizedTime(at),
    sequence(single),
  );
  const signature = ecdsaSignatureValue(new Uint8Array(await responder.signer.sign(responseData)));
  const basic = sequence(
    responseData,
    ECDSA_WITH[responder.signer.hash],
    tlv(0x03, Uint8Array.of(0), signature),
    explicit(0, sequence(new Uint8Array(responder.certificate.rawData))),
  );
  const der = sequence(
    tlv(0x0a, Uint8Array.of(STATUS.successful)),
    explicit(0, sequence(oid(ID_PKIX_OCSP_BASIC), octetString(basic))),
  );
  cache?.set(key, der, now);
  return der;
}

/** CertStatus: good [0] NULL, revoked [1] RevokedInfo, unknown [2] NULL (context-specific). */
function certStatus(row: StatusRow | undefined) {
  if (!row) return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 2 } });
  if (row.status !== 'revoked' || !row.revoked_at)
    return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } });
  return new asn1js.Constructed({
    idBlock: { tagClass: 3, tagNumber: 1 },
    value: [
      new asn1js.GeneralizedTime({ valueDate: wholeSeconds(row.revoked_at) }),
      ...(row.revocation_reason !== null
        ? [
            new asn1js.Constructed({
              idBlock: { tagClass: 3, tagNumber: 0 },
              value: [new asn1js.Enumerated({ value: row.revocation_reason })],
            }),
          ]
        : []),
    ],
  });
}

export { bare as bareOcspAnswer, STATUS as OCSP_STATUS };
