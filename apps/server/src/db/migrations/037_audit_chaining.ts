/**
 * Audit chaining off the head's lock. A transaction's records are written with it,
 * unchained (no number, no hash), taking no lock; once it has committed, one chaining pass at a
 * time (the head row's lock, held by that pass alone) numbers and chains every record waiting,
 * in the order they were written. Thirty writers at once then wait on one short pass, not on one
 * another's commits.
 *
 * - `entry_slno` (a sequence) orders what waits; `audit_slno`, `prev_hash` and `hash` are set once,
 *   by the chaining pass.
 * - The append-only trigger lets an UPDATE do only that: set the three on a record that has none,
 *   changing nothing else. The application's role is granted UPDATE on those columns alone.
 */
export const name = '037_audit_chaining';

export const sql = /* sql */ `
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
ALTER TABLE audit_log ADD COLUMN entry_slno bigint;
UPDATE audit_log SET entry_slno = audit_slno;
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
CREATE SEQUENCE audit_log_entry_slno_seq OWNED BY audit_log.entry_slno;
SELECT setval('audit_log_entry_slno_seq', coalesce((SELECT max(entry_slno) FROM audit_log), 0) + 1, false);
ALTER TABLE audit_log
  ALTER COLUMN entry_slno SET DEFAULT nextval('audit_log_entry_slno_seq'),
  ALTER COLUMN entry_slno SET NOT NULL,
  DROP CONSTRAINT audit_log_pkey,
  ADD PRIMARY KEY (entry_slno),
  ADD CONSTRAINT audit_log_audit_slno_key UNIQUE (audit_slno),
  ALTER COLUMN audit_slno DROP NOT NULL,
  ALTER COLUMN prev_hash DROP NOT NULL,
  ALTER COLUMN hash DROP NOT NULL,
  ADD CONSTRAINT audit_log_chained_whole CHECK (
    (audit_slno IS NULL AND prev_hash IS NULL AND hash IS NULL)
    OR (audit_slno IS NOT NULL AND prev_hash IS NOT NULL AND hash IS NOT NULL));
CREATE INDEX audit_log_waiting ON audit_log (entry_slno) WHERE audit_slno IS NULL;

CREATE OR REPLACE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_log'
     AND OLD.audit_slno <= coalesce(nullif(current_setting('tawqi.audit_purge_through', true), ''), '0')::bigint THEN
    RETURN OLD;
  END IF;
  -- Chaining: a record waiting gets its number and hashes, once; nothing else of it changes.
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'audit_log' AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
     AND (to_jsonb(NEW) - 'audit_slno' - 'prev_hash' - 'hash') = (to_jsonb(OLD) - 'audit_slno' - 'prev_hash' - 'hash') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % on % is refused', TG_OP, TG_TABLE_NAME;
END $$;
`;
