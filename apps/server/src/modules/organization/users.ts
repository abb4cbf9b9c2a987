/**
 * Manage organization users (SPEC §2 `/app/org/manage/users`, §7 "Manage organization users"):
 * the declared grid's query (its list and its export, ManageOrganizationUsers.xlsx), a member's
 * detail, and the lists its filters offer (units, employee ids). Every statement is the tenant's
 * organization's; a user of another organization is "not found" before a handler runs (the
 * contract's `records`).
 */
import type { manageUsersGrid } from '@tawqi/api/grids';
import { activeMember } from '../access/membership.js';
import {
  COUNTED_ROLES,
  maskNationalId,
  type CountedRole,
  type MemberChangeField,
  type OrgUserStatus,
  type OrganizationRole,
} from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { days, searchText, whereOf } from '../../db/paging.js';

import { AppError } from '../../http/errors.js';
import { type Handlers } from '../../http/contractRoutes.js';
import type { GridQuery } from '../grids.js';
import { localWord } from '../words.js';
import { organizationOf } from '../access/tenancy.js';
import { memberChangeHandlers } from './memberChanges.js';
import { memberStandingHandlers } from './memberStanding.js';
import { activeUnit } from './units.js';

interface MemberRow {
  organization_user_slno: number;
  user_slno: number;
  full_name_en: string;
  full_name_ar: string;
  employee_id: string;
  email: string;
  mobile: string;
  created_at: Date;
  is_active: boolean;
  status: OrgUserStatus;
  unit_en: string | null;
  unit_ar: string | null;
}

/** The manage-users flags as the statuses they choose (SPEC §7: each status 1 or 0). */
const STATUS_OF_FLAG = {
  initiated: 'Initiated',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  userRejected: 'UserRejected',
  deactivated: 'Deactivated',
} as const satisfies Record<string, OrgUserStatus>;

export const MANAGE_USERS: GridQuery<typeof manageUsersGrid, MemberRow> = {
  select: `SELECT m.organization_user_slno, m.user_slno, u.full_name_en, u.full_name_ar, m.employee_id,
                  m.email, m.mobile, m.created_at, ${activeMember('m')} AS is_active, m.status,
                  ou.name_en AS unit_en, ou.name_ar AS unit_ar
             FROM memberships m
             JOIN users u ON u.user_slno = m.user_slno
             LEFT JOIN organization_units ou ON ou.org_unit_slno = m.org_unit_slno`,
  count: 'SELECT count(*) FROM memberships m JOIN users u ON u.user_slno = m.user_slno',
  where: (body, { tenant }) => {
    const statuses = Object.entries(STATUS_OF_FLAG)
      .filter(([flag]) => body[flag as keyof typeof STATUS_OF_FLAG] === 1)
      .map(([, status]) => status);
    // Both active flags (or neither) leave the active state out of the filter.
    const active = body.active === body.inActive ? null : body.active === 1;
    const search = searchText(body.search);
    return whereOf(
      ['m.org_slno = $1', organizationOf(tenant)],
      ['m.status = ANY($1::text[])', statuses],
      // The one definition of an active member (the dashboard's count and every access check).
      active !== null && [active ? activeMember('m') : `NOT (${activeMember('m')})`],
      ...days('m.created_at', body),
      body.employeeId && ['m.employee_id = $1', body.employeeId],
      body.orgUnitSlNo && ['m.org_unit_slno = $1', body.orgUnitSlNo],
      search && [
        `u.full_name_en ILIKE '%' || $1 || '%' OR u.full_name_ar LIKE '%' || $1 || '%'
          OR m.employee_id ILIKE '%' || $1 || '%' OR m.email ILIKE '%' || $1 || '%' OR m.mobile LIKE '%' || $1 || '%'`,
        search,
      ],
    );
  },
  order: [
    { column: 'm.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'm.organization_user_slno', type: 'int', of: (row) => row.organization_user_slno },
  ],
  row: (row) => ({
    orgUnit: row.unit_en ?? '',
    orgUnitArabic: row.unit_ar ?? '',
    employeeId: row.employee_id,
    email: row.email,
    mobileNo: row.mobile,
    createdDate: row.created_at.toISOString(),
    isActive: row.is_active,
    status: row.status,
    userSlno: row.user_slno,
    fullNameEnglish: row.full_name_en,
    fullNameArabic: row.full_name_ar,
  }),
};

/** A member's detail, the lists the users screen's filters offer, and what an admin may change. */
export function organizationUserHandlers(
  deps: Pick<Deps, 'pool' | 'audit' | 'clock' | 'authority'>,
): Handlers {
  const { pool } = deps;
  return {
    viewOrganizationUser: async ({ tenant, input, language }) => {
      const { rows } = await pool.query<{
        full_name_en: string;
        full_name_ar: string;
        nationality: string;
        national_id: string;
        status: OrgUserStatus;
        mobile: string;
        email: string;
        employee_id: string;
        is_active: boolean;
        roles: string[];
        org_unit_slno: number | null;
        unit_en: string | null;
        unit_ar: string | null;
        open_changes: string[];
      }>(
        `SELECT u.full_name_en, u.full_name_ar, u.nationality, u.national_id, m.status, m.mobile, m.email,
                m.employee_id, m.is_active, m.roles, m.org_unit_slno, ou.name_en AS unit_en, ou.name_ar AS unit_ar,
                ARRAY(SELECT DISTINCT r.details->>'field' FROM user_requests r
                       WHERE r.org_slno = m.org_slno AND r.user_slno = m.user_slno AND r.kind = 'change'
                         AND r.status = 'Pending' AND r.details ? 'value') AS open_changes
           FROM memberships m
           JOIN users u ON u.user_slno = m.user_slno
           LEFT JOIN organization_units ou ON ou.org_unit_slno = m.org_unit_slno
          WHERE m.org_slno = $1 AND m.user_slno = $2`,
        [organizationOf(tenant), input.body.userSlNo],
      );
      const member = rows[0];
      if (!member) throw new AppError(404, 'NOT_FOUND');
      return {
        fullNameEnglish: member.full_name_en,
        fullNameArabic: member.full_name_ar,
        nationality: localWord(member.nationality, language),
        // Ours: the identity app gives no address (SPEC §7 shows none); these stay empty until a
        // person's address is recorded, and the screen shows "—".
        city: '',
        state: '',
        postalCode: '',
        country: '',
        nationalId: maskNationalId(member.national_id),
        status: member.status,
        mobile: member.mobile,
        email: member.email,
        organizationUnit: (language === 'ar' ? member.unit_ar : member.unit_en) ?? '',
        employeeId: member.employee_id,
        isActive: member.is_active,
        // Ours: a member takes one seat of each role counter of the roles they hold.
        organizationCountersUse: Object.fromEntries(
          COUNTED_ROLES.map((role) => [role, member.roles.includes(role) ? 1 : 0]),
        ) as Record<CountedRole, number>,
        orgUnitSlNo: member.org_unit_slno ?? 0,
        isAutoOU: false,
        roles: member.roles as OrganizationRole[],
        openChanges: member.open_changes as MemberChangeField[],
      };
    },

    organizationUnitList: async ({ tenant }) => {
      const { rows } = await pool.query<{
        org_unit_slno: number;
        name_en: string;
        name_ar: string;
      }>(
        `SELECT u.org_unit_slno, u.name_en, u.name_ar FROM organization_units u
          WHERE u.org_slno = $1 AND ${activeUnit('u')} ORDER BY u.org_unit_slno`,
        [organizationOf(tenant)],
      );
      return {
        dataList: rows.map((row) => ({
          orgUnitSlNo: row.org_unit_slno,
          organizationalUnitName: row.name_en,
          organizationalUnitNameArabic: row.name_ar,
        })),
      };
    },

    employeeIdList: async ({ tenant }) => {
      const { rows } = await pool.query<{ employee_id: string }>(
        'SELECT employee_id FROM memberships WHERE org_slno = $1 ORDER BY employee_id',
        [organizationOf(tenant)],
      );
      return { dataList: rows.map((row) => row.employee_id) };
    },

    ...memberChangeHandlers(deps),
    ...memberStandingHandlers(deps),
  };
}
