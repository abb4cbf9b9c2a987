/**
 * A provider is its own tenant: its staff, with provider roles, operate it; an
 * organization's admins no longer act for the provider above it. A decision above the configured
 * amount is first proposed by one staff member and takes effect when a second sends the same.
 */
export const name = '031_provider_staff';

export const sql = /* sql */ `
CREATE TABLE provider_staff (
  sip_slno   integer NOT NULL REFERENCES service_providers (sip_slno),
  user_slno  integer NOT NULL REFERENCES users (user_slno),
  roles      text[] NOT NULL CHECK (
    cardinality(roles) > 0 AND roles <@ ARRAY['providerAdmin', 'providerFinance', 'providerApprover']),
  is_active  boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sip_slno, user_slno)
);
CREATE INDEX provider_staff_by_user ON provider_staff (user_slno) WHERE is_active;

-- One open proposal per decision subject (a special plan request, a purchase order, an L2
-- provider's allocation); it is removed when the second staff member's decision takes effect.
CREATE TABLE provider_proposals (
  sip_slno     integer NOT NULL REFERENCES service_providers (sip_slno),
  subject      text NOT NULL,
  decision     jsonb NOT NULL,
  amount       bigint NOT NULL,
  proposed_by  integer NOT NULL REFERENCES users (user_slno),
  proposed_at  timestamptz NOT NULL,
  PRIMARY KEY (sip_slno, subject)
);
`;
