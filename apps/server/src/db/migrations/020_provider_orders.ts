/**
 * An L1 provider buys eSign counters for one of its L2 providers (SPEC §2
 * `buy/esign/plans/sipBuyCounter`): the order belongs to the L1 provider that placed it
 * (`sip_slno`, with the member who placed it in `placed_by`) and names the L2 provider whose stock
 * its payment credits (`for_sip_slno`). An order still has exactly one owner — a person, an
 * organization or a provider — and a provider's orders are counter orders with one key per
 * provider.
 */
export const name = '020_provider_orders';

export const sql = /* sql */ `
ALTER TABLE orders
  ADD COLUMN sip_slno integer REFERENCES service_providers (sip_slno),
  ADD COLUMN for_sip_slno integer REFERENCES service_providers (sip_slno),
  DROP CONSTRAINT orders_one_owner,
  ADD CONSTRAINT orders_one_owner CHECK (num_nonnulls(user_slno, org_slno, sip_slno) = 1),
  ADD CONSTRAINT orders_provider_buys_for_l2 CHECK ((sip_slno IS NULL) = (for_sip_slno IS NULL)),
  ADD CONSTRAINT orders_provider_counters CHECK (sip_slno IS NULL OR (category = 'counter' AND placed_by IS NOT NULL));
CREATE UNIQUE INDEX orders_provider_idempotency ON orders (sip_slno, idempotency_key) WHERE sip_slno IS NOT NULL;
CREATE INDEX orders_provider ON orders (sip_slno, created_at DESC) WHERE sip_slno IS NOT NULL;
`;
