/**
 * An audit purge is proved by its statement's signature (modules/audit/retention.ts): the purge
 * command signs how far it cut, how many records went and against what time, with a key derived
 * from AUDIT_KEY that the server never holds; the verifier refuses a purge without it, and one
 * whose cut is not older than the retention period by its signed checkpoint's time.
 */
export const name = '045_signed_purges';

export const sql = /* sql */ `
ALTER TABLE audit_purges ADD COLUMN signature text;
`;
