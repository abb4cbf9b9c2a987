/**
 * The eSign service: the applications registered under a provider that send signing
 * requests, each with its credential (a public key or a client certificate whose key signs its
 * assertions); a transaction's request, answer and signed answer, its signer and the identity
 * app's request; each document's digest, bytes while they wait, signature and signed PDF; and the
 * webhook's deliveries. The service's own certificate (it signs its answers, JWS) is kept beside
 * the other keys of the authority.
 */
export const name = '028_esign_service';

export const sql = /* sql */ `
ALTER TABLE ca_keys DROP CONSTRAINT ca_keys_name_check;
ALTER TABLE ca_keys ADD CONSTRAINT ca_keys_name_check CHECK (name IN ('root', 'issuing', 'ocsp', 'tsa', 'esign'));
ALTER TABLE certificates DROP CONSTRAINT certificates_kind_check;
ALTER TABLE certificates ADD CONSTRAINT certificates_kind_check
  CHECK (kind IN ('root', 'issuing', 'ocsp', 'tsa', 'esign', 'subscriber'));

CREATE TABLE esign_applications (
  app_slno        serial PRIMARY KEY,
  client_id       text NOT NULL UNIQUE CHECK (client_id ~ '^[A-Za-z0-9._-]{3,64}$'),
  sip_slno        integer NOT NULL REFERENCES service_providers (sip_slno),
  -- Whose eSign counters its transactions use; none: each signer's own plan.
  org_slno        integer REFERENCES organizations (org_slno),
  name_en         text NOT NULL,
  name_ar         text NOT NULL,
  credential_kind text NOT NULL CHECK (credential_kind IN ('publicKey', 'certificate')),
  -- SPKI or X.509 certificate, PEM: the key that signs the application's assertions.
  credential      text NOT NULL,
  -- Where a signer may be sent back to (origins, exactly).
  return_origins  text[] NOT NULL,
  webhook_url     text,
  is_active       boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL
);

ALTER TABLE esign_transactions
  ADD COLUMN app_slno            integer REFERENCES esign_applications (app_slno),
  ADD COLUMN app_txn_id          text,
  ADD COLUMN request_fingerprint text,
  ADD COLUMN request_data        jsonb,
  ADD COLUMN response_data       jsonb,
  ADD COLUMN sign_response_data  text,
  ADD COLUMN error_code          text,
  ADD COLUMN response_ts         timestamptz,
  ADD COLUMN identity_trans_id   text,
  ADD COLUMN identity_random     text,
  ADD COLUMN approval_token      text UNIQUE,
  ADD COLUMN return_url          text,
  ADD COLUMN expires_at          timestamptz,
  ADD CONSTRAINT esign_transactions_app CHECK ((app_slno IS NULL) = (app_txn_id IS NULL));
CREATE UNIQUE INDEX esign_transactions_app_txn ON esign_transactions (app_slno, app_txn_id)
  WHERE app_slno IS NOT NULL;
CREATE INDEX esign_transactions_waiting ON esign_transactions (expires_at)
  WHERE status = 'pending' AND app_slno IS NOT NULL;

ALTER TABLE transaction_documents
  ADD COLUMN kind           text CHECK (kind IN ('hash', 'pdf')),
  ADD COLUMN sha256         bytea CHECK (octet_length(sha256) = 32),
  ADD COLUMN content        bytea,
  ADD COLUMN signature      bytea,
  ADD COLUMN signed_content bytea,
  ADD COLUMN position       integer;

CREATE TABLE esign_webhook_deliveries (
  delivery_slno  bigserial PRIMARY KEY,
  esign_logs_id  integer NOT NULL REFERENCES esign_transactions (esign_logs_id),
  attempt        integer NOT NULL CHECK (attempt > 0),
  due_at         timestamptz NOT NULL,
  attempted_at   timestamptz,
  http_status    integer,
  error          text,
  outcome        text NOT NULL DEFAULT 'due' CHECK (outcome IN ('due', 'delivered', 'failed', 'abandoned')),
  UNIQUE (esign_logs_id, attempt)
);
CREATE INDEX esign_webhook_deliveries_due ON esign_webhook_deliveries (due_at) WHERE outcome = 'due';
`;
