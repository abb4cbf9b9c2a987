/**
 * The certificate authority: Tawqi issues digital signature certificates (DSC).
 *
 * - `certificates` holds every certificate the authority made: its own (the root, the issuing CA,
 *   the OCSP responder) and its subscribers', by serial (upper-case hex), with the DER and what the
 *   product shows of it. A subscriber's public key is certified once (`spki_sha256`): a request
 *   with a key already issued is refused.
 * - `ca_keys` holds the authority's private keys, sealed (AES-256-GCM under a key derived from
 *   CA_KEY_SECRET) — the in-process signer's store; a production signer keeps them in an HSM or
 *   KMS and this table names only which certificate is current.
 * - `crls` keeps every CRL issued, numbered (RFC 5280's cRLNumber), the newest served.
 * - `certificate_products` are what is sold (class, validity, price); an order of category
 *   `certificate` buys one.
 * - `certificate_requests`: one certificate's way from payment (or, for an organization-bound
 *   one, the request) through the key made in the browser (the PKCS#10 request, its key hashed),
 *   the approval of an enrolment admin where it is an organization's, the holder's confirmation
 *   in the identity app and acceptance of the subscriber agreement, to the issued certificate.
 */
export const name = '025_certificate_authority';

export const sql = /* sql */ `
ALTER TABLE identity_challenges DROP CONSTRAINT identity_challenges_flow_check;
ALTER TABLE identity_challenges ADD CONSTRAINT identity_challenges_flow_check
  CHECK (flow IN ('login', 'enrollment', 'kycRenewal', 'orgUser', 'applicant', 'invitee', 'certificate'));

CREATE TABLE certificates (
  serial            text PRIMARY KEY CHECK (serial ~ '^[0-9A-F]+$'),
  kind              text NOT NULL CHECK (kind IN ('root', 'issuing', 'ocsp', 'subscriber')),
  der               bytea NOT NULL,
  subject           text NOT NULL,
  issuer            text NOT NULL,
  not_before        timestamptz NOT NULL,
  not_after         timestamptz NOT NULL,
  spki_sha256       text NOT NULL,
  user_slno         integer REFERENCES users (user_slno),
  org_slno          integer REFERENCES organizations (org_slno),
  class             text,
  status            text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'revoked')),
  revoked_at        timestamptz,
  revocation_reason smallint CHECK (revocation_reason BETWEEN 0 AND 10),
  created_at        timestamptz NOT NULL,
  CHECK ((status = 'revoked') = (revoked_at IS NOT NULL)),
  CHECK ((kind = 'subscriber') = (user_slno IS NOT NULL))
);
CREATE UNIQUE INDEX certificates_one_per_key ON certificates (spki_sha256) WHERE kind = 'subscriber';
CREATE INDEX certificates_user ON certificates (user_slno, created_at DESC) WHERE user_slno IS NOT NULL;
CREATE INDEX certificates_org ON certificates (org_slno, created_at DESC) WHERE org_slno IS NOT NULL;
CREATE INDEX certificates_revoked ON certificates (revoked_at) WHERE status = 'revoked';

CREATE TABLE ca_keys (
  name        text PRIMARY KEY CHECK (name IN ('root', 'issuing', 'ocsp')),
  serial      text NOT NULL REFERENCES certificates (serial),
  sealed_key  bytea,
  updated_at  timestamptz NOT NULL
);

CREATE TABLE crls (
  crl_number  bigint PRIMARY KEY,
  der         bytea NOT NULL,
  this_update timestamptz NOT NULL,
  next_update timestamptz NOT NULL
);

CREATE TABLE certificate_products (
  product_slno     serial PRIMARY KEY,
  code             text NOT NULL UNIQUE,
  name_en          text NOT NULL,
  name_ar          text NOT NULL,
  class            text NOT NULL CHECK (class IN ('individual', 'organization')),
  validity_months  integer NOT NULL CHECK (validity_months BETWEEN 1 AND 36),
  price_halalas    bigint NOT NULL CHECK (price_halalas >= 0),
  is_active        boolean NOT NULL DEFAULT true
);
INSERT INTO certificate_products (code, name_en, name_ar, class, validity_months, price_halalas) VALUES
  ('DSC-IND-1Y', 'Individual signing certificate, 1 year', 'شهادة توقيع رقمي للأفراد، سنة واحدة', 'individual', 12, 15000),
  ('DSC-IND-2Y', 'Individual signing certificate, 2 years', 'شهادة توقيع رقمي للأفراد، سنتان', 'individual', 24, 27000),
  ('DSC-ORG-1Y', 'Organization signatory certificate, 1 year', 'شهادة توقيع رقمي لمفوض المنشأة، سنة واحدة', 'organization', 12, 25000);

ALTER TABLE orders
  ADD COLUMN certificate_product_slno integer REFERENCES certificate_products (product_slno),
  DROP CONSTRAINT orders_category_check,
  ADD CONSTRAINT orders_category_check
    CHECK (category IN ('plan', 'counter', 'role', 'special', 'registration', 'certificate')),
  DROP CONSTRAINT orders_category_owner,
  ADD CONSTRAINT orders_category_owner
    CHECK ((category IN ('plan', 'certificate')) = (user_slno IS NOT NULL)),
  ADD CONSTRAINT orders_certificate_named
    CHECK ((category = 'certificate') = (certificate_product_slno IS NOT NULL));

CREATE TABLE certificate_requests (
  request_slno      serial PRIMARY KEY,
  reference         text NOT NULL UNIQUE,
  user_slno         integer NOT NULL REFERENCES users (user_slno),
  org_slno          integer REFERENCES organizations (org_slno),
  product_slno      integer NOT NULL REFERENCES certificate_products (product_slno),
  order_slno        integer UNIQUE REFERENCES orders (order_slno),
  status            text NOT NULL CHECK (status IN
    ('keyPending', 'approvalPending', 'confirmationPending', 'issued', 'rejected', 'cancelled')),
  csr_der           bytea,
  spki_sha256       text,
  key_algorithm     text,
  certificate_serial text UNIQUE REFERENCES certificates (serial),
  acceptance_slno   integer REFERENCES agreement_acceptances (acceptance_slno),
  decided_by        integer REFERENCES users (user_slno),
  decided_at        timestamptz,
  remarks           text,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  CHECK ((csr_der IS NULL) = (spki_sha256 IS NULL)),
  CHECK (status IN ('keyPending', 'cancelled') OR csr_der IS NOT NULL),
  CHECK ((status = 'issued') = (certificate_serial IS NOT NULL))
);
CREATE INDEX certificate_requests_user ON certificate_requests (user_slno, created_at DESC);
CREATE INDEX certificate_requests_org ON certificate_requests (org_slno, status, created_at DESC)
  WHERE org_slno IS NOT NULL;
`;
