/**
 * The first organization calls on the tenant context (issue 13, item 9): the Enrolment Admin's
 * dashboard and the organization profile's tabs. Every statement is selected by the tenant's
 * organization slno (`context.tenant`, resolved and authorized before the handler runs), never
 * by an id from the request, so an answer cannot hold another organization's data.
 */
import { COUNTED_ROLES, type CountedRole, type Language } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import type { HandlerContext, Handlers } from '../../http/contractRoutes.js';
import {
  changeRequestsGrid,
  manageUsersGrid,
  newUserApprovalsGrid,
  orgEsignTransactionsGrid,
  organizationUnitsGrid,
  uavRequestsGrid,
  esignDeductionSummaryGrid,
  roleAllocationHistoryGrid,
} from '@tawqi/api/grids';
import { gridHandlers } from '../grids.js';
import { localWord } from '../words.js';
import {
  ORG_TRANSACTIONS,
  ORG_TRANSACTION_SELECT,
  orgTransactionOf,
  organizationOf,
  type OrgTransactionRow,
} from './transactions.js';
import { ORGANIZATION_UNITS } from './units.js';
import { MANAGE_USERS, organizationUserHandlers } from './users.js';
import { CHANGE_REQUESTS, NEW_USER_REQUESTS, approvalHandlers } from './approvals.js';
import { UAV_REQUESTS, newUserHandlers } from './newUsers.js';
import { ROLE_ALLOCATIONS, esignDeductions } from './reports.js';
import { settleExpiredLots } from '../counters/lots.js';

const bilingual = (row: { en: string; ar: string }, language: Language) =>
  language === 'ar' ? row.ar : row.en;

/** How many transactions the dashboard lists (the full list is the transactions screen). */
const RECENT_TRANSACTIONS = 5;

interface CounterRow {
  counter: string;
  total: number;
  utilized: number;
}

const countsOf = (row: CounterRow | undefined) => ({
  total: row?.total ?? 0,
  utilized: row?.utilized ?? 0,
  remaining: (row?.total ?? 0) - (row?.utilized ?? 0),
});

/** Each counted role's seats, as the dashboard and the role counter report show them. */
function roleCountsOf(rows: readonly CounterRow[]) {
  return Object.fromEntries(
    COUNTED_ROLES.map((role) => [role, countsOf(rows.find((row) => row.counter === role))]),
  ) as Record<CountedRole, ReturnType<typeof countsOf>>;
}

export function organizationHandlers(deps: Deps): Handlers {
  const { pool } = deps;

  async function dashboard({ tenant, language }: HandlerContext) {
    const org = organizationOf(tenant);
    // What has expired leaves the counters before they are read.
    await settleExpiredLots(pool, org, deps.clock());
    const [people, counters, recent] = await Promise.all([
      pool.query<{
        total_users: number;
        active_users: number;
        pending_approvals: number;
        pending_changes: number;
      }>(
        `SELECT (SELECT count(*) FROM memberships WHERE org_slno = $1 AND status IN ('Approved', 'Deactivated')) AS total_users,
                (SELECT count(*) FROM memberships WHERE org_slno = $1 AND status = 'Approved' AND is_active) AS active_users,
                (SELECT count(*) FROM user_requests WHERE org_slno = $1 AND kind = 'newUser' AND status = 'Pending') AS pending_approvals,
                (SELECT count(*) FROM user_requests WHERE org_slno = $1 AND kind = 'change' AND status = 'Pending') AS pending_changes`,
        [org],
      ),
      pool.query<CounterRow>(
        'SELECT counter, total, utilized FROM organization_counters WHERE org_slno = $1',
        [org],
      ),
      pool.query<OrgTransactionRow>(
        `${ORG_TRANSACTION_SELECT} WHERE t.org_slno = $1
          ORDER BY t.transaction_date DESC, t.esign_logs_id DESC
          LIMIT ${String(RECENT_TRANSACTIONS)}`,
        [org],
      ),
    ]);
    const counts = people.rows[0];
    const counter = (name: string) => counters.rows.find((row) => row.counter === name);
    return {
      totalUsers: counts?.total_users ?? 0,
      activeUsers: counts?.active_users ?? 0,
      pendingApprovals: counts?.pending_approvals ?? 0,
      pendingChangeRequests: counts?.pending_changes ?? 0,
      esignCounters: countsOf(counter('esign')),
      roleCounters: roleCountsOf(counters.rows),
      recentTransactions: recent.rows.map((row) => orgTransactionOf(row, language)),
    };
  }

  async function contacts({ tenant, language }: HandlerContext, kind: string) {
    const { rows } = await pool.query<{
      en: string;
      ar: string;
      email: string;
      mobile: string;
      is_primary: boolean;
    }>(
      `SELECT name_en AS en, name_ar AS ar, email, mobile, is_primary FROM organization_contacts
        WHERE org_slno = $1 AND kind = $2 ORDER BY is_primary DESC, contact_slno`,
      [organizationOf(tenant), kind],
    );
    return rows.map((row) => ({
      name: bilingual(row, language),
      email: row.email,
      mobile: row.mobile,
      isPrimary: row.is_primary,
    }));
  }

  return {
    ...gridHandlers(deps, orgEsignTransactionsGrid, ORG_TRANSACTIONS),
    ...gridHandlers(deps, organizationUnitsGrid, ORGANIZATION_UNITS),
    ...gridHandlers(deps, manageUsersGrid, MANAGE_USERS),
    ...organizationUserHandlers(deps),
    ...gridHandlers(deps, newUserApprovalsGrid, NEW_USER_REQUESTS),
    ...gridHandlers(deps, changeRequestsGrid, CHANGE_REQUESTS),
    ...approvalHandlers(deps),
    ...gridHandlers(deps, uavRequestsGrid, UAV_REQUESTS),
    ...gridHandlers(deps, esignDeductionSummaryGrid, esignDeductions(deps)),
    ...gridHandlers(deps, roleAllocationHistoryGrid, ROLE_ALLOCATIONS),
    // Counters used per month in Riyadh, the last twelve, every month present (zero when none).
    esignUsageByMonth: async ({ tenant }) => {
      const { rows } = await pool.query<{ month: string; used: number }>(
        `WITH months AS (
           SELECT to_char(m, 'YYYY-MM') AS month
             FROM generate_series(date_trunc('month', $2::timestamptz AT TIME ZONE 'Asia/Riyadh') - interval '11 months',
                                  date_trunc('month', $2::timestamptz AT TIME ZONE 'Asia/Riyadh'), interval '1 month') AS m
         )
         SELECT months.month, coalesce(sum(e.quantity), 0)::int AS used
           FROM months
           LEFT JOIN counter_entries e
             ON e.org_slno = $1 AND e.counter = 'esign' AND e.kind = 'consumption'
            AND to_char(e.created_at AT TIME ZONE 'Asia/Riyadh', 'YYYY-MM') = months.month
          GROUP BY months.month ORDER BY months.month`,
        [organizationOf(tenant), deps.clock()],
      );
      return { months: rows };
    },
    // The role seats as the ledger holds them: the dashboard's role counters, read alone.
    roleDeductionSummaryReport: async ({ tenant }) => {
      const { rows } = await pool.query<CounterRow>(
        `SELECT counter, total, utilized FROM organization_counters
          WHERE org_slno = $1 AND counter <> 'esign'`,
        [organizationOf(tenant)],
      );
      return roleCountsOf(rows);
    },
    ...newUserHandlers(deps),
    enrolmentAdminDashboard: dashboard,

    organizationProfileView: async ({ tenant, language }) => {
      const { rows } = await pool.query<{
        en: string;
        ar: string;
        dba_name: string;
        dba_name_ar: string;
        sip_id: string;
        cr_number: string;
        unified_org_no: string;
        email: string;
        valid_till: Date;
        telephone: string;
        address: string;
        country: string;
        region: string;
        city: string;
        postal_code: string;
        digital_seal_status: string;
        remarks: string | null;
      }>(
        // Country, region and city are stored as registered (in English); the reference data
        // has their Arabic names.
        `SELECT o.name_en AS en, o.name_ar AS ar, o.dba_name, o.dba_name_ar, p.sip_id, o.cr_number, o.unified_org_no,
                o.email, o.valid_till, o.telephone, o.address, o.postal_code, o.digital_seal_status, o.remarks,
                CASE WHEN $2 = 'ar' THEN coalesce(co.name_ar, o.country) ELSE o.country END AS country,
                CASE WHEN $2 = 'ar' THEN coalesce(r.name_ar, o.region) ELSE o.region END AS region,
                CASE WHEN $2 = 'ar' THEN coalesce(ci.name_ar, o.city) ELSE o.city END AS city
           FROM organizations o JOIN service_providers p ON p.sip_slno = o.sip_slno
           LEFT JOIN LATERAL (SELECT name_ar FROM countries WHERE name_en = o.country LIMIT 1) co ON true
           LEFT JOIN LATERAL (SELECT name_ar FROM regions WHERE name_en = o.region LIMIT 1) r ON true
           LEFT JOIN LATERAL (SELECT name_ar FROM cities WHERE name_en = o.city LIMIT 1) ci ON true
          WHERE o.org_slno = $1`,
        [organizationOf(tenant), language],
      );
      const row = rows[0];
      if (!row) throw new Error('the tenant organization is missing');
      return {
        organizationName: bilingual(row, language),
        sipId: row.sip_id,
        dbaName: row.dba_name,
        dbaNameArabic: row.dba_name_ar,
        crNumber: row.cr_number,
        unifiedOrgNo: row.unified_org_no,
        email: row.email,
        validTill: row.valid_till.toISOString().slice(0, 10),
        telephoneNumber: row.telephone,
        address: row.address,
        country: row.country,
        state: row.region,
        city: row.city,
        postalCode: row.postal_code,
        // The stamp image comes with the certificate issue; none is stored yet.
        digitalStamp: null,
        digitalSealStatus: localWord(row.digital_seal_status, language),
        remarks: row.remarks,
      };
    },

    // No certificate is issued to an organization before the certificate issue lands: the tab
    // says so (null), rather than showing a made-up one.
    organizationCertificate: () => Promise.resolve(null),

    sponsors: async (context) => ({ dataList: await contacts(context, 'sponsor') }),
    technicalContacts: async (context) => ({
      dataList: await contacts(context, 'technicalContact'),
    }),
    sponsorTpocInfo: async (context) => {
      const [sponsors, technical] = await Promise.all([
        contacts(context, 'sponsor'),
        contacts(context, 'technicalContact'),
      ]);
      return {
        sponsor: sponsors.find((person) => person.isPrimary) ?? null,
        technicalContact: technical.find((person) => person.isPrimary) ?? null,
      };
    },

    organizationAdmins: async ({ tenant, language }) => {
      const { rows } = await pool.query<{
        en: string;
        ar: string;
        email: string;
        mobile: string;
        employee_id: string;
        login_type: string;
        is_active: boolean;
        designation: string;
      }>(
        `SELECT u.full_name_en AS en, u.full_name_ar AS ar, m.email, m.mobile, m.employee_id, m.login_type,
                m.is_active AND m.status = 'Approved' AS is_active, m.designation
           FROM memberships m JOIN users u USING (user_slno)
          WHERE m.org_slno = $1 AND 'enrolmentAdmin' = ANY (m.roles) AND m.status IN ('Approved', 'Deactivated')
          ORDER BY u.full_name_en`,
        [organizationOf(tenant)],
      );
      return {
        dataList: rows.map((row) => ({
          fullName: bilingual(row, language),
          email: row.email,
          mobileNumber: row.mobile,
          employeeID: row.employee_id,
          loginType: localWord(row.login_type, language),
          isActive: row.is_active,
          designation: localWord(row.designation, language),
        })),
      };
    },
  };
}
