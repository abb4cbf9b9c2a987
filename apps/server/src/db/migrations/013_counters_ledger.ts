/**
 * One counters ledger: every change to an organization's eSign counters and role seats
 * is an entry — an opening balance, a purchase, an allocation from a provider (in) or to an L2
 * (out), a consumption by a signature or a member, a release, an expiry — with its quantity,
 * reason and reference, append-only. The balances (`organization_counters`) are kept beside it
 * in the same transaction (modules/counters/ledger.ts); their CHECKs mean a balance can never go
 * negative, whatever the code does. A reference makes an entry happen once: a payment credited
 * twice, or a signature consumed twice, is one entry.
 *
 * Balances written before the ledger become its opening entries, so the ledger and the balances
 * agree from the start.
 */
export const name = '013_counters_ledger';

export const sql = /* sql */ `
CREATE TABLE counter_entries (
  entry_slno bigserial PRIMARY KEY,
  org_slno   integer NOT NULL REFERENCES organizations (org_slno),
  counter    text NOT NULL CHECK (counter IN ('esign', 'enrolmentAdmin', 'authorizedSignatory', 'organizationUser')),
  kind       text NOT NULL CHECK (kind IN ('opening', 'purchase', 'allocationIn', 'allocationOut', 'consumption', 'release', 'expiry')),
  quantity   integer NOT NULL CHECK (quantity > 0),
  reason     text NOT NULL,
  reference  text,
  created_at timestamptz NOT NULL,
  created_by integer REFERENCES users (user_slno)
);
CREATE UNIQUE INDEX counter_entries_once ON counter_entries (org_slno, counter, kind, reference)
  WHERE reference IS NOT NULL;
CREATE INDEX counter_entries_org ON counter_entries (org_slno, counter, created_at);

CREATE FUNCTION counter_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the counters ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME;
END
$$;
CREATE TRIGGER counter_entries_append_only BEFORE UPDATE OR DELETE ON counter_entries
  FOR EACH ROW EXECUTE FUNCTION counter_entries_append_only();
CREATE TRIGGER counter_entries_no_truncate BEFORE TRUNCATE ON counter_entries
  FOR EACH STATEMENT EXECUTE FUNCTION counter_entries_append_only();

INSERT INTO counter_entries (org_slno, counter, kind, quantity, reason, created_at)
  SELECT org_slno, counter, 'opening', total, 'Balance before the ledger', now()
    FROM organization_counters WHERE total > 0;
INSERT INTO counter_entries (org_slno, counter, kind, quantity, reason, created_at)
  SELECT org_slno, counter, 'consumption', utilized, 'Used before the ledger', now()
    FROM organization_counters WHERE utilized > 0;
`;
