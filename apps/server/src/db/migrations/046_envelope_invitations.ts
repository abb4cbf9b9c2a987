/**
 * An envelope's signer named by e-mail is kept as the address the sender gave (`invited_email`),
 * whoever it belongs to: sending answers the same for a Tawqi user's address and for anyone's, so
 * the page tells nobody which addresses are registered. At the signer's turn the address is
 * looked up: a user's is asked as any signer, anyone else's is invited by e-mail to register, and
 * the envelope waits; once they have, it is theirs (`user_slno`) when they open their envelopes.
 */
export const name = '046_envelope_invitations';

export const sql = /* sql */ `
ALTER TABLE envelope_signers
  ALTER COLUMN user_slno DROP NOT NULL,
  ADD COLUMN invited_email text,
  ADD CONSTRAINT envelope_signers_someone CHECK (user_slno IS NOT NULL OR invited_email IS NOT NULL);
CREATE INDEX envelope_signers_invited ON envelope_signers (lower(invited_email))
  WHERE user_slno IS NULL;
`;
