/**
 * A person's digital signature certificates (SPEC §2 `dsc/buy`, `dsc/manage`), one file a step:
 * bought like a plan (buyingCertificates.ts); paying opens a request (requests.ts,
 * `fulfilCertificate`); the browser sends a PKCS#10 request made with its own new key
 * (keySubmission.ts); the holder accepts the subscriber agreement and approves in the identity
 * app, and the certificate is issued in that step (issuing.ts); their own, and revoking one
 * (ownCertificates.ts).
 */
import type { Handlers } from '../../http/contractRoutes.js';
import type { PaymentDeps } from '../payments/handlers.js';
import { certificateBuyingHandlers } from './buyingCertificates.js';
import { certificateIssuingHandlers } from './issuing.js';
import { certificateKeyHandlers } from './keySubmission.js';
import { ownCertificateHandlers } from './ownCertificates.js';

export function certificateHandlers(deps: PaymentDeps): Handlers {
  return {
    ...certificateBuyingHandlers(deps),
    ...certificateKeyHandlers(deps),
    ...certificateIssuingHandlers(deps),
    ...ownCertificateHandlers(deps),
  };
}
