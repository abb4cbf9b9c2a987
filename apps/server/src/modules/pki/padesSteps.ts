/**
 * The validation data (B-LT) of PAdES signing that proves offline, years later, that the
 * certificates were good: read from the authority's database, so made on the server's side
 * (signingSteps.ts has the signatures and tokens, built where the PDF is signed).
 */
import type { Queryable } from '../../db/pool.js';
import { issuingCaOf, type Authority } from './authority.js';
import { ocspAnswerFor } from './ocsp.js';
import type { ValidationData } from './pades.js';
import type * as x509 from './x509.js';

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
  const answers = await Promise.all(
    [certificate, tsa.certificate].map((one) => ocspAnswerFor(db, issuers, one, now)),
  );
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
