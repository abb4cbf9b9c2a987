/**
 * An organization's units (the profile's first tab, SPEC §3): the query of the declared grid.
 * The status goes out as its code; the screen words it from the one catalogue.
 */
import type { organizationUnitsGrid } from '@tawqi/api/grids';
import type { GridQuery } from '../grids.js';
import { organizationOf } from './transactions.js';

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
  page: (body) => ({ limit: body.pageSize, offset: (body.pageNumber - 1) * body.pageSize }),
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
