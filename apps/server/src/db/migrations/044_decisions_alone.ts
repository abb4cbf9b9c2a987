/**
 * What one provider staff member decided alone, under the four-eyes amount: a day of one person's
 * decisions for the same receiver is weighed together, so a large decision split into small ones
 * still needs a second staff member (modules/providers/decisions.ts).
 */
export const name = '044_decisions_alone';

export const sql = /* sql */ `
CREATE TABLE provider_decisions_alone (
  sip_slno    integer NOT NULL REFERENCES service_providers (sip_slno),
  subject     text NOT NULL,
  receiver    text NOT NULL,
  unit        text NOT NULL CHECK (unit IN ('halalas', 'counters')),
  amount      bigint NOT NULL CHECK (amount >= 0),
  decided_by  integer NOT NULL REFERENCES users (user_slno),
  decided_at  timestamptz NOT NULL
);
CREATE INDEX provider_decisions_alone_by ON provider_decisions_alone (decided_by, receiver, unit, decided_at);
`;
