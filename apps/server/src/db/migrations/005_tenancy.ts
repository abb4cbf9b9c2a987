/**
 * One tenancy rule: an organization's query id (SPEC §6, domain `queryIdOf`) kept by
 * the database itself, so a request's query id is resolved with an index and cannot drift from
 * the domain's rule (a test holds them equal). Not unique on purpose: organizations may share one,
 * and the server refuses a query id that names more than one of the caller's organizations.
 * Indexes for the lookups every organization call makes: its tenant and its records.
 */
export const name = '005_tenancy';

export const sql = /* sql */ `
ALTER TABLE organizations ADD COLUMN query_id integer NOT NULL
  GENERATED ALWAYS AS (CASE WHEN organization_type = 1 THEN org_slno ELSE sip_slno END) STORED;
CREATE INDEX organizations_query_id ON organizations (query_id);
CREATE INDEX organizations_sip ON organizations (sip_slno);
CREATE INDEX memberships_org ON memberships (org_slno);
CREATE INDEX service_providers_parent ON service_providers (parent_sip_slno);
CREATE INDEX esign_transactions_org ON esign_transactions (org_slno, esign_logs_id);
`;
