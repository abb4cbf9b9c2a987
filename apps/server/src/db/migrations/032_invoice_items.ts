/**
 * Every paid order has a tax invoice: what an order without lines bought (a person's
 * plan or certificate, a registration fee) is written on the order when it is placed, in both
 * languages, so payments can invoice it without knowing the product. Orders with lines (counters,
 * role seats, special plans) are invoiced line by line.
 */
export const name = '032_invoice_items';

export const sql = /* sql */ `
ALTER TABLE orders ADD COLUMN item_en text, ADD COLUMN item_ar text;

UPDATE orders o SET item_en = e.plan_name, item_ar = e.plan_name_ar
  FROM esign_plans e
 WHERE o.category = 'plan' AND e.product_pricing_details_slno = o.product_pricing_details_slno;
UPDATE orders o SET item_en = c.name_en, item_ar = c.name_ar
  FROM certificate_products c
 WHERE o.category = 'certificate' AND c.product_slno = o.certificate_product_slno;
UPDATE orders o
   SET item_en = CASE a.kind WHEN 'organization' THEN 'Organization account registration fee'
                             ELSE 'Signing service provider registration fee' END,
       item_ar = CASE a.kind WHEN 'organization' THEN 'رسوم تسجيل حساب منشأة'
                             ELSE 'رسوم تسجيل مزوّد خدمة التوقيع' END
  FROM applications a
 WHERE o.category = 'registration' AND a.application_slno = o.application_slno;

ALTER TABLE orders ADD CONSTRAINT orders_item_named
  CHECK (category IN ('counter', 'role', 'special') OR (item_en IS NOT NULL AND item_ar IS NOT NULL));

-- An organization's invoices, newest first, and the registration fee of the application it came from.
CREATE INDEX orders_paid_org ON orders (org_slno, fulfilled_at DESC) WHERE org_slno IS NOT NULL AND fulfilled_at IS NOT NULL;
CREATE INDEX orders_paid_provider ON orders (sip_slno, fulfilled_at DESC) WHERE sip_slno IS NOT NULL AND fulfilled_at IS NOT NULL;
`;
