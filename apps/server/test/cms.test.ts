/**
 * A detached CMS signature over a document's SHA-256 (issue 19's signing core), as openssl sees
 * it: `openssl cms -verify` accepts it for the document against our chain and refuses it for a
 * changed one; it carries ESS signing-certificate-v2; its embedded RFC 3161 token verifies with
 * `openssl ts -verify` for the signature's own SHA-256.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signDetached } from '../src/modules/pki/cms.js';
import { serviceSigner, startHarness } from './harness.js';
import { freshPerson } from './world.js';
import { ACCEPTED_EVERYWHERE, opensslKit } from './openssl.js';

const h = await startHarness();
// OpenSSL checks times against the real clock.
h.clock.now = new Date();
const { checkSignature } = opensslKit(h, 'tawqi-cms');

/** A signer: a key of the service's and its certificate from our CA, for a person. */
const signer = async () => {
  const { key, certificate } = await serviceSigner(h, await freshPerson(h));
  return { keys: key, certificate };
};

describe('a detached CMS signature', () => {
  it('verifies with openssl for its document only, with signing-certificate-v2 and a timestamp', async () => {
    const document = Buffer.from('%PDF-1.7 a contract of two pages, signed today.');
    const { keys, certificate } = await signer();
    const signature = await signDetached({
      digest: createHash('sha256').update(document).digest(),
      certificate,
      signer: keys,
      issuing: h.deps.authority.issuing,
      tsa: await h.deps.authority.timestamper(),
      now: new Date(),
    });
    expect(await checkSignature(signature, document, 'contract')).toEqual(ACCEPTED_EVERYWHERE);
    // A changed document is refused.
    const changed = Buffer.from('%PDF-1.7 a contract of two pages, changed.');
    expect((await checkSignature(signature, changed, 'changed')).verified).toBe(false);
  });

  it('takes a SHA-256 digest only', async () => {
    const { keys, certificate } = await signer();
    await expect(
      signDetached({
        digest: new Uint8Array(20),
        certificate,
        signer: keys,
        issuing: h.deps.authority.issuing,
        tsa: await h.deps.authority.timestamper(),
        now: new Date(),
      }),
    ).rejects.toThrow(/32 bytes/);
  });
});
