/**
 * Signing without an integrating application: a person signs their own PDFs in the
 * portal, through the same service path the integration API uses. The portal is an application
 * of the service's own (`credential_kind = 'portal'`): it has no credential (nobody can present
 * one as it: the integration API never accepts it) and no provider (the service runs it). One for
 * individuals (no organization: each signer's own plan pays), one per organization (its counters
 * pay), made on first use. Each PDF of a transaction may carry a stamp of its own (its place on
 * that PDF's pages), before the transaction's.
 */
export const name = '041_portal_signing';

export const sql = /* sql */ `
ALTER TABLE esign_applications DROP CONSTRAINT esign_applications_credential_kind_check;
ALTER TABLE esign_applications
  ADD CONSTRAINT esign_applications_credential_kind_check CHECK (credential_kind IN ('publicKey', 'certificate', 'portal')),
  ALTER COLUMN credential DROP NOT NULL,
  ALTER COLUMN sip_slno DROP NOT NULL,
  ADD CONSTRAINT esign_applications_portal_check
    CHECK ((credential_kind = 'portal') = (credential IS NULL) AND (credential_kind = 'portal') = (sip_slno IS NULL));
ALTER TABLE transaction_documents ADD COLUMN stamp jsonb;
`;
