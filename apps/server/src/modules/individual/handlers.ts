/**
 * The individual area (SPEC §7 "Subscription and plans", "Transactions", "Profile" (my),
 * "Dashboards, devices, notifications"): each call's handler, its statements in the area's query
 * modules (plans, paymentHistory, profile, notifications, transactions, devices). Every query is
 * scoped to the caller: an id of another user's transaction, document or agreement finds nothing
 * (404), never their data.
 */
import type { ReviewRequestStatus } from '@tawqi/domain';
import { inTransaction } from '../../db/pool.js';
import { inLanguage } from '../words.js';
import {
  requireCaller,
  type Caller,
  type HandlerContext,
  type Handlers,
} from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import type { Deps } from '../../deps.js';
import { devicesPage, removeDevice } from '../devices/devices.js';
import { gridHandlers } from '../grids.js';
import { myTransactionsGrid } from '@tawqi/api/grids';
import { markNotificationsRead, notificationsOf } from './notifications.js';
import { paymentHistoryPage } from './paymentHistory.js';
import { currentPlanTotals, hasBoughtPlan, isoDate, plansPage } from './plans.js';
import { agreementFile, agreementsOf, contactsInOrganizations, profileOf } from './profile.js';
import {
  MY_TRANSACTIONS,
  documentsOf,
  myTransaction,
  recentTransactions,
  transactionOf,
} from './transactions.js';

/** How many transactions the dashboard lists (the full list is the transactions screen). */
const RECENT_TRANSACTIONS = 5;

const me = (caller: Caller | null) => requireCaller(caller).userSlno;

/** Today, as the plans read it, by the server's clock. */
const today = (deps: Deps) => isoDate(deps.clock());

/** A list call's page, from its path (page from 1, size). */
const page = (context: HandlerContext) => {
  const size = Number(context.input.params.size);
  return { size, offset: (Number(context.input.params.page) - 1) * size };
};

export function individualHandlers(deps: Deps): Handlers {
  return { ...profileHandlers(deps), ...activityHandlers(deps), ...planHandlers(deps) };
}

/** A person's profile, contacts, agreements, devices and notifications. */
function profileHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    myProfile: ({ caller, language }) => profileOf(pool, me(caller), language),

    myMobiles: async ({ caller }) => ({
      dataList: (await contactsInOrganizations(pool, me(caller), 'mobile')).map(
        ({ contact, ...row }) => ({ ...row, mobile: contact }),
      ),
    }),

    myEmails: async ({ caller }) => ({
      dataList: (await contactsInOrganizations(pool, me(caller), 'email')).map(
        ({ contact, ...row }) => ({ ...row, email: contact }),
      ),
    }),

    myAgreements: async ({ caller, language }) => ({
      dataList: await agreementsOf(pool, me(caller), language),
    }),

    downloadAgreement: ({ caller, input }) =>
      agreementFile(pool, me(caller), input.params.uniqueFileID),

    registeredDevices: (context) =>
      devicesPage(pool, {
        userSlno: me(context.caller),
        deviceId: context.deviceId,
        language: context.language,
        ...page(context),
      }),

    removeRegisteredDevice: async ({ caller, input, audit: auditContext }) => {
      const userSlno = me(caller);
      const { deviceSlno } = input.body;
      await inTransaction(pool, async (tx) => {
        const outcome = await removeDevice(tx, { userSlno, deviceSlno, now: deps.clock() });
        if (!outcome.removed) throw new AppError(404, 'NOT_FOUND');
        await deps.audit.record(tx, auditContext, {
          action: 'device.removed',
          actor: userSlno,
          target: String(deviceSlno),
          detail: { sessionsEnded: outcome.sessionsEnded },
        });
      });
      return { status: 'SUCCESS', errorMessage: null };
    },

    myNotifications: ({ caller, language }) => notificationsOf(pool, me(caller), language),

    markNotificationsRead: async ({ caller, input }) => {
      if (!(await markNotificationsRead(pool, me(caller), input.body.notificationSlnos)))
        throw new AppError(404, 'NOT_FOUND');
      return { status: '1', errorMessage: null };
    },
  };
}

/** A person's dashboard, documents and transactions. */
function activityHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    ...gridHandlers(deps, myTransactionsGrid, MY_TRANSACTIONS),

    myDashboard: async ({ caller, language }) => {
      const userSlno = me(caller);
      const [totals, recent, applications] = await Promise.all([
        currentPlanTotals(pool, userSlno, today(deps)),
        recentTransactions(pool, userSlno, RECENT_TRANSACTIONS),
        // The organizations this person applied to register, not approved (yet).
        pool.query<{
          name_en: string;
          name_ar: string;
          provider_en: string;
          provider_ar: string;
          status: ReviewRequestStatus;
          created_at: Date;
          remarks: string | null;
        }>(
          `SELECT o.name_en, o.name_ar, p.name_en AS provider_en, p.name_ar AS provider_ar,
                  r.status, r.created_at, r.remarks
             FROM l2_requests r JOIN organizations o ON o.org_slno = r.l2_org_slno
             JOIN service_providers p ON p.sip_slno = r.l1_sip_slno
            WHERE r.created_by = $1 AND r.status <> 'Approved'
            ORDER BY r.created_at DESC LIMIT 5`,
          [userSlno],
        ),
      ]);
      return {
        totalTransactions: totals.total,
        utilizedTransactions: totals.utilized,
        balanceTransactions: totals.total - totals.utilized,
        activePlans: totals.active,
        nextExpiry: totals.nextExpiry,
        recentTransactions: recent.map((row) => transactionOf(row, language)),
        applications: applications.rows.map((row) => ({
          organizationName: inLanguage(row.name_en, row.name_ar, language),
          providerName: inLanguage(row.provider_en, row.provider_ar, language),
          status: row.status,
          submittedAt: row.created_at.toISOString(),
          remarks: row.remarks,
        })),
      };
    },

    myDocuments: async ({ caller, input }) => {
      const userSlno = me(caller);
      if (!(await myTransaction(pool, userSlno, input.body.transactionID)))
        throw new AppError(404, 'NOT_FOUND');
      return { dataList: await documentsOf(pool, userSlno, input.body.transactionID) };
    },

    esignTransactionStatus: async ({ caller, input, language }) => {
      const userSlno = me(caller);
      const row = await myTransaction(pool, userSlno, input.params.transactionID);
      if (!row) throw new AppError(404, 'NOT_FOUND');
      return {
        ...transactionOf(row, language),
        documents: await documentsOf(pool, userSlno, row.transaction_id),
      };
    },
  };
}

/** A person's plans and payments. */
function planHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  const plans = async (context: HandlerContext, list: Parameters<typeof plansPage>[1]) =>
    plansPage(pool, list, {
      userSlno: me(context.caller),
      today: today(deps),
      language: context.language,
      ...page(context),
    });
  return {
    currentPlans: async (context) => {
      const { plans: dataList, total } = await plans(context, 'current');
      return { dataList, totalCount: total };
    },

    purchasedPlans: async (context) => {
      // Decision: until the user has bought a plan, the list is the welcome pack (SPEC §7).
      const bought = await hasBoughtPlan(pool, me(context.caller));
      const { plans: list, total } = await plans(context, bought ? 'bought' : 'welcome');
      return { [bought ? 'purchasedPlanList' : 'welcomePackList']: list, totalCount: total };
    },

    planHistory: async (context) => {
      const { plans: dataList, total } = await plans(context, 'past');
      return { dataList, totalCount: total };
    },

    // One item per order: its latest attempt's actions, and every attempt inside.
    paymentHistory: (context) =>
      paymentHistoryPage(pool, {
        userSlno: me(context.caller),
        language: context.language,
        ...page(context),
      }),
  };
}
