/**
 * Digital signature certificates (issue 18; SPEC §3 "Certificate"): how a request for one moves,
 * the states of an issued one, and the reasons a holder may give for revoking it.
 */

/**
 * A request: paid and waiting for the key made in the browser (`keyPending`); an organization's,
 * waiting for its enrolment admin (`approvalPending`); waiting for the holder's confirmation in
 * the identity app (`confirmationPending`); `issued`; `rejected` by the admin; `cancelled`.
 */
export const CERTIFICATE_REQUEST_STATUSES = [
  'keyPending',
  'approvalPending',
  'confirmationPending',
  'issued',
  'rejected',
  'cancelled',
] as const;
export type CertificateRequestStatus = (typeof CERTIFICATE_REQUEST_STATUSES)[number];

/**
 * What an organization's enrolment admins review (issue 18): a member's request for a certificate
 * bound to the organization, from the key sent on; a request still without a key is the member's.
 */
export const CERTIFICATE_REVIEW_STATUSES = [
  'approvalPending',
  'confirmationPending',
  'issued',
  'rejected',
] as const satisfies readonly CertificateRequestStatus[];
export type CertificateReviewStatus = (typeof CERTIFICATE_REVIEW_STATUSES)[number];

/** An issued certificate: in force, revoked, or past its end. */
export const CERTIFICATE_STATES = ['valid', 'revoked', 'expired'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/**
 * The reasons a holder may revoke for, with their RFC 5280 CRLReason codes (the others belong to
 * the authority: cACompromise, certificateHold, removeFromCRL, privilegeWithdrawn, aACompromise).
 */
export const REVOCATION_REASONS = {
  keyCompromise: 1,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
} as const;
export type RevocationReason = keyof typeof REVOCATION_REASONS;

/** The keys the portal makes in the browser: ECDSA on P-256 (fast, small) or RSA-2048. */
export const CERTIFICATE_KEY_ALGORITHMS = ['ECDSA-P-256', 'RSA-2048'] as const;
export type CertificateKeyAlgorithm = (typeof CERTIFICATE_KEY_ALGORITHMS)[number];

/** The DSC report's export (ours: the spec names no file for it; SPEC §9's names are the others). */
export const DSC_REPORT_FILE_NAME = 'Digital_Signature_Certificates.xlsx';
