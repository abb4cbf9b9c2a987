/**
 * A verified e-mail link also continues its application in a tab or device that does not hold
 * it, once: its applicant proves who they are in the identity app (without the robot check, the
 * link stands in for it), and `resumed_at` records that it has been used so.
 */
export const name = '047_email_link_resume';

export const sql = /* sql */ `
ALTER TABLE email_links ADD COLUMN resumed_at timestamptz;
`;
