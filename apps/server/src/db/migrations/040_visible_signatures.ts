/**
 * Signatures people can see: the stamp a transaction's PDFs are signed with (how it
 * looks and where; the request's, else its application's default at the time), and each
 * application's default. Null: the service's default (its mark at the last page's corner).
 */
export const name = '040_visible_signatures';

export const sql = /* sql */ `
ALTER TABLE esign_transactions ADD COLUMN stamp jsonb;
ALTER TABLE esign_applications ADD COLUMN default_stamp jsonb;
`;
