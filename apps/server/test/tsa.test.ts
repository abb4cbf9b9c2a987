/**
 * The time-stamping authority (RFC 3161) as openssl, a relying party, sees it: a query for a file's
 * SHA-256 is granted a token that `openssl ts -verify` accepts for that file against our chain, with
 * our policy, the nonce echoed and the TSA's certificate named by ESS signing-certificate-v2; the
 * same token does not verify another file; a query we cannot answer is rejected with its reason.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { TSA_POLICY } from '../src/modules/pki/profiles.js';
import { stampDigest } from '../src/modules/pki/tsa.js';
import { startHarness } from './harness.js';
import { opensslKit } from './openssl.js';

const h = await startHarness();
// OpenSSL checks times against the real clock.
h.clock.now = new Date();
const { file, openssl, chainFile } = opensslKit(h, 'tawqi-tsa');

/** Posts a query file to the TSA; answers the reply's path. */
async function ask(query: string, name: string): Promise<{ path: string; type: string | null }> {
  const answer = await fetch(`${h.baseUrl}/pki/tsa`, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: readFileSync(query),
  });
  expect(answer.status).toBe(200);
  return {
    path: file(name, Buffer.from(await answer.arrayBuffer())),
    type: answer.headers.get('content-type'),
  };
}

describe('the time-stamping authority', () => {
  it('stamps a file’s hash with a token openssl verifies against our chain, for that file only', async () => {
    const data = file('document.txt', 'A contract, signed on the day the stamp says.');
    const query = file('query.tsq', '');
    await openssl('ts', '-query', '-data', data, '-sha256', '-cert', '-out', query);
    const reply = await ask(query, 'reply.tsr');
    expect(reply.type).toBe('application/timestamp-reply');

    const text = await openssl('ts', '-reply', '-in', reply.path, '-text');
    expect(text).toMatch(/Status: Granted/);
    expect(text).toContain(`Policy OID: ${TSA_POLICY}`);
    expect(text).toMatch(/Hash Algorithm: sha256/);
    expect(text).toMatch(/Accuracy: 0x01 seconds/);
    const nonce = /Nonce: (\S+)/.exec(await openssl('ts', '-query', '-in', query, '-text'))?.[1];
    expect(nonce).toBeDefined();
    expect(text).toContain(`Nonce: ${String(nonce)}`);

    // The token verifies for the file and its query (nonce, policy, certificate), and the
    // signer's certificate is the TSA's, named by ESS signing-certificate-v2.
    const verified = await openssl(
      'ts',
      '-verify',
      '-data',
      data,
      '-in',
      reply.path,
      '-CAfile',
      chainFile,
    );
    expect(verified).toMatch(/Verification: OK/);
    expect(
      await openssl('ts', '-verify', '-queryfile', query, '-in', reply.path, '-CAfile', chainFile),
    ).toMatch(/Verification: OK/);
    const token = file('token.der', '');
    await openssl('ts', '-reply', '-in', reply.path, '-token_out', '-out', token);
    const cms = await openssl('cms', '-cmsout', '-inform', 'DER', '-in', token, '-print');
    expect(cms).toMatch(
      /id-smime-aa-signingCertificateV2|signingCertificateV2|1\.2\.840\.113549\.1\.9\.16\.2\.47/,
    );
    expect(cms).toContain('Time Stamping Authority G1');

    // Another file is not what was stamped.
    const other = file('other.txt', 'A contract, changed after the stamp.');
    await expect(
      openssl('ts', '-verify', '-data', other, '-in', reply.path, '-CAfile', chainFile),
    ).rejects.toThrow(/message imprint mismatch/);
  });

  it('rejects, with the reason, a query it cannot answer', async () => {
    const data = file('weak.txt', 'hashed with SHA-1');
    const sha1 = file('sha1.tsq', '');
    await openssl('ts', '-query', '-data', data, '-sha1', '-out', sha1);
    const badAlg = await ask(sha1, 'sha1.tsr');
    const text = await openssl('ts', '-reply', '-in', badAlg.path, '-text');
    expect(text).toMatch(/Status: Rejected/);
    expect(text).toMatch(/unrecognized or unsupported algorithm identifier/);

    const policy = file('policy.tsq', '');
    await openssl('ts', '-query', '-data', data, '-sha256', '-tspolicy', '1.2.3.4', '-out', policy);
    expect(
      await openssl('ts', '-reply', '-in', (await ask(policy, 'policy.tsr')).path, '-text'),
    ).toMatch(/requested TSA policy is not supported/);

    const garbage = file('garbage.tsq', 'not a query');
    expect(
      await openssl('ts', '-reply', '-in', (await ask(garbage, 'garbage.tsr')).path, '-text'),
    ).toMatch(/Status: Rejected/);
  });
});

describe('the tokens a signature carries (issue 38)', () => {
  it('are strict DER to the nonce: every one positive and minimal, as openssl requires', async () => {
    const tsa = await h.deps.authority.timestamper();
    const digest = new Uint8Array(32).fill(7);
    for (let index = 0; index < 300; index += 1) {
      // Read back from its bytes, as a relying party reads it.
      const der = new Uint8Array(await stampDigest(tsa, digest, new Date()));
      const token = new pkijs.ContentInfo({ schema: asn1js.fromBER(der).result });
      const signed = new pkijs.SignedData({ schema: token.content });
      const info = pkijs.TSTInfo.fromBER(
        signed.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0),
      );
      const nonce = new Uint8Array(info.nonce?.valueBlock.valueHexView ?? []);
      // Positive, and no leading byte a strict reader would call padding.
      expect(nonce.length).toBe(8);
      expect(nonce[0]).toBeGreaterThanOrEqual(0x40);
      expect(nonce[0]).toBeLessThan(0x80);
    }
  });
});

describe('the time-stamping unit’s key', () => {
  it('is on P-256 and signs its tokens with ECDSA and SHA-256 (P-384 bounded the signatures a core makes)', async () => {
    const tsa = await h.deps.authority.timestamper();
    const spki = pkijs.PublicKeyInfo.fromBER(
      await crypto.subtle.exportKey('spki', tsa.signer.publicKey),
    );
    expect(spki.algorithm.algorithmParams.valueBlock.toString()).toBe('1.2.840.10045.3.1.7');
    const token = pkijs.ContentInfo.fromBER(
      new Uint8Array(await stampDigest(tsa, new Uint8Array(32).fill(1), new Date())),
    );
    const signer = new pkijs.SignedData({ schema: token.content }).signerInfos[0];
    expect(signer?.digestAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    expect(signer?.signatureAlgorithm.algorithmId).toBe('1.2.840.10045.4.3.2');
  });
});
