/**
 * The steps of PAdES signing done with our own keys (pades.ts's SigningSteps): our CAdES signature
 * over the laid-out byte ranges and our TSA's tokens. Built where the PDF is signed (the eSign
 * service's PDF worker, pdfWorker.ts), whose signers ask the key holder for the signature values
 * alone; the validation data is the caller's (padesSteps.ts reads it from the database).
 */
import type { CaMember } from './authority.js';
import { signDetached } from './cms.js';
import type { SigningSteps, ValidationData } from './pades.js';
import type { Signer } from './signer.js';
import { stampDigest } from './tsa.js';
import type * as x509 from './x509.js';

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
      new Uint8Array(
        (await stampDigest(keys.tsa, Buffer.from(digest), keys.now)).toSchema().toBER(false),
      ),
  };
}
