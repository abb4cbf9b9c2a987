/**
 * The provider hierarchy (SPEC §1, §3): an L1 provider approves the L2 providers that
 * apply under it and hands them eSign stock and role counters out of its own.
 *
 * - A provider holds counters as an organization does, in the same ledger (migration 013): an
 *   entry and a balance belong to exactly one holder, an organization or a provider, and a
 *   provider's balances (`provider_counters`) carry the same CHECKs, so stock never goes negative.
 * - An L2 provider applies with its organization and admins; until an Enrolment Admin of its L1
 *   approves, the provider is `pending` and its admins' memberships `Pending` (they cannot act in
 *   it). A refusal leaves both `rejected` / `Rejected`, with the L1's remarks.
 * - An allocation is one act of the L1 (an Enrolment Admin of it) for one L2 provider: a line per
 *   counter it moves, each with what the L1 had before and after, so the allocation reports show
 *   the figures of that moment and always add up (after = before − allocated).
 */
export const name = '019_provider_hierarchy';

export const sql = /* sql */ `
ALTER TABLE counter_entries
  ALTER COLUMN org_slno DROP NOT NULL,
  ADD COLUMN sip_slno integer REFERENCES service_providers (sip_slno),
  ADD CONSTRAINT counter_entries_one_holder CHECK (num_nonnulls(org_slno, sip_slno) = 1);
CREATE UNIQUE INDEX counter_entries_provider_once ON counter_entries (sip_slno, counter, kind, reference)
  WHERE sip_slno IS NOT NULL AND reference IS NOT NULL;
CREATE INDEX counter_entries_provider ON counter_entries (sip_slno, counter, created_at)
  WHERE sip_slno IS NOT NULL;

CREATE TABLE provider_counters (
  sip_slno integer NOT NULL REFERENCES service_providers (sip_slno),
  counter  text NOT NULL CHECK (counter IN ('esign', 'enrolmentAdmin', 'authorizedSignatory', 'organizationUser')),
  total    integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  utilized integer NOT NULL DEFAULT 0 CHECK (utilized >= 0 AND utilized <= total),
  PRIMARY KEY (sip_slno, counter)
);

ALTER TABLE service_providers
  ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active', 'rejected'));

CREATE TABLE l2_requests (
  request_slno serial PRIMARY KEY,
  l1_sip_slno  integer NOT NULL REFERENCES service_providers (sip_slno),
  l2_sip_slno  integer NOT NULL UNIQUE REFERENCES service_providers (sip_slno),
  l2_org_slno  integer NOT NULL UNIQUE REFERENCES organizations (org_slno),
  status       text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Rejected')),
  originator   text NOT NULL,
  remarks      text,
  created_at   timestamptz NOT NULL,
  created_by   integer REFERENCES users (user_slno),
  decided_by   integer REFERENCES users (user_slno),
  decided_at   timestamptz,
  CHECK ((status = 'Pending') = (decided_at IS NULL)),
  CHECK (status <> 'Rejected' OR remarks IS NOT NULL)
);
CREATE INDEX l2_requests_l1 ON l2_requests (l1_sip_slno, created_at DESC, request_slno DESC);

-- The documents an L2 provider applies with (its commercial registration, an authorization letter).
ALTER TABLE documents ADD COLUMN l2_request_slno integer REFERENCES l2_requests (request_slno);
CREATE INDEX documents_l2_request ON documents (l2_request_slno) WHERE l2_request_slno IS NOT NULL;

CREATE TABLE provider_allocations (
  allocation_slno serial PRIMARY KEY,
  l1_sip_slno     integer NOT NULL REFERENCES service_providers (sip_slno),
  l2_sip_slno     integer NOT NULL REFERENCES service_providers (sip_slno),
  kind            text NOT NULL CHECK (kind IN ('stock', 'roles')),
  created_at      timestamptz NOT NULL,
  created_by      integer REFERENCES users (user_slno)
);
CREATE INDEX provider_allocations_l1 ON provider_allocations (l1_sip_slno, kind, created_at DESC, allocation_slno DESC);
CREATE INDEX provider_allocations_l2 ON provider_allocations (l2_sip_slno, created_at DESC);

CREATE TABLE provider_allocation_lines (
  allocation_slno integer NOT NULL REFERENCES provider_allocations (allocation_slno),
  counter         text NOT NULL CHECK (counter IN ('esign', 'enrolmentAdmin', 'authorizedSignatory', 'organizationUser')),
  quantity        integer NOT NULL CHECK (quantity > 0),
  l1_before       integer NOT NULL,
  l1_after        integer NOT NULL CHECK (l1_after >= 0 AND l1_after = l1_before - quantity),
  PRIMARY KEY (allocation_slno, counter)
);
`;
