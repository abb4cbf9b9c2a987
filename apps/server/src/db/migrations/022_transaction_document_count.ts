/**
 * A transaction keeps the count of its documents (a hot path): a page of "my
 * transactions" counted each row's documents in a subquery, a third of the page's database time
 * (`npm run bench`). The count is kept by the database itself, on every insert, delete or move of
 * a document, so no writer can forget it; it starts from the documents there are.
 */
export const name = '022_transaction_document_count';

export const sql = /* sql */ `
ALTER TABLE esign_transactions
  ADD COLUMN document_count integer NOT NULL DEFAULT 0 CHECK (document_count >= 0);

UPDATE esign_transactions t SET document_count = d.count
  FROM (SELECT esign_logs_id, count(*) AS count FROM transaction_documents GROUP BY esign_logs_id) d
 WHERE d.esign_logs_id = t.esign_logs_id;

CREATE FUNCTION count_transaction_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE esign_transactions SET document_count = document_count - 1
     WHERE esign_logs_id = OLD.esign_logs_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE esign_transactions SET document_count = document_count + 1
     WHERE esign_logs_id = NEW.esign_logs_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER transaction_documents_count
  AFTER INSERT OR DELETE OR UPDATE OF esign_logs_id ON transaction_documents
  FOR EACH ROW EXECUTE FUNCTION count_transaction_documents();
`;
