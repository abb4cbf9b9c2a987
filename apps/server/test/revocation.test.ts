/**
 * Revocation information for every certificate a validator walks, in strict DER (issue 35): the
 * root publishes an ARL for the issuing CA, whose certificate points at it; the OCSP responder
 * answers for the time-stamping authority's and the eSign service's certificates, "unauthorized"
 * for another issuer's, with times to the second; with the root as the only trust anchor and
 * revocation checked at every level, a signer's certificate validates. BouncyCastle decodes and
 * encodes again as DER every structure the authority writes, and finds the same bytes.
 */
import { readFileSync } from 'node:fs';
import * as asn1js from 'asn1js';
import { describe, expect, it } from 'vitest';
import { OID } from '../src/modules/pki/profiles.js';
import { certificatePem } from '../src/modules/pki/routes.js';
import * as x509 from '../src/modules/pki/x509.js';
import { startHarness, subscriberCertificate } from './harness.js';
import { freshPerson } from './world.js';
import { bouncyCastle, opensslKit } from './openssl.js';

const h = await startHarness();
// OpenSSL checks times against the real clock.
h.clock.now = new Date();
const { file, openssl, ocsp } = opensslKit(h, 'tawqi-revocation');
const authority = h.deps.authority;
const rootFile = file('root.pem', certificatePem(authority.root.rawData));

async function download(path: string, name: string): Promise<string> {
  const answer = await fetch(`${h.baseUrl}${path}`);
  expect(answer.status).toBe(200);
  return file(name, Buffer.from(await answer.arrayBuffer()));
}

/** A document signer's certificate of ours, in a PEM file. */
async function subscriberFile(name: string): Promise<string> {
  const { certificate } = await subscriberCertificate(h, await freshPerson(h));
  return file(name, certificate.toString('pem'));
}

/** Every GeneralizedTime and UTCTime in a DER structure, as written. */
function timesIn(der: Buffer): string[] {
  const found: string[] = [];
  const walk = (block: asn1js.AsnType) => {
    if (block instanceof asn1js.GeneralizedTime || block instanceof asn1js.UTCTime)
      found.push(Buffer.from(block.valueBlock.valueHexView).toString('latin1'));
    const inner = (block as { valueBlock?: { value?: unknown } }).valueBlock?.value;
    if (Array.isArray(inner)) for (const child of inner) walk(child as asn1js.AsnType);
    // A BER-decoded OCTET STRING holding DER (the OCSP response's bytes) is read too.
    // Other octet strings (a key's hash, a nonce) are random bytes, which asn1js sometimes reads
    // as a malformed time and throws on (CI met it once): those hold no structure to walk.
    if (block instanceof asn1js.OctetString && !block.idBlock.isConstructed) {
      let nested: ReturnType<typeof asn1js.fromBER> | null;
      try {
        nested = asn1js.fromBER(block.valueBlock.valueHexView);
      } catch {
        nested = null;
      }
      if (
        nested &&
        nested.offset !== -1 &&
        nested.offset === block.valueBlock.valueHexView.byteLength
      )
        walk(nested.result);
    }
  };
  walk(asn1js.fromBER(new Uint8Array(der)).result);
  return found;
}

describe('revocation information for every certificate a validator walks', () => {
  it('reads past an octet string of random bytes that looks like a broken time', () => {
    // OCTET STRING { 18 01 41 }: a GeneralizedTime tag with one byte, which asn1js throws on.
    const der = Buffer.from([0x04, 0x03, 0x18, 0x01, 0x41]);
    expect(timesIn(der)).toEqual([]);
  });

  it('publishes the root’s ARL for the issuing CA, which the issuing CA’s certificate names', async () => {
    const issuing = await openssl(
      'x509',
      '-in',
      file('issuing.pem', certificatePem(authority.issuing.rawData)),
      '-noout',
      '-text',
    );
    expect(issuing).toMatch(/CRL Distribution Points:[\s\S]*URI:http.*\/pki\/root\.crl/);
    expect(issuing).toMatch(/CA Issuers - URI:http.*\/pki\/root\.crt/);

    const arl = await download('/pki/root.crl', 'root.crl');
    const text = await openssl(
      'crl',
      '-inform',
      'DER',
      '-in',
      arl,
      '-noout',
      '-text',
      '-CAfile',
      rootFile,
    );
    expect(text).toMatch(/verify OK/);
    expect(text).toMatch(/Issuer: .*Root CA G1/);
    expect(text).toMatch(/No Revoked Certificates/);
  });

  it('validates a signer’s certificate from the root alone with revocation checked at every level', async () => {
    const leaf = await subscriberFile('leaf.pem');
    const pem = async (path: string, name: string) =>
      file(
        name,
        await openssl('crl', '-inform', 'DER', '-in', await download(path, `${name}.der`)),
      );
    const verified = await openssl(
      'verify',
      '-crl_check_all',
      '-CAfile',
      rootFile,
      '-untrusted',
      file('issuing.pem', certificatePem(authority.issuing.rawData)),
      '-CRLfile',
      await pem('/pki/issuing.crl', 'issuing-crl.pem'),
      '-CRLfile',
      await pem('/pki/root.crl', 'root-crl.pem'),
      '-purpose',
      'smimesign',
      leaf,
    );
    expect(verified).toContain('leaf.pem: OK');
    // Readers that trust the root for signers (NSS: e-mail protection) trust this certificate.
    const text = await openssl('x509', '-in', leaf, '-noout', '-text');
    expect(text).toMatch(/E-mail Protection/);
    expect(text).toContain(OID.documentSigning);
  });

  it('answers OCSP for the time-stamping authority’s and the eSign service’s certificates', async () => {
    for (const [name, member] of [
      ['tsa', await authority.timestamper()],
      ['esign', await authority.esignService()],
    ] as const) {
      const certificate = file(`${name}.pem`, member.certificate.toString('pem'));
      const answer = await ocsp(certificate, '-resp_text');
      expect(answer).toMatch(/Response verify OK/);
      expect(answer).toContain(`${name}.pem: good`);
    }
  });

  it('answers "unauthorized" for a certificate another issuer made', async () => {
    const answer = await openssl(
      'ocsp',
      '-issuer',
      rootFile,
      '-cert',
      file('issuing.pem', certificatePem(authority.issuing.rawData)),
      '-url',
      `${h.baseUrl}/pki/ocsp`,
      '-noverify',
    ).catch((error: unknown) => String(error));
    expect(answer).toMatch(/unauthorized \(6\)/);
  });

  it('writes every time to the second, and every structure in DER', async () => {
    const leaf = await subscriberFile('der-leaf.pem');
    const ocspAnswer = file('answer.ocsp', '');
    await ocsp(leaf, '-respout', ocspAnswer);
    const tsaQuery = file('query.tsq', '');
    await openssl(
      'ts',
      '-query',
      '-data',
      file('document.txt', 'A contract.'),
      '-sha384',
      '-cert',
      '-out',
      tsaQuery,
    );
    const tsaReply = await fetch(`${h.baseUrl}/pki/tsa`, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: readFileSync(tsaQuery),
    });
    const reply = file('reply.tsr', Buffer.from(await tsaReply.arrayBuffer()));
    const token = file('token.der', '');
    await openssl('ts', '-reply', '-in', reply, '-token_out', '-out', token);
    const files = {
      ocsp: ocspAnswer,
      crl: await download('/pki/issuing.crl', 'der-issuing.crl'),
      arl: await download('/pki/root.crl', 'der-root.crl'),
      tsaReply: reply,
      tsaToken: token,
      root: await download('/pki/root.crt', 'root.crt'),
      issuing: await download('/pki/issuing.crt', 'issuing.crt'),
      leaf: file(
        'der-leaf.der',
        Buffer.from(new x509.X509Certificate(readFileSync(leaf, 'utf8')).rawData),
      ),
    };
    const reports = await bouncyCastle('der', ...Object.values(files));
    expect(
      Object.fromEntries(Object.keys(files).map((name, i) => [name, reports[i]?.der])),
    ).toEqual(Object.fromEntries(Object.keys(files).map((name) => [name, true])));
    for (const name of ['ocsp', 'crl', 'arl', 'tsaToken'] as const) {
      const times = timesIn(readFileSync(files[name]));
      expect(times.length, name).toBeGreaterThan(0);
      for (const time of times) expect(time, name).toMatch(/^(\d{12}|\d{14})Z$/);
    }
  });
});
