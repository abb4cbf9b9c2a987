/**
 * Upload scanning and audit retention.
 *
 * - `quarantined_uploads`: what the malware scanner flagged, kept for the operator to look at and
 *   served to nobody. The application's role may only add to it (roles.ts revokes reading it).
 * - `audit_purges`: each purge of audit records older than the retention period, naming the
 *   signed checkpoint the purge cut at; the verifier starts the chain from it.
 * - The append-only trigger lets the owner delete audit records up to such a checkpoint, inside
 *   the purge's transaction (which says how far with `tawqi.audit_purge_through`, a checkpoint's
 *   number), and nothing else: the application's role has no DELETE on the log at all.
 */
export const name = '036_quarantine';

export const sql = /* sql */ `
CREATE TABLE quarantined_uploads (
  quarantine_slno bigserial PRIMARY KEY,
  at         timestamptz NOT NULL,
  source     text NOT NULL,
  finding    text NOT NULL,
  sha256     text NOT NULL,
  size       integer NOT NULL,
  name       text,
  media_type text,
  actor      integer,
  org_slno   integer,
  address    text,
  content    bytea NOT NULL
);
CREATE INDEX quarantined_uploads_at ON quarantined_uploads (at);

CREATE TABLE audit_purges (
  purge_slno    bigserial PRIMARY KEY,
  at            timestamptz NOT NULL,
  through_slno  bigint NOT NULL CHECK (through_slno > 0),
  through_hash  text NOT NULL,
  records       bigint NOT NULL,
  older_than    timestamptz NOT NULL
);

CREATE OR REPLACE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_log'
     AND OLD.audit_slno <= coalesce(nullif(current_setting('tawqi.audit_purge_through', true), ''), '0')::bigint THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % on % is refused', TG_OP, TG_TABLE_NAME;
END $$;
CREATE TRIGGER audit_purges_append_only BEFORE UPDATE OR DELETE ON audit_purges
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_purges_no_truncate BEFORE TRUNCATE ON audit_purges
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
`;
