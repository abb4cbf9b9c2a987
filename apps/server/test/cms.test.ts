/**
 * A detached CMS signature over a document's SHA-256 (issue 19's signing core), as openssl sees
 * it: `openssl cms -verify` accepts it for the document against our chain and refuses it for a
 * changed one; it carries ESS signing-certificate-v2; its embedded RFC 3161 token verifies with
 * `openssl ts -verify` for the signature's own SHA-256.
 */
import { createHash, webcrypto } from 'node:crypto';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { signDetached } from '../src/modules/pki/cms.js';
import * as x509 from '../src/modules/pki/x509.js';
import { startHarness } from './harness.js';
import { opensslKit } from './openssl.js';

const h = await startHarness();
// OpenSSL checks times against the real clock.
h.clock.now = new Date();
const { file, openssl, verifyCms, chainFile } = opensslKit(h, 'tawqi-cms');

/** A signer: a key of the service's and its certificate from our CA, for Sara. */
async function signer() {
  const person = await h.person('sara');
  const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ]);
  const certificate = await h.deps.authority.issue(h.pool, {
    publicKey: await x509.PublicKey.create(keys.publicKey),
    name: { nameEnglish: 'Sara Al-Qahtani', nationalId: person.nationalId },
    level: 'identityApp',
    months: 1,
    userSlno: person.userSlno,
    orgSlno: null,
    class: 'individual',
  });
  return { keys, certificate };
}

describe('a detached CMS signature', () => {
  it('verifies with openssl for its document only, with signing-certificate-v2 and a timestamp', async () => {
    const document = Buffer.from('%PDF-1.7 a contract of two pages, signed today.');
    const { keys, certificate } = await signer();
    const signature = await signDetached({
      digest: createHash('sha256').update(document).digest(),
      certificate,
      privateKey: keys.privateKey,
      issuing: h.deps.authority.issuing,
      tsa: await h.deps.authority.timestamper(),
      now: new Date(),
    });
    const content = file('contract.pdf', document);
    const signed = file('contract.p7s', signature);
    const verified = await verifyCms(signed, content);
    expect(verified).toMatch(/Verification successful/);
    const printed = await openssl('cms', '-cmsout', '-inform', 'DER', '-in', signed, '-print');
    expect(printed).toMatch(/signingCertificateV2|1\.2\.840\.113549\.1\.9\.16\.2\.47/);
    expect(printed).toMatch(/id-smime-aa-timeStampToken|1\.2\.840\.113549\.1\.9\.16\.2\.14/);

    // A changed document is refused.
    const changed = file('changed.pdf', Buffer.from('%PDF-1.7 a contract of two pages, changed.'));
    await expect(verifyCms(signed, changed)).rejects.toThrow(
      /digest failure|verification failure/i,
    );

    // The timestamp is over the signature's own SHA-256, and openssl verifies it.
    const info = pkijs.ContentInfo.fromBER(new Uint8Array(signature));
    const data = new pkijs.SignedData({ schema: info.content });
    const signerInfo = data.signerInfos[0];
    const stamp = signerInfo?.unsignedAttrs?.attributes.find(
      (one) => one.type === '1.2.840.113549.1.9.16.2.14',
    )?.values[0] as asn1js.Sequence | undefined;
    if (!signerInfo || !stamp) throw new Error('no timestamp');
    const token = file('stamp.der', Buffer.from(stamp.toBER(false)));
    const digest = createHash('sha256')
      .update(signerInfo.signature.valueBlock.valueHexView)
      .digest('hex');
    expect(
      await openssl(
        'ts',
        '-verify',
        '-digest',
        digest,
        '-in',
        token,
        '-token_in',
        '-CAfile',
        chainFile,
      ),
    ).toMatch(/Verification: OK/);
  });

  it('takes a SHA-256 digest only', async () => {
    const { keys, certificate } = await signer();
    await expect(
      signDetached({
        digest: new Uint8Array(20),
        certificate,
        privateKey: keys.privateKey,
        issuing: h.deps.authority.issuing,
        tsa: await h.deps.authority.timestamper(),
        now: new Date(),
      }),
    ).rejects.toThrow(/32 bytes/);
  });
});
