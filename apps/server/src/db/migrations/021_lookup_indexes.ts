/**
 * The rows a person's or a transaction's reads look up by a foreign key that had no index: every
 * such read scanned its whole table. Found by comparing foreign keys with indexes (the lists'
 * path): a page of "my transactions" counted each row's documents by scanning every document;
 * notifications, plans, agreements and one-time codes were read by person the same way, and
 * reference data by its parent. Each index leads with the key the read filters on and goes on
 * with the read's order, so a page is read in order and stops early. Keys only written (who
 * created or decided a request) stay unindexed; migrations.test.ts names them.
 */
export const name = '021_lookup_indexes';

export const sql = /* sql */ `
CREATE INDEX transaction_documents_transaction ON transaction_documents (esign_logs_id);
CREATE INDEX notifications_user_order ON notifications (user_slno, created_at DESC);
CREATE INDEX purchased_plans_user ON purchased_plans (user_slno, created_at DESC);
CREATE INDEX agreements_user ON agreements (user_slno, agreement_slno);
CREATE INDEX otp_codes_user ON otp_codes (user_slno, purpose, created_at DESC);
CREATE INDEX regions_country ON regions (country_slno, state_slno);
CREATE INDEX cities_state ON cities (state_slno, city_slno);
`;
