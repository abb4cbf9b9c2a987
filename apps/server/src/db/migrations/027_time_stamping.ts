/**
 * The time-stamping authority (RFC 3161): its certificate, issued by the
 * issuing CA like the OCSP responder's, and its key are kept beside the others.
 */
export const name = '027_time_stamping';

export const sql = /* sql */ `
ALTER TABLE ca_keys DROP CONSTRAINT ca_keys_name_check;
ALTER TABLE ca_keys ADD CONSTRAINT ca_keys_name_check CHECK (name IN ('root', 'issuing', 'ocsp', 'tsa'));
ALTER TABLE certificates DROP CONSTRAINT certificates_kind_check;
ALTER TABLE certificates ADD CONSTRAINT certificates_kind_check
  CHECK (kind IN ('root', 'issuing', 'ocsp', 'tsa', 'subscriber'));
`;
