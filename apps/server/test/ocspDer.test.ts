/**
 * The OCSP answers a signed PDF's validation data carries are written as DER directly
 * (`ocspAnswerFor`): for a good and a revoked certificate, the same bytes the responder builds with
 * pkijs for a relying party's SHA-256 question without a nonce, but for the signature's value, which
 * verifies with the responder's key; strict DER; and the TSA's answer, handed out again while its
 * certificate's status is unchanged, never for a later time and never once it changed.
 */
import { createPublicKey, verify } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { children } from '../src/modules/pki/der.js';
import { answerOcsp, createAnswerCache, ocspAnswerFor } from '../src/modules/pki/ocsp.js';
import type * as x509 from '../src/modules/pki/x509.js';
import { serviceSigner, startHarness } from './harness.js';
import { freshPerson } from './world.js';

const h = await startHarness();

/** The answer as the responder gives it over HTTP, to the question ocspAnswerFor answers. */
async function answeredOverHttp(certificate: x509.X509Certificate, now: Date) {
  const issuers = await h.deps.authority.ocspIssuers();
  const issuing = issuers.find((one) => one.certificate.subject === certificate.issuer);
  if (!issuing) throw new Error('not ours');
  const request = new pkijs.OCSPRequest();
  await request.createForCertificate(pkijs.Certificate.fromBER(certificate.rawData), {
    hashAlgorithm: 'SHA-256',
    issuerCertificate: pkijs.Certificate.fromBER(issuing.certificate.rawData),
  });
  return answerOcsp(h.pool, issuers, new Uint8Array(request.toSchema(true).toBER(false)), now);
}

/** A BasicOCSPResponse's parts: what is signed, the algorithm, the signature's value, the certs. */
function basicParts(answer: Buffer) {
  const [response] = children(answer);
  const [status, bytes] = children(answer, response?.contentStart, response?.end);
  expect(answer.subarray(status?.contentStart, status?.end).toString('hex')).toBe('00');
  const [inner] = children(answer, bytes?.contentStart, bytes?.end);
  const [, octets] = children(answer, inner?.contentStart, inner?.end);
  const basic = answer.subarray(octets?.contentStart, octets?.end);
  const [outer] = children(basic);
  const [tbs, algorithm, signature, certs] = children(basic, outer?.contentStart, outer?.end);
  const part = (element: typeof tbs) => basic.subarray(element?.start, element?.end);
  return {
    tbs: part(tbs),
    algorithm: part(algorithm),
    // BIT STRING: its unused-bits octet, then the ECDSA-Sig-Value.
    signature: basic.subarray((signature?.contentStart ?? 0) + 1, signature?.end),
    certs: part(certs),
  };
}

async function expectSameAsResponder(certificate: x509.X509Certificate, now: Date) {
  const written = await ocspAnswerFor(
    h.pool,
    await h.deps.authority.ocspIssuers(),
    certificate,
    now,
  );
  const reference = basicParts(await answeredOverHttp(certificate, now));
  const ours = basicParts(written);
  expect(ours.tbs.toString('hex')).toBe(reference.tbs.toString('hex'));
  expect(ours.algorithm.toString('hex')).toBe(reference.algorithm.toString('hex'));
  expect(ours.certs.toString('hex')).toBe(reference.certs.toString('hex'));
  const responder = await h.deps.authority.responder();
  const key = createPublicKey({
    key: Buffer.from(responder.certificate.publicKey.rawData),
    format: 'der',
    type: 'spki',
  });
  expect(verify(responder.signer.hash.replace('-', ''), ours.tbs, key, ours.signature)).toBe(true);
  // Strict DER: read and written again, the same bytes.
  const read = asn1js.fromBER(new Uint8Array(written));
  expect(read.offset).toBe(written.byteLength);
  expect(Buffer.from(read.result.toBER(false)).equals(written)).toBe(true);
  return written;
}

describe('the OCSP answers written as DER', () => {
  it('are what the responder answers a relying party, for a good and a revoked certificate', async () => {
    const { certificate } = await serviceSigner(h, await freshPerson(h));
    const now = new Date(Date.UTC(2026, 11, 7, 12, 0, 0, 700));
    const good = await expectSameAsResponder(certificate, now);
    expect(await h.deps.authority.revoke(h.pool, certificate.serialNumber.toUpperCase(), 4)).toBe(
      true,
    );
    const revoked = await expectSameAsResponder(certificate, now);
    expect(revoked.equals(good)).toBe(false);
  });

  it("hands the TSA's answer out again only while its status holds, never for a later time", async () => {
    const issuers = await h.deps.authority.ocspIssuers();
    const { certificate } = await serviceSigner(h, await freshPerson(h));
    const cache = createAnswerCache();
    const now = new Date(Date.UTC(2026, 11, 7, 12, 0, 0));
    const first = await ocspAnswerFor(h.pool, issuers, certificate, now, cache);
    const minutesLater = new Date(now.getTime() + 5 * 60_000);
    expect(
      (await ocspAnswerFor(h.pool, issuers, certificate, minutesLater, cache)).equals(first),
    ).toBe(true);
    // Past the keeping time, and before the answer was made: a new answer.
    const hourLater = new Date(now.getTime() + 60 * 60_000);
    expect(
      (await ocspAnswerFor(h.pool, issuers, certificate, hourLater, cache)).equals(first),
    ).toBe(false);
    const before = new Date(now.getTime() - 60_000);
    expect((await ocspAnswerFor(h.pool, issuers, certificate, before, cache)).equals(first)).toBe(
      false,
    );
    // Revoked: the kept answer (good) is not handed out.
    await h.deps.authority.revoke(h.pool, certificate.serialNumber.toUpperCase(), 1);
    const afterRevocation = await ocspAnswerFor(h.pool, issuers, certificate, minutesLater, cache);
    expect(afterRevocation.equals(first)).toBe(false);
    expect(basicParts(afterRevocation).tbs.includes(Buffer.from([0xa1]))).toBe(true);
  });
});
