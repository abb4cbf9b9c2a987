/**
 * Hardening: the audit log as evidence (numbered, keyed chain, head, signed
 * checkpoints, append-only by trigger), one idempotency store, payment attempts exclusive per
 * order and orders settled once, gateway events remembered against replay, and sign-in failures
 * counted for progressive delays. The first audit log (an unkeyed chain) is kept, renamed, as it
 * was; the new chain starts empty.
 */
export const name = '002_hardening';

export const sql = /* sql */ `
ALTER TABLE audit_log RENAME TO audit_log_v1;
ALTER SEQUENCE audit_log_audit_slno_seq RENAME TO audit_log_v1_audit_slno_seq;
ALTER INDEX audit_log_pkey RENAME TO audit_log_v1_pkey;

CREATE TABLE audit_log (
  audit_slno   bigint PRIMARY KEY CHECK (audit_slno > 0),
  at           timestamptz NOT NULL,
  request_id   text,
  actor        integer,
  org_slno     integer,
  acting_role  text,
  address      text,
  device_hash  text,
  action       text NOT NULL,
  target       text,
  outcome      text NOT NULL CHECK (outcome IN ('success', 'failure', 'denied')),
  detail       jsonb NOT NULL DEFAULT '{}',
  prev_hash    text NOT NULL,
  hash         text NOT NULL
);
CREATE INDEX audit_log_actor ON audit_log (actor, at);

-- One row: the last record's number and hash, under the chain key's HMAC.
CREATE TABLE audit_head (
  id         boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_slno  bigint NOT NULL,
  last_hash  text NOT NULL,
  mac        text NOT NULL
);

CREATE TABLE audit_checkpoints (
  checkpoint_slno bigserial PRIMARY KEY,
  audit_slno      bigint NOT NULL,
  hash            text NOT NULL,
  at              timestamptz NOT NULL,
  signature       text NOT NULL
);

CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % on % is refused', TG_OP, TG_TABLE_NAME;
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_checkpoints_append_only BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_head_no_delete BEFORE DELETE ON audit_head
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_head_no_truncate BEFORE TRUNCATE ON audit_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_log_v1_append_only BEFORE UPDATE OR DELETE ON audit_log_v1
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();

-- Every call that declares an Idempotency-Key (SECURITY.md "Money"): the first request with a key
-- claims it; the same key and body again gets the stored answer; another body is refused.
CREATE TABLE idempotency_keys (
  caller        text NOT NULL,
  endpoint      text NOT NULL,
  key           text NOT NULL,
  request_hash  text NOT NULL,
  state         text NOT NULL CHECK (state IN ('in-flight', 'done')),
  answer        jsonb,
  locked_until  timestamptz NOT NULL,
  created_at    timestamptz NOT NULL,
  PRIMARY KEY (caller, endpoint, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Payment attempts: at most one open per order; an order settles once.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('initiated', 'pending', 'success', 'failure', 'cancelled', 'refunded'));
ALTER TABLE payments ADD COLUMN extra_capture boolean NOT NULL DEFAULT false;
UPDATE payments p SET status = 'cancelled', error_message = 'superseded'
 WHERE status IN ('initiated', 'pending')
   AND payment_slno <> (SELECT max(payment_slno) FROM payments q WHERE q.order_slno = p.order_slno);
CREATE UNIQUE INDEX payments_one_open_attempt ON payments (order_slno)
  WHERE status IN ('initiated', 'pending');
ALTER TABLE orders ADD COLUMN settled_payment_slno integer UNIQUE REFERENCES payments (payment_slno);
UPDATE orders o SET settled_payment_slno = (
  SELECT min(payment_slno) FROM payments p WHERE p.order_slno = o.order_slno AND p.status = 'success');

-- Gateway notifications already applied: a replayed event id is refused.
CREATE TABLE gateway_events (
  event_id    text PRIMARY KEY,
  received_at timestamptz NOT NULL
);

-- Consecutive failed sign-ins per key (an account, an address, an account on a known device).
CREATE TABLE sign_in_failures (
  key              text PRIMARY KEY,
  consecutive      integer NOT NULL CHECK (consecutive >= 0),
  last_failure_at  timestamptz NOT NULL,
  blocked_until    timestamptz NOT NULL
);
`;
