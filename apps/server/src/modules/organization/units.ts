/**
 * An organization's units (the profile's first tab, SPEC §3): the query of the declared grid.
 * The status goes out as its code; the screen words it from the one catalogue.
 */
import type { organizationUnitsGrid } from '@tawqi/api/grids';
import type { Queryable } from '../../db/pool.js';
import type { GridQuery } from '../grids.js';
import { organizationOf } from '../access/tenancy.js';

/** A unit that can take members: approved, and not deactivated. */
export const activeUnit = (alias: string): string =>
  `${alias}.is_active AND ${alias}.status = 'Approved'`;

/** Whether a unit of the organization can take a new member. */
export async function isActiveUnit(db: Queryable, org: number, unit: number): Promise<boolean> {
  const found = await db.query(
    `SELECT 1 FROM organization_units u
      WHERE u.org_slno = $1 AND u.org_unit_slno = $2 AND ${activeUnit('u')}`,
    [org, unit],
  );
  return found.rowCount === 1;
}

interface UnitRow {
  org_unit_slno: number;
  en: string;
  ar: string;
  supporting_document: string | null;
  unique_file_id: string | null;
  status: string;
  is_active: boolean;
  remarks: string | null;
  created_at: Date;
}

export const ORGANIZATION_UNITS: GridQuery<typeof organizationUnitsGrid, UnitRow> = {
  select: `SELECT u.org_unit_slno, u.name_en AS en, u.name_ar AS ar, u.supporting_document,
                  u.unique_file_id, u.status, u.is_active, u.remarks, u.created_at
             FROM organization_units u`,
  count: 'SELECT count(*) FROM organization_units u',
  where: (_body, { tenant }) => ({ where: 'u.org_slno = $1', values: [organizationOf(tenant)] }),
  order: [
    { column: 'u.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'u.org_unit_slno', type: 'int', of: (row) => row.org_unit_slno },
  ],
  row: (row, language) => ({
    orgUnitSlNo: row.org_unit_slno,
    organizationalUnitName: language === 'ar' ? row.ar : row.en,
    supportingDocument: row.supporting_document,
    createdDate: row.created_at.toISOString(),
    status: row.status,
    isActive: row.is_active,
    remarks: row.remarks,
    uniqueFileID: row.unique_file_id,
  }),
};
