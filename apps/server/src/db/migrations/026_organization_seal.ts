/**
 * An organization's seal (SPEC §3 "Organization profile": digitalSealStatus): a
 * certificate naming the organization itself, asked for by its authorized signatory. A product
 * says whom its certificates name (`subject`); the seal's status is read from its requests and
 * certificates, so the stored column of migration 006, which nothing kept up to date, goes.
 */
export const name = '026_organization_seal';

export const sql = /* sql */ `
ALTER TABLE certificate_products
  ADD COLUMN subject text NOT NULL DEFAULT 'person' CHECK (subject IN ('person', 'organization'));
INSERT INTO certificate_products (code, name_en, name_ar, class, validity_months, price_halalas, subject) VALUES
  ('DSC-ORG-SEAL', 'Organization seal certificate, 1 year', 'شهادة ختم المنشأة الرقمي، سنة واحدة', 'organization', 12, 0, 'organization');

ALTER TABLE organizations DROP COLUMN digital_seal_status;
`;
