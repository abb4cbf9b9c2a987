/**
 * Special plans (SPEC §2 `purchase/special/plan`): an organization asks its L1 provider
 * for a negotiated plan — so many eSign counters or seats of a role, with why — and an Enrolment
 * Admin of that provider's organization prices it (approved) or refuses it (rejected, with
 * remarks). Approving makes the order the organization then pays at the gateway (category
 * `special`, one line); once paid it is credited like any other order. What the payment did is
 * read from the order, so the request's own status is only the provider's decision.
 * A special lot of counters has its own validity, not an eSign plan's: an organization's lot
 * (and an order line) need not name an eSign plan; a person's plan still does.
 */
export const name = '016_special_plans';

export const sql = /* sql */ `
ALTER TABLE orders DROP CONSTRAINT orders_category_check;
ALTER TABLE orders ADD CONSTRAINT orders_category_check
  CHECK (category IN ('plan', 'counter', 'role', 'special'));

ALTER TABLE order_lines DROP CONSTRAINT order_lines_counter_lot;
ALTER TABLE order_lines ADD CONSTRAINT order_lines_counter_lot
  CHECK ((counter = 'esign') = (validity_months IS NOT NULL));

ALTER TABLE purchased_plans
  ALTER COLUMN product_pricing_details_slno DROP NOT NULL,
  ADD CONSTRAINT purchased_plans_person_plan
    CHECK (user_slno IS NULL OR product_pricing_details_slno IS NOT NULL);

CREATE TABLE special_plan_requests (
  request_slno    serial PRIMARY KEY,
  org_slno        integer NOT NULL REFERENCES organizations (org_slno),
  -- The L1 provider asked: the organization's own, or its L2 provider's parent, when asked.
  l1_sip_slno     integer NOT NULL REFERENCES service_providers (sip_slno),
  counter         text NOT NULL CHECK (counter IN ('esign', 'enrolmentAdmin', 'authorizedSignatory', 'organizationUser')),
  quantity        integer NOT NULL CHECK (quantity > 0),
  justification   text NOT NULL,
  status          text NOT NULL DEFAULT 'pendingForApproval'
                  CHECK (status IN ('pendingForApproval', 'approved', 'rejected')),
  requested_by    integer NOT NULL REFERENCES users (user_slno),
  requested_at    timestamptz NOT NULL,
  decided_by      integer REFERENCES users (user_slno),
  decided_at      timestamptz,
  remarks         text,
  order_slno      integer UNIQUE REFERENCES orders (order_slno),
  idempotency_key text NOT NULL,
  UNIQUE (org_slno, idempotency_key),
  CONSTRAINT special_plan_requests_order CHECK ((status = 'approved') = (order_slno IS NOT NULL)),
  CONSTRAINT special_plan_requests_decided CHECK ((status = 'pendingForApproval') = (decided_at IS NULL))
);
CREATE INDEX special_plan_requests_org ON special_plan_requests (org_slno, requested_at DESC);
CREATE INDEX special_plan_requests_l1 ON special_plan_requests (l1_sip_slno, requested_at DESC);
`;
