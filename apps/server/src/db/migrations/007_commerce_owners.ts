/**
 * Commerce for organizations too: an order and a purchased plan belong to
 * exactly one owner, a person or an organization (a CHECK, so no row can be both or neither);
 * payments belong to their order. An organization's orders keep the same idempotency rule as a
 * person's (one order per owner and key), and its lists are indexed for their grids. Existing rows
 * are all a person's, so they satisfy the rule as they are.
 */
export const name = '007_commerce_owners';

export const sql = /* sql */ `
ALTER TABLE orders
  ALTER COLUMN user_slno DROP NOT NULL,
  ADD COLUMN org_slno integer REFERENCES organizations (org_slno),
  ADD CONSTRAINT orders_one_owner CHECK ((user_slno IS NULL) <> (org_slno IS NULL));
CREATE UNIQUE INDEX orders_org_idempotency ON orders (org_slno, idempotency_key) WHERE org_slno IS NOT NULL;
CREATE INDEX orders_org ON orders (org_slno, created_at DESC) WHERE org_slno IS NOT NULL;

ALTER TABLE purchased_plans
  ALTER COLUMN user_slno DROP NOT NULL,
  ADD COLUMN org_slno integer REFERENCES organizations (org_slno),
  ADD CONSTRAINT purchased_plans_one_owner CHECK ((user_slno IS NULL) <> (org_slno IS NULL));
CREATE INDEX purchased_plans_org ON purchased_plans (org_slno, created_at DESC) WHERE org_slno IS NOT NULL;
`;
