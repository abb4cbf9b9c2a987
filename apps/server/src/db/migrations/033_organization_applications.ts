/**
 * An organization applies as an organization: its application made it an L2 provider
 * too (a pending provider of its own, its applicant that provider's staff once approved). Now an
 * organization's request to an L1 names no provider: the organization is the L1's customer from
 * the start. Requests already filed are mended: their organization hangs under the L1, and the
 * provider made for it is kept, refused, for the record.
 */
export const name = '033_organization_applications';

export const sql = /* sql */ `
ALTER TABLE l2_requests ALTER COLUMN l2_sip_slno DROP NOT NULL;

UPDATE organizations o SET sip_slno = r.l1_sip_slno
  FROM l2_requests r WHERE r.kind = 'organization' AND o.org_slno = r.l2_org_slno;
DELETE FROM provider_staff s USING l2_requests r
 WHERE r.kind = 'organization' AND s.sip_slno = r.l2_sip_slno;
UPDATE service_providers p SET status = 'rejected'
  FROM l2_requests r WHERE r.kind = 'organization' AND p.sip_slno = r.l2_sip_slno;
UPDATE l2_requests SET l2_sip_slno = NULL WHERE kind = 'organization';

ALTER TABLE l2_requests ADD CONSTRAINT l2_requests_provider_of_kind
  CHECK ((kind = 'l2Provider') = (l2_sip_slno IS NOT NULL));
`;
