/**
 * An organization's eSign transactions are numbered as they are made (SPEC §3 "globalCounter"):
 * 1 for its first, and so on, whatever a grid's filter or page later shows. The number is taken
 * from a counter on the organization's row, which a concurrent insert waits on, so two
 * transactions never share a number; existing transactions are numbered in the order they were
 * made. A person's own transactions (no organization) have none.
 */
export const name = '008_esign_running_number';

export const sql = /* sql */ `
ALTER TABLE organizations ADD COLUMN esign_transactions_made integer NOT NULL DEFAULT 0;
ALTER TABLE esign_transactions ADD COLUMN org_counter integer;

UPDATE esign_transactions t SET org_counter = numbered.n
  FROM (SELECT esign_logs_id,
               row_number() OVER (PARTITION BY org_slno ORDER BY transaction_date, esign_logs_id) AS n
          FROM esign_transactions WHERE org_slno IS NOT NULL) AS numbered
 WHERE numbered.esign_logs_id = t.esign_logs_id;
UPDATE organizations o SET esign_transactions_made = made.n
  FROM (SELECT org_slno, max(org_counter) AS n FROM esign_transactions
         WHERE org_slno IS NOT NULL GROUP BY org_slno) AS made
 WHERE made.org_slno = o.org_slno;

CREATE FUNCTION number_organization_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.org_slno IS NOT NULL THEN
    UPDATE organizations SET esign_transactions_made = esign_transactions_made + 1
     WHERE org_slno = NEW.org_slno
     RETURNING esign_transactions_made INTO NEW.org_counter;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER esign_transactions_number BEFORE INSERT ON esign_transactions
  FOR EACH ROW EXECUTE FUNCTION number_organization_transaction();

ALTER TABLE esign_transactions
  ADD CONSTRAINT esign_transactions_numbered CHECK ((org_slno IS NULL) = (org_counter IS NULL));
CREATE UNIQUE INDEX esign_transactions_org_counter ON esign_transactions (org_slno, org_counter);
`;
