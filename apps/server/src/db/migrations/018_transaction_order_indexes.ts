/**
 * The eSign transaction lists (an organization's and a person's) read newest first by
 * (transaction_date, esign_logs_id), and their exports read them a batch at a time after the last
 * row read (db/paging.ts). An index on the whole order lets every batch start where the last one
 * ended: with only the date indexed, a batch sorted all the rows after the date again, and when the
 * planner's row estimate was stale (a bulk load not yet analyzed) it sorted every row of the
 * organization for each batch: 2 s of a 100,000-row export (the exports' benchmark) went there.
 */
export const name = '018_transaction_order_indexes';

export const sql = /* sql */ `
CREATE INDEX esign_transactions_org_order
  ON esign_transactions (org_slno, transaction_date DESC, esign_logs_id DESC);
DROP INDEX esign_transactions_org_date;

CREATE INDEX esign_transactions_user_order
  ON esign_transactions (user_slno, transaction_date DESC, esign_logs_id DESC);
DROP INDEX esign_transactions_user_date;
`;
