/**
 * The side of PAdES signing that holds the keys (pades.ts is the PDF side, in a worker thread):
 * our CAdES signature over the laid-out byte ranges, our TSA's tokens, and the validation data
 * (B-LT) that proves offline, years later, that the certificates were good.
 */
import type { Queryable } from '../../db/pool.js';
import { issuingCaOf, type Authority, type CaMember } from './authority.js';
import { signDetached } from './cms.js';
import { createAnswerCache, ocspAnswerFor, type AnswerCache } from './ocsp.js';
import type { SigningSteps, ValidationData } from './pades.js';
import type { Signer } from './signer.js';
import { stampDigest } from './tsa.js';
import type * as x509 from './x509.js';

/**
 * The TSA's certificate is in every signed PDF's validation data: its answer, while its status is
 * unchanged, is handed out again for the responder's keeping time (one per authority).
 */
const keptAnswers = new WeakMap<Authority, AnswerCache>();
function keptAnswersOf(authority: Authority): AnswerCache {
  let kept = keptAnswers.get(authority);
  if (!kept) {
    kept = createAnswerCache(8);
    keptAnswers.set(authority, kept);
  }
  return kept;
}

/**
 * Our own proof for a certificate of an issuing CA of ours: its chain, the TSA's and the OCSP
 * responder's certificates, our responder's answers for it and for the TSA's, the CRLs of the
 * issuing CAs involved (after a rollover the certificate and the TSA may be of two generations)
 * and the root's ARL. `db` sees the certificate (the transaction that issued it, when not yet
 * committed).
 */
export async function ownValidationData(
  db: Queryable,
  authority: Authority,
  certificate: x509.X509Certificate,
  now: Date,
): Promise<ValidationData> {
  const tsa = await authority.timestamper();
  const issuers = await authority.ocspIssuers();
  const issuing = await Promise.all(
    [certificate, tsa.certificate].map((one) => issuingCaOf(authority, one)),
  );
  const generations = [...new Set(issuing)];
  const answers = await Promise.all([
    ocspAnswerFor(db, issuers, certificate, now),
    ocspAnswerFor(db, issuers, tsa.certificate, now, keptAnswersOf(authority)),
  ]);
  const responders = issuers.map((issuer) => issuer.responder.certificate);
  return {
    certificates: unique([
      certificate,
      ...generations.map((generation) => generation.certificate),
      authority.root,
      tsa.certificate,
      ...responders,
    ]).map((one) => one.rawData),
    ocspResponses: answers,
    crls: [
      ...(await Promise.all(
        generations.map((generation) => authority.currentCrl(generation.generation)),
      )),
      await authority.currentArl(),
    ],
  };
}

/** Certificates once each (by serial), in order. */
const unique = (certificates: x509.X509Certificate[]) =>
  certificates.filter(
    (one, index) =>
      certificates.findIndex((other) => other.serialNumber === one.serialNumber) === index,
  );

/** The steps done with our own keys: the signer's, and our TSA's for its tokens. */
export function ownSigningSteps(keys: {
  certificate: x509.X509Certificate;
  signer: Signer;
  issuing: x509.X509Certificate;
  tsa: CaMember;
  now: Date;
  validationData: () => Promise<ValidationData>;
}): SigningSteps {
  return {
    signature: async (digest) =>
      signDetached({
        digest: Buffer.from(digest),
        certificate: keys.certificate,
        signer: keys.signer,
        issuing: keys.issuing,
        tsa: keys.tsa,
        now: keys.now,
        pades: true,
      }),
    validationData: keys.validationData,
    timestamp: async (digest) =>
      new Uint8Array(await stampDigest(keys.tsa, Buffer.from(digest), keys.now)),
  };
}
