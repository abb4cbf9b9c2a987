/**
 * The first organization calls on the tenant context: the Enrolment Admin's
 * dashboard and the organization profile's tabs. Every statement is selected by the tenant's
 * organization slno (`context.tenant`, resolved and authorized before the handler runs), never
 * by an id from the request, so an answer cannot hold another organization's data.
 */
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
import {
  ORG_TRANSACTIONS,
  ORG_TRANSACTION_SELECT,
  orgTransactionOf,
  type OrgTransactionRow,
} from './transactions.js';
import { organizationOf } from '../access/tenancy.js';
import { ORGANIZATION_UNITS } from './units.js';
import { MANAGE_USERS, organizationUserHandlers } from './users.js';
import { CHANGE_REQUESTS, NEW_USER_REQUESTS, approvalHandlers } from './approvals.js';
import { UAV_REQUESTS } from './newUsers.js';
import { newUserPersonHandlers } from './newUserPerson.js';
import { uavRequestHandlers } from './uavRequests.js';
import {
  ROLE_ALLOCATIONS,
  esignDeductions,
  roleCountsOf,
  roleSeatsOf,
  type CounterRow,
} from './reports.js';
import { esignFiguresOf, settleExpiredLots } from '../counters/lots.js';
import {
  contactsOf,
  organizationAdminsOf,
  organizationProfile,
  type ContactKind,
} from './profile.js';
import { activeMember } from '../access/membership.js';
import { inTransaction } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import { requireCaller } from '../../http/contractRoutes.js';
import {
  logoImageOf,
  organizationLogo,
  removeOrganizationLogo,
  saveOrganizationLogo,
} from '../documents/logo.js';

/** Why an upload is not taken as a logo, in both languages. */
const LOGO_REFUSED = {
  en: 'This is not a logo we can use: a PNG or JPEG image, each side 16 to 1,000 pixels.',
  ar: 'لا يمكن استخدام هذه الصورة شعارًا: يلزم ملف PNG أو JPEG، طول كل ضلع فيه من ١٦ إلى ١٬٠٠٠ بكسل.',
};

/** How many transactions the dashboard lists (the full list is the transactions screen). */
const RECENT_TRANSACTIONS = 5;

export function organizationHandlers(deps: Deps): Handlers {
  return {
    ...organizationGrids(deps),
    ...dashboardHandlers(deps),
    ...profileHandlers(deps),
    ...contactHandlers(deps),
  };
}

/** The organization's grids, with the users' and approvals' calls beside them. */
function organizationGrids(deps: Deps): Handlers {
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

    ...newUserPersonHandlers(deps),

    ...uavRequestHandlers(deps),
  };
}

/** The organization's dashboard and its usage figures. */
function dashboardHandlers(deps: Deps): Handlers {
  const { pool } = deps;

  async function dashboard({ tenant, language }: HandlerContext) {
    const org = organizationOf(tenant);
    // What has expired leaves the counters before they are read.
    await settleExpiredLots(pool, org, deps.clock());
    const [people, counters, esign, recent] = await Promise.all([
      pool.query<{
        total_users: number;
        active_users: number;
        pending_approvals: number;
        pending_changes: number;
      }>(
        `SELECT (SELECT count(*) FROM memberships WHERE org_slno = $1 AND status IN ('Approved', 'Deactivated')) AS total_users,
                (SELECT count(*) FROM memberships WHERE org_slno = $1 AND ${activeMember('memberships')}) AS active_users,
                (SELECT count(*) FROM user_requests WHERE org_slno = $1 AND kind = 'newUser' AND status = 'Pending') AS pending_approvals,
                (SELECT count(*) FROM user_requests WHERE org_slno = $1 AND kind = 'change' AND status = 'Pending') AS pending_changes`,
        [org],
      ),
      pool.query<CounterRow>(
        "SELECT counter, total, utilized FROM organization_counters WHERE org_slno = $1 AND counter <> 'esign'",
        [org],
      ),
      // The eSign card sums the deduction report's rows (one function), so the two agree.
      esignFiguresOf(pool, org, deps.clock()),
      pool.query<OrgTransactionRow>(
        `${ORG_TRANSACTION_SELECT} WHERE t.org_slno = $1
          ORDER BY t.transaction_date DESC, t.esign_logs_id DESC
          LIMIT ${String(RECENT_TRANSACTIONS)}`,
        [org],
      ),
    ]);
    const counts = people.rows[0];
    return {
      totalUsers: counts?.total_users ?? 0,
      activeUsers: counts?.active_users ?? 0,
      pendingApprovals: counts?.pending_approvals ?? 0,
      pendingChangeRequests: counts?.pending_changes ?? 0,
      esignCounters: esign,
      roleCounters: roleCountsOf(counters.rows),
      recentTransactions: recent.rows.map((row) => orgTransactionOf(row, language)),
    };
  }
  return {
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
    roleDeductionSummaryReport: ({ tenant }) => roleSeatsOf(pool, organizationOf(tenant)),

    enrolmentAdminDashboard: dashboard,
  };
}

/** The organization's profile and its logo. */
function profileHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    organizationProfileView: async ({ tenant, language }) => {
      const profile = await organizationProfile(pool, organizationOf(tenant), language);
      if (!profile) throw new Error('the tenant organization is missing');
      return profile;
    },

    organizationLogo: async ({ tenant }) => {
      const logo = await organizationLogo(pool, organizationOf(tenant));
      return {
        logo: logo ? { mediaType: logo.mediaType, content: logo.content.toString('base64') } : null,
      };
    },

    uploadOrganizationLogo: async ({ tenant, upload, caller, audit }) => {
      const image = upload ? logoImageOf(upload.bytes) : null;
      if (!upload || !image)
        throw new AppError(422, 'VALIDATION_FAILED', { localized: LOGO_REFUSED });
      const orgSlno = organizationOf(tenant);
      await inTransaction(pool, async (tx) => {
        await saveOrganizationLogo(
          tx,
          orgSlno,
          { ...image, content: upload.bytes },
          requireCaller(caller).userSlno,
          deps.clock(),
        );
        await deps.audit.record(tx, audit, {
          action: 'organization.logo.uploaded',
          outcome: 'success',
          actor: requireCaller(caller).userSlno,
          orgSlno,
          target: String(orgSlno),
          detail: { mediaType: image.mediaType, width: image.width, height: image.height },
        });
      });
      return { width: image.width, height: image.height };
    },

    removeOrganizationLogo: async ({ tenant, caller, audit }) => {
      const orgSlno = organizationOf(tenant);
      await inTransaction(pool, async (tx) => {
        if (!(await removeOrganizationLogo(tx, orgSlno))) return;
        await deps.audit.record(tx, audit, {
          action: 'organization.logo.removed',
          outcome: 'success',
          actor: requireCaller(caller).userSlno,
          orgSlno,
          target: String(orgSlno),
          detail: {},
        });
      });
      return { status: 'success', errorMessage: null };
    },
  };
}

/** The organization's sponsors, technical contacts and admins. */
function contactHandlers(deps: Deps): Handlers {
  const { pool } = deps;

  const contacts = ({ tenant, language }: HandlerContext, kind: ContactKind) =>
    contactsOf(pool, organizationOf(tenant), kind, language);
  return {
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

    organizationAdmins: async ({ tenant, language }) => ({
      dataList: await organizationAdminsOf(pool, organizationOf(tenant), language),
    }),
  };
}
