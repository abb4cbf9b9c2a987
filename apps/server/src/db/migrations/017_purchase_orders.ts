/**
 * Purchase orders (SPEC §2 `purchase/requests`): an organization orders packs from its
 * L1 provider's catalogue to pay by bank transfer — what purchase orders are for. The order is
 * made at once (its lines and amounts, migration 015); the organization records its transfer's
 * reference (paymentInitiated), and an Enrolment Admin of the provider confirms the money arrived
 * (paymentSuccess: the order is credited, once) or that it did not (paymentFailure, with remarks;
 * the organization may record another transfer). The provider's bank account is where the
 * transfer goes.
 */
export const name = '017_purchase_orders';

export const sql = /* sql */ `
ALTER TABLE service_providers
  ADD COLUMN bank_name_en text,
  ADD COLUMN bank_name_ar text,
  ADD COLUMN iban text CHECK (iban ~ '^SA[0-9]{22}$');

CREATE TABLE purchase_orders (
  request_slno        serial PRIMARY KEY,
  org_slno            integer NOT NULL REFERENCES organizations (org_slno),
  l1_sip_slno         integer NOT NULL REFERENCES service_providers (sip_slno),
  order_slno          integer NOT NULL UNIQUE REFERENCES orders (order_slno),
  status              text NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'paymentInitiated', 'paymentSuccess', 'paymentFailure')),
  transfer_reference  text,
  transfer_recorded_at timestamptz,
  decided_by          integer REFERENCES users (user_slno),
  decided_at          timestamptz,
  remarks             text,
  created_by          integer NOT NULL REFERENCES users (user_slno),
  created_at          timestamptz NOT NULL,
  CONSTRAINT purchase_orders_transfer CHECK ((status = 'pending') = (transfer_reference IS NULL))
);
CREATE INDEX purchase_orders_org ON purchase_orders (org_slno, created_at DESC);
CREATE INDEX purchase_orders_l1 ON purchase_orders (l1_sip_slno, created_at DESC);
`;
