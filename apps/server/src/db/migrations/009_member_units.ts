/**
 * Each member of an organization belongs to one of its units (SPEC §3 "Organization user grid
 * row": orgUnit): the unit is the organization's own, which a foreign key over both ids makes
 * the database check, not only the handlers. Existing members are spread over their
 * organization's active, approved units (none when it has none yet).
 */
export const name = '009_member_units';

export const sql = /* sql */ `
ALTER TABLE organization_units ADD CONSTRAINT organization_units_of_org UNIQUE (org_slno, org_unit_slno);
ALTER TABLE memberships
  ADD COLUMN org_unit_slno integer,
  ADD CONSTRAINT memberships_unit_of_org FOREIGN KEY (org_slno, org_unit_slno)
    REFERENCES organization_units (org_slno, org_unit_slno);

UPDATE memberships m SET org_unit_slno = units.org_unit_slno
  FROM (SELECT org_slno, org_unit_slno,
               row_number() OVER (PARTITION BY org_slno ORDER BY org_unit_slno) - 1 AS n,
               count(*) OVER (PARTITION BY org_slno) AS total
          FROM organization_units WHERE status = 'Approved' AND is_active) AS units
 WHERE units.org_slno = m.org_slno AND units.n = m.organization_user_slno % units.total;

CREATE INDEX memberships_org_unit ON memberships (org_slno, org_unit_slno);
CREATE INDEX memberships_org_created ON memberships (org_slno, created_at DESC, organization_user_slno DESC);
`;
