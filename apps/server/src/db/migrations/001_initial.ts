/**
 * The first schema: people, organizations and providers, sessions and their proofs, identity-app
 * challenges, one-time codes, the outbox, audit, reference data, plans, orders and payments,
 * purchased plans, transactions and documents, devices, notifications, agreements, contact.
 * Money is in integer halalas; times are timestamptz (UTC).
 */
export const name = '001_initial';

export const sql = /* sql */ `
CREATE TABLE service_providers (
  sip_slno        serial PRIMARY KEY,
  sip_id          text NOT NULL UNIQUE,
  name_en         text NOT NULL,
  name_ar         text NOT NULL,
  level           text NOT NULL CHECK (level IN ('L1', 'L2')),
  parent_sip_slno integer REFERENCES service_providers (sip_slno),
  CHECK ((level = 'L1') = (parent_sip_slno IS NULL))
);

CREATE TABLE organizations (
  org_slno          serial PRIMARY KEY,
  organization_type integer NOT NULL,
  sip_slno          integer NOT NULL REFERENCES service_providers (sip_slno),
  name_en           text NOT NULL,
  name_ar           text NOT NULL,
  cr_number         text NOT NULL,
  unified_org_no    text NOT NULL,
  email             text NOT NULL,
  telephone         text NOT NULL,
  address           text NOT NULL,
  city              text NOT NULL,
  region            text NOT NULL,
  postal_code       text NOT NULL,
  valid_till        date NOT NULL
);

CREATE TABLE users (
  user_slno        serial PRIMARY KEY,
  national_id      text NOT NULL UNIQUE,
  full_name_en     text NOT NULL,
  full_name_ar     text NOT NULL,
  nationality      text NOT NULL DEFAULT 'Saudi Arabia',
  email            text,
  mobile           text,
  username         text UNIQUE,
  password_hash    text,
  kyc_valid_till   date,
  failed_logins    integer NOT NULL DEFAULT 0 CHECK (failed_logins >= 0),
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  organization_user_slno serial PRIMARY KEY,
  user_slno    integer NOT NULL REFERENCES users (user_slno),
  org_slno     integer NOT NULL REFERENCES organizations (org_slno),
  roles        text[] NOT NULL,
  employee_id  text NOT NULL,
  email        text NOT NULL,
  mobile       text NOT NULL,
  is_active    boolean NOT NULL DEFAULT true,
  status       text NOT NULL DEFAULT 'Approved',
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_slno, org_slno)
);

-- A session is one sign-in on one device; its refresh tokens form one family.
CREATE TABLE sessions (
  session_id          uuid PRIMARY KEY,
  user_slno           integer NOT NULL REFERENCES users (user_slno),
  device_id           text NOT NULL,
  created_at          timestamptz NOT NULL,
  last_seen_at        timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  revoked_at          timestamptz,
  revoke_reason       text
);
CREATE INDEX sessions_user ON sessions (user_slno);

-- Refresh tokens are stored only as SHA-256 hashes (SECURITY.md).
CREATE TABLE refresh_tokens (
  token_hash   text PRIMARY KEY,
  session_id   uuid NOT NULL REFERENCES sessions (session_id),
  created_at   timestamptz NOT NULL,
  used_at      timestamptz,
  replaced_by  text
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

CREATE TABLE identity_challenges (
  trans_id     text PRIMARY KEY,
  flow         text NOT NULL CHECK (flow IN ('login', 'enrollment', 'kycRenewal', 'orgUser')),
  national_id  text NOT NULL,
  device_id    text NOT NULL,
  random       text NOT NULL,
  status       text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'COMPLETED', 'REJECTED', 'EXPIRED', 'CONSUMED')),
  user_slno    integer REFERENCES users (user_slno),
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX identity_challenges_national_id ON identity_challenges (national_id, created_at);

-- One-time codes, stored only as hashes; only the latest of a user is valid.
CREATE TABLE otp_codes (
  otp_reference text PRIMARY KEY,
  user_slno     integer REFERENCES users (user_slno),
  code_hash     text NOT NULL,
  device_id     text NOT NULL,
  attempts      integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz,
  superseded    boolean NOT NULL DEFAULT false
);

CREATE TABLE outbox (
  outbox_slno serial PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient   text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL
);

-- Append-only, hash-chained: each row's hash covers the previous row's hash.
CREATE TABLE audit_log (
  audit_slno   bigserial PRIMARY KEY,
  at           timestamptz NOT NULL,
  actor        integer,
  org_slno     integer,
  device_id    text,
  action       text NOT NULL,
  detail       jsonb NOT NULL DEFAULT '{}',
  prev_hash    text NOT NULL,
  hash         text NOT NULL
);

-- The ES256 key that signs access tokens, shared by every instance (the server is stateless).
CREATE TABLE signing_keys (
  kid         text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk  jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rate_limit_hits (
  bucket      text PRIMARY KEY,
  hits        integer NOT NULL,
  window_ends timestamptz NOT NULL
);

CREATE TABLE countries (
  country_slno serial PRIMARY KEY,
  name_en      text NOT NULL,
  name_ar      text NOT NULL,
  isd_code     text NOT NULL
);
CREATE TABLE regions (
  state_slno   serial PRIMARY KEY,
  country_slno integer NOT NULL REFERENCES countries (country_slno),
  name_en      text NOT NULL,
  name_ar      text NOT NULL
);
CREATE TABLE cities (
  city_slno  serial PRIMARY KEY,
  state_slno integer NOT NULL REFERENCES regions (state_slno),
  name_en    text NOT NULL,
  name_ar    text NOT NULL
);

CREATE TABLE esign_plans (
  product_pricing_details_slno serial PRIMARY KEY,
  plan_name         text NOT NULL,
  plan_name_ar      text NOT NULL,
  product_name      text NOT NULL,
  transaction_limit integer NOT NULL CHECK (transaction_limit > 0),
  validity_months   integer NOT NULL CHECK (validity_months > 0),
  price_halalas     bigint NOT NULL CHECK (price_halalas >= 0),
  is_welcome_pack   boolean NOT NULL DEFAULT false,
  is_active         boolean NOT NULL DEFAULT true
);

CREATE TABLE orders (
  order_slno     serial PRIMARY KEY,
  encoded_id     text NOT NULL UNIQUE,
  user_slno      integer NOT NULL REFERENCES users (user_slno),
  product_pricing_details_slno integer NOT NULL REFERENCES esign_plans (product_pricing_details_slno),
  quantity       integer NOT NULL CHECK (quantity > 0),
  price_halalas  bigint NOT NULL CHECK (price_halalas >= 0),
  tax_halalas    bigint NOT NULL CHECK (tax_halalas >= 0),
  total_halalas  bigint NOT NULL CHECK (total_halalas = price_halalas + tax_halalas),
  idempotency_key text NOT NULL,
  created_at     timestamptz NOT NULL,
  UNIQUE (user_slno, idempotency_key)
);

CREATE TABLE payments (
  payment_slno   serial PRIMARY KEY,
  encoded_id     text NOT NULL UNIQUE,
  order_slno     integer NOT NULL REFERENCES orders (order_slno),
  gateway_ref    text UNIQUE,
  payment_url    text,
  status         text NOT NULL CHECK (status IN ('initiated', 'pending', 'success', 'failure')),
  amount_halalas bigint NOT NULL CHECK (amount_halalas >= 0),
  error_message  text,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);

-- A plan the user holds; the balance never goes below zero.
CREATE TABLE purchased_plans (
  purchased_plan_slno serial PRIMARY KEY,
  plan_unique_id text NOT NULL UNIQUE,
  user_slno      integer NOT NULL REFERENCES users (user_slno),
  product_pricing_details_slno integer NOT NULL REFERENCES esign_plans (product_pricing_details_slno),
  order_slno     integer UNIQUE REFERENCES orders (order_slno),
  transactions   integer NOT NULL CHECK (transactions > 0),
  utilized       integer NOT NULL DEFAULT 0 CHECK (utilized >= 0 AND utilized <= transactions),
  valid_from     date NOT NULL,
  valid_to       date NOT NULL,
  created_at     timestamptz NOT NULL
);

CREATE TABLE esign_transactions (
  esign_logs_id     serial PRIMARY KEY,
  transaction_id    text NOT NULL UNIQUE,
  user_slno         integer NOT NULL REFERENCES users (user_slno),
  org_slno          integer REFERENCES organizations (org_slno),
  plan_type         text NOT NULL,
  user_role         text NOT NULL,
  status            text NOT NULL CHECK (status IN ('success', 'failed', 'pending')),
  originator        text NOT NULL,
  transaction_date  timestamptz NOT NULL
);
CREATE INDEX esign_transactions_user_date ON esign_transactions (user_slno, transaction_date DESC);

CREATE TABLE transaction_documents (
  document_slno   serial PRIMARY KEY,
  esign_logs_id   integer NOT NULL REFERENCES esign_transactions (esign_logs_id),
  document_name   text NOT NULL,
  unique_file_id  text NOT NULL UNIQUE
);

CREATE TABLE registered_devices (
  device_slno  serial PRIMARY KEY,
  user_slno    integer NOT NULL REFERENCES users (user_slno),
  device_id    text NOT NULL,
  device_type  text NOT NULL,
  device_model text NOT NULL,
  app_version  text NOT NULL,
  created_at   timestamptz NOT NULL,
  UNIQUE (user_slno, device_id)
);

CREATE TABLE notifications (
  notification_slno serial PRIMARY KEY,
  user_slno  integer NOT NULL REFERENCES users (user_slno),
  title_en   text NOT NULL,
  title_ar   text NOT NULL,
  message_en text NOT NULL,
  message_ar text NOT NULL,
  is_read    boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);

CREATE TABLE agreements (
  agreement_slno serial PRIMARY KEY,
  user_slno      integer NOT NULL REFERENCES users (user_slno),
  org_slno       integer REFERENCES organizations (org_slno),
  user_type      text NOT NULL,
  unique_file_id text NOT NULL UNIQUE,
  file_name      text NOT NULL,
  content        bytea NOT NULL
);

CREATE TABLE contact_messages (
  contact_slno     serial PRIMARY KEY,
  reference_number text NOT NULL UNIQUE,
  name             text NOT NULL,
  email            text NOT NULL,
  mobile           text,
  subject          text NOT NULL,
  message          text NOT NULL,
  created_at       timestamptz NOT NULL
);
`;
