/**
 * An organization buys: packs of eSign counters its L1 provider sells, and packs of
 * role seats, several in one order.
 * - `pax_plans` is what can be bought (SPEC §3 "User pax rows"): a pack of `pax_size` counters or
 *   seats at a price before VAT. A counter pack is sold by one L1 provider and gives a lot of an
 *   eSign plan (its product and validity); a role pack is Tawqi's.
 * - An organization's order has lines (`order_lines`), each a copy of what was sold (name, size,
 *   price, VAT at the time), so a later change of the catalogue never changes a past order.
 * - `orders.category` says what an order buys: a person's plan, an organization's counters or its
 *   role seats; `placed_by` is the member who ordered; `fulfilled_at` is when what was bought was
 *   credited (once: under the order's lock, modules/payments).
 * - An order with two counter lines makes two lots: a lot names its order line.
 * The organizations' orders written before (the demo world's lots) become counter orders with one
 * line each, fulfilled when their lot was made.
 */
export const name = '015_organization_orders';

export const sql = /* sql */ `
CREATE TABLE pax_plans (
  pax_slno       serial PRIMARY KEY,
  pax_unique_id  text NOT NULL UNIQUE,
  category       text NOT NULL CHECK (category IN ('counter', 'role')),
  counter        text NOT NULL CHECK (counter IN ('esign', 'enrolmentAdmin', 'authorizedSignatory', 'organizationUser')),
  pax_size       integer NOT NULL CHECK (pax_size > 0),
  price_halalas  bigint NOT NULL CHECK (price_halalas >= 0),
  name_en        text NOT NULL,
  name_ar        text NOT NULL,
  description_en text NOT NULL,
  description_ar text NOT NULL,
  sip_slno       integer REFERENCES service_providers (sip_slno),
  product_pricing_details_slno integer REFERENCES esign_plans (product_pricing_details_slno),
  is_active      boolean NOT NULL DEFAULT true,
  CONSTRAINT pax_plans_counter_kind CHECK ((category = 'counter') = (counter = 'esign')),
  CONSTRAINT pax_plans_counter_lot CHECK (
    (category = 'counter') = (sip_slno IS NOT NULL AND product_pricing_details_slno IS NOT NULL))
);
CREATE INDEX pax_plans_sip ON pax_plans (sip_slno, category) WHERE is_active;

ALTER TABLE orders
  ALTER COLUMN product_pricing_details_slno DROP NOT NULL,
  ADD COLUMN category text NOT NULL DEFAULT 'plan' CHECK (category IN ('plan', 'counter', 'role')),
  ADD COLUMN placed_by integer REFERENCES users (user_slno),
  ADD COLUMN fulfilled_at timestamptz;
UPDATE orders SET category = 'counter' WHERE org_slno IS NOT NULL;
UPDATE orders o SET fulfilled_at = p.created_at
  FROM purchased_plans p WHERE p.order_slno = o.order_slno;
ALTER TABLE orders
  ADD CONSTRAINT orders_category_owner CHECK ((category = 'plan') = (user_slno IS NOT NULL)),
  ADD CONSTRAINT orders_plan_named CHECK (category <> 'plan' OR product_pricing_details_slno IS NOT NULL);
CREATE INDEX orders_org_category ON orders (org_slno, category, created_at DESC) WHERE org_slno IS NOT NULL;

CREATE TABLE order_lines (
  order_slno         integer NOT NULL REFERENCES orders (order_slno),
  line_no            smallint NOT NULL CHECK (line_no > 0),
  pax_slno           integer REFERENCES pax_plans (pax_slno),
  counter            text NOT NULL CHECK (counter IN ('esign', 'enrolmentAdmin', 'authorizedSignatory', 'organizationUser')),
  name_en            text NOT NULL,
  name_ar            text NOT NULL,
  pax_size           integer NOT NULL CHECK (pax_size > 0),
  quantity           integer NOT NULL CHECK (quantity > 0),
  unit_price_halalas bigint NOT NULL CHECK (unit_price_halalas >= 0),
  price_halalas      bigint NOT NULL CHECK (price_halalas >= 0),
  tax_halalas        bigint NOT NULL CHECK (tax_halalas >= 0),
  total_halalas      bigint NOT NULL CHECK (total_halalas = price_halalas + tax_halalas),
  product_pricing_details_slno integer REFERENCES esign_plans (product_pricing_details_slno),
  validity_months    integer CHECK (validity_months > 0),
  PRIMARY KEY (order_slno, line_no),
  CONSTRAINT order_lines_counter_lot CHECK (
    (counter = 'esign') = (product_pricing_details_slno IS NOT NULL AND validity_months IS NOT NULL))
);

INSERT INTO order_lines (order_slno, line_no, counter, name_en, name_ar, pax_size, quantity,
                         unit_price_halalas, price_halalas, tax_halalas, total_halalas,
                         product_pricing_details_slno, validity_months)
SELECT o.order_slno, 1, 'esign', e.plan_name, e.plan_name_ar, e.transaction_limit, o.quantity,
       e.price_halalas, o.price_halalas, o.tax_halalas, o.total_halalas,
       e.product_pricing_details_slno, e.validity_months
  FROM orders o JOIN esign_plans e USING (product_pricing_details_slno)
 WHERE o.org_slno IS NOT NULL;

ALTER TABLE purchased_plans
  DROP CONSTRAINT purchased_plans_order_slno_key,
  ADD COLUMN order_line_no smallint;
UPDATE purchased_plans SET order_line_no = 1 WHERE org_slno IS NOT NULL AND order_slno IS NOT NULL;
CREATE UNIQUE INDEX purchased_plans_order_line ON purchased_plans (order_slno, coalesce(order_line_no, 0));
`;
