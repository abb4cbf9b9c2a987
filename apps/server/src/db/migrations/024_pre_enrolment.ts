/**
 * Pre-enrolment (SPEC §2's pre-enrolment routes): an organization, or a provider
 * applying as an L2, signs up before anyone of it has an account.
 *
 * - An application is begun by a person the identity app has just confirmed (they become its
 *   first Enrolment Admin and Authorized Signatory); until it is filed it is theirs alone, reached
 *   with a secret their browser holds (kept here only as its SHA-256) and shaped by what they
 *   type (`details`, kept as they go so nothing is lost). One open application per national id.
 * - Submitted, it waits for its e-mail address to be verified (a signed, single-use, expiring
 *   link: `email_links`, only the newest one good), then for its fee where its kind carries one
 *   (an order owned by the application, paid at the gateway), and is then filed: the provider,
 *   organization, contacts, pending memberships and the request the L1 decides (`l2_requests`).
 *   An organization enrolling for its own signing is filed as an L2 provider (SIP) under the L1
 *   as well — every organization belongs to a provider, and one directly under an L1 acts for
 *   that L1 — with its kind recorded so the L1 sees which it is deciding.
 * - Documents may belong to an application before there is an organization or an uploader.
 * - An acceptance of the subscriber agreement is recorded with its version and language.
 * - A solved proof-of-work captcha is spent once (`captcha_spent`).
 * - An Enrolment Admin may invite a person by e-mail instead of verifying them on the spot: the
 *   new-user request is Initiated (the spec's code for one not yet submitted) and names the
 *   person only by national id until they verify themselves through the invitation's link
 *   (`invitations`: signed, single-use, expiring, bound to the browser that verified); then it
 *   is theirs and Pending.
 */
export const name = '024_pre_enrolment';

export const sql = /* sql */ `
ALTER TABLE identity_challenges DROP CONSTRAINT identity_challenges_flow_check;
ALTER TABLE identity_challenges ADD CONSTRAINT identity_challenges_flow_check
  CHECK (flow IN ('login', 'enrollment', 'kycRenewal', 'orgUser', 'applicant', 'invitee'));

ALTER TABLE l2_requests
  ADD COLUMN kind text NOT NULL DEFAULT 'l2Provider' CHECK (kind IN ('l2Provider', 'organization'));

CREATE TABLE applications (
  application_slno  serial PRIMARY KEY,
  reference         text NOT NULL UNIQUE,
  token_hash        text NOT NULL UNIQUE,
  device_id         text NOT NULL,
  kind              text NOT NULL CHECK (kind IN ('organization', 'l2Provider')),
  national_id       text NOT NULL,
  person            jsonb NOT NULL,
  l1_sip_slno       integer REFERENCES service_providers (sip_slno),
  details           jsonb NOT NULL DEFAULT '{}',
  email             text,
  email_verified_at timestamptz,
  status            text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'emailPending', 'paymentPending', 'filed')),
  l2_request_slno   integer UNIQUE REFERENCES l2_requests (request_slno),
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  submitted_at      timestamptz,
  CHECK ((status = 'filed') = (l2_request_slno IS NOT NULL)),
  CHECK (status = 'draft' OR (email IS NOT NULL AND l1_sip_slno IS NOT NULL AND submitted_at IS NOT NULL)),
  CHECK (status NOT IN ('paymentPending', 'filed') OR email_verified_at IS NOT NULL)
);
CREATE UNIQUE INDEX applications_one_open ON applications (national_id) WHERE status <> 'filed';
CREATE INDEX applications_drafts ON applications (updated_at) WHERE status = 'draft';

CREATE TABLE email_links (
  nonce            text PRIMARY KEY,
  application_slno integer NOT NULL REFERENCES applications (application_slno) ON DELETE CASCADE,
  email            text NOT NULL,
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  used_at          timestamptz,
  superseded_at    timestamptz
);
CREATE INDEX email_links_application ON email_links (application_slno, created_at DESC);

ALTER TABLE documents
  ALTER COLUMN org_slno DROP NOT NULL,
  ALTER COLUMN uploaded_by DROP NOT NULL,
  ADD COLUMN application_slno integer REFERENCES applications (application_slno) ON DELETE CASCADE,
  ADD CONSTRAINT documents_owner
    CHECK (application_slno IS NOT NULL OR (org_slno IS NOT NULL AND uploaded_by IS NOT NULL));
CREATE INDEX documents_application ON documents (application_slno) WHERE application_slno IS NOT NULL;

ALTER TABLE orders
  ADD COLUMN application_slno integer REFERENCES applications (application_slno),
  DROP CONSTRAINT orders_one_owner,
  ADD CONSTRAINT orders_one_owner CHECK (num_nonnulls(user_slno, org_slno, sip_slno, application_slno) = 1),
  DROP CONSTRAINT orders_category_check,
  ADD CONSTRAINT orders_category_check CHECK (category IN ('plan', 'counter', 'role', 'special', 'registration')),
  ADD CONSTRAINT orders_registration_owner CHECK ((category = 'registration') = (application_slno IS NOT NULL));
CREATE UNIQUE INDEX orders_application_idempotency ON orders (application_slno, idempotency_key)
  WHERE application_slno IS NOT NULL;

CREATE TABLE agreement_acceptances (
  acceptance_slno  serial PRIMARY KEY,
  document         text NOT NULL CHECK (document IN ('subscriberAgreement')),
  version          text NOT NULL,
  language         text NOT NULL CHECK (language IN ('ar', 'en')),
  user_slno        integer REFERENCES users (user_slno),
  application_slno integer REFERENCES applications (application_slno) ON DELETE CASCADE,
  accepted_at      timestamptz NOT NULL,
  ip               text,
  device_id        text,
  CHECK (num_nonnulls(user_slno, application_slno) >= 1)
);
-- A solved captcha is good once: its challenge's signature is kept until the challenge expires.
CREATE TABLE captcha_spent (
  signature  text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE INDEX agreement_acceptances_user ON agreement_acceptances (user_slno) WHERE user_slno IS NOT NULL;

ALTER TABLE user_requests
  ALTER COLUMN user_slno DROP NOT NULL,
  ADD CONSTRAINT user_requests_person
    CHECK (user_slno IS NOT NULL OR (status IN ('Initiated', 'Cancelled') AND details ? 'nationalId'));

CREATE TABLE invitations (
  nonce        text PRIMARY KEY,
  request_slno integer NOT NULL UNIQUE REFERENCES user_requests (request_slno),
  national_id  text NOT NULL,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  device_id    text,
  person       jsonb,
  verified_at  timestamptz,
  used_at      timestamptz,
  CHECK ((verified_at IS NULL) = (person IS NULL))
);
`;
