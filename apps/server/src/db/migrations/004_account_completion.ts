/**
 * Accounts that can be completed: one-time codes gain a purpose (signing in, or
 * confirming a new e-mail address or mobile number, which the code carries until confirmed), and
 * a session remembers when its person last confirmed their identity in the identity app, which
 * changing contacts or a password requires.
 */
export const name = '004_account_completion';

export const sql = /* sql */ `
ALTER TABLE otp_codes ADD COLUMN purpose text NOT NULL DEFAULT 'sign-in'
  CHECK (purpose IN ('sign-in', 'contact-change'));
ALTER TABLE otp_codes ADD COLUMN new_value text;
ALTER TABLE sessions ADD COLUMN identity_confirmed_at timestamptz;
`;
