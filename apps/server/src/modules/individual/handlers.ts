/**
 * The individual area (SPEC §7 "Subscription and plans", "Transactions", "Profile" (my),
 * "Dashboards, devices, notifications"). Every query is scoped to the caller: an id of another
 * user's transaction, document or agreement finds nothing (404), never their data.
 */
import {
  formatCount,
  maskNationalId,
  priceWithVat,
  toSar,
  vatRateBasisPoints,
  type Language,
  type PaymentStatus,
  type PlanState,
} from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { pageWithTotal } from '../../db/paging.js';
import { inTransaction } from '../../db/pool.js';
import { FileAnswer } from '../../http/download.js';
import {
  requireCaller,
  type Caller,
  type HandlerContext,
  type Handlers,
} from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { localWord } from '../words.js';
import { removeDevice } from '../devices/devices.js';
import { gridHandlers } from '../grids.js';
import { myTransactionsGrid } from '@tawqi/api/grids';
import {
  MY_TRANSACTIONS,
  TRANSACTION_SELECT,
  transactionOf,
  type TransactionRow,
} from './transactions.js';

const me = (caller: Caller | null) => requireCaller(caller).userSlno;

const isoDate = (value: Date) => value.toISOString().slice(0, 10);

/** A plan's validity in words: "12 months" / «١٢ شهرًا», «٣ أشهر». */
export function validityText(months: number, language: Language): string {
  return formatCount(months, 'month', language);
}

interface PlanRow {
  plan_name: string;
  plan_name_ar: string;
  product_name: string;
  plan_unique_id: string;
  transactions: number;
  utilized: number;
  valid_from: Date;
  valid_to: Date;
  order_encoded: string | null;
  price_halalas: number | null;
  tax_halalas: number | null;
  total_halalas: number | null;
  is_welcome_pack: boolean;
}

const PLAN_COLUMNS = `e.plan_name, e.plan_name_ar, e.product_name, p.plan_unique_id, p.transactions, p.utilized, p.valid_from, p.valid_to,
  o.encoded_id AS order_encoded, o.price_halalas, o.tax_halalas, o.total_halalas, e.is_welcome_pack`;

function planOf(row: PlanRow, language: Language, today: string) {
  const state: PlanState =
    isoDate(row.valid_to) < today
      ? 'expired'
      : row.utilized >= row.transactions
        ? 'usedUp'
        : 'active';
  return {
    planName: language === 'ar' ? row.plan_name_ar : row.plan_name,
    productName: localWord(row.product_name, language),
    planUniqueID: row.plan_unique_id,
    transactions: row.transactions,
    utilized: row.utilized,
    balance: row.transactions - row.utilized,
    validFrom: isoDate(row.valid_from),
    validTo: isoDate(row.valid_to),
    encodedOrderSlno: row.order_encoded ?? `welcome-${row.plan_unique_id}`,
    price: toSar(row.price_halalas ?? 0),
    tax: toSar(row.tax_halalas ?? 0),
    totalPrice: toSar(row.total_halalas ?? 0),
    status: state,
    statusLabel: localWord(state, language),
  };
}

async function documentsOf(deps: Deps, userSlno: number, transactionId: string) {
  const rows = await deps.pool.query<{ document_name: string; unique_file_id: string }>(
    `SELECT d.document_name, d.unique_file_id FROM transaction_documents d JOIN esign_transactions t USING (esign_logs_id)
      WHERE t.transaction_id = $1 AND t.user_slno = $2 ORDER BY d.document_slno`,
    [transactionId, userSlno],
  );
  return rows.rows.map((row, index) => ({
    rowCount: index + 1,
    documentName: row.document_name,
    uniqueFileID: row.unique_file_id,
  }));
}

export function individualHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  const today = () => isoDate(deps.clock());
  const page = (context: HandlerContext) => {
    const size = Number(context.input.params.size);
    return { size, offset: (Number(context.input.params.page) - 1) * size };
  };

  /** The user's mobile or e-mail in each of their organizations, the first as primary. */
  const contactsInOrganizations = async (userSlno: number, column: 'mobile' | 'email') =>
    (
      await pool.query<{ name_en: string; name_ar: string; contact: string; first: boolean }>(
        `SELECT o.name_en, o.name_ar, m.${column} AS contact, row_number() OVER (ORDER BY m.organization_user_slno) = 1 AS first
           FROM memberships m JOIN organizations o USING (org_slno) WHERE m.user_slno = $1 ORDER BY m.organization_user_slno`,
        [userSlno],
      )
    ).rows.map((row) => ({
      organizationName: row.name_en,
      organizationNameArabic: row.name_ar,
      isPrimary: row.first,
      contact: row.contact,
    }));

  return {
    ...gridHandlers(deps, myTransactionsGrid, MY_TRANSACTIONS),
    myProfile: async ({ caller, language }) => {
      const [user] = (
        await pool.query<{
          user_slno: number;
          full_name_en: string;
          full_name_ar: string;
          national_id: string;
          nationality: string;
          email: string | null;
          mobile: string | null;
          username: string | null;
          kyc_valid_till: Date | null;
          created_at: Date;
        }>(
          // The nationality is stored as the identity app gives it (English); a known country is
          // named in the caller's language.
          `SELECT u.user_slno, u.full_name_en, u.full_name_ar, u.national_id, u.email, u.mobile, u.username, u.kyc_valid_till, u.created_at,
             COALESCE(CASE WHEN $2 = 'ar' THEN c.name_ar ELSE c.name_en END, u.nationality) AS nationality
             FROM users u LEFT JOIN LATERAL (SELECT name_en, name_ar FROM countries WHERE name_en = u.nationality LIMIT 1) c ON true
             WHERE u.user_slno = $1`,
          [me(caller), language],
        )
      ).rows;
      if (!user) throw new AppError(404, 'NOT_FOUND');
      return {
        userSlno: user.user_slno,
        fullNameEnglish: user.full_name_en,
        fullNameArabic: user.full_name_ar,
        maskedNationalId: maskNationalId(user.national_id),
        nationality: user.nationality,
        email: user.email,
        mobile: user.mobile,
        kycValidTill: user.kyc_valid_till ? isoDate(user.kyc_valid_till) : null,
        createdDate: user.created_at.toISOString(),
        username: user.username,
      };
    },

    myMobiles: async ({ caller }) => ({
      dataList: (await contactsInOrganizations(me(caller), 'mobile')).map(
        ({ contact, ...row }) => ({ ...row, mobile: contact }),
      ),
    }),

    myEmails: async ({ caller }) => ({
      dataList: (await contactsInOrganizations(me(caller), 'email')).map(({ contact, ...row }) => ({
        ...row,
        email: contact,
      })),
    }),

    myAgreements: async ({ caller, language }) => ({
      dataList: (
        await pool.query<{
          user_type: string;
          name_en: string | null;
          name_ar: string | null;
          unique_file_id: string;
          file_name: string;
        }>(
          `SELECT a.user_type, o.name_en, o.name_ar, a.unique_file_id, a.file_name FROM agreements a LEFT JOIN organizations o USING (org_slno)
            WHERE a.user_slno = $1 ORDER BY a.agreement_slno`,
          [me(caller)],
        )
      ).rows.map((row) => ({
        userType: localWord(row.user_type, language),
        organization: (language === 'ar' ? row.name_ar : row.name_en) ?? '',
        uniqueFileID: row.unique_file_id,
        fileName: row.file_name,
      })),
    }),

    downloadAgreement: async ({ caller, input }) => {
      const [agreement] = (
        await pool.query<{ file_name: string; content: Buffer }>(
          'SELECT file_name, content FROM agreements WHERE unique_file_id = $1 AND user_slno = $2',
          [input.params.uniqueFileID, me(caller)],
        )
      ).rows;
      if (!agreement) throw new AppError(404, 'NOT_FOUND');
      return new FileAnswer(agreement.content, agreement.file_name);
    },

    registeredDevices: async (context) => {
      const { size, offset } = page(context);
      const userSlno = me(context.caller);
      const { language } = context;
      const { rows, total } = await pageWithTotal<{
        device_slno: number;
        device_type: string;
        device_model: string;
        created_at: Date;
        app_version: string;
        is_this_device: boolean;
      }>(pool, {
        // This device first, then the newest.
        rows: `SELECT device_slno, device_type, device_model, created_at, app_version, device_id = $4 AS is_this_device
             FROM registered_devices WHERE user_slno = $1
            ORDER BY device_id = $4 DESC, created_at DESC, device_slno DESC LIMIT $2 OFFSET $3`,
        count: 'SELECT count(*) FROM registered_devices WHERE user_slno = $1',
        values: [userSlno, size, offset, context.deviceId],
      });
      return {
        dataList: rows.map((row) => ({
          deviceSlno: row.device_slno,
          deviceType: localWord(row.device_type, language),
          deviceModel: localWord(row.device_model, language),
          createdDate: row.created_at.toISOString(),
          appVersion: localWord(row.app_version, language),
          isThisDevice: row.is_this_device,
        })),
        totalCount: total,
      };
    },

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

    myNotifications: async ({ caller, language }) => {
      const rows = await pool.query<{
        notification_slno: number;
        title_en: string;
        title_ar: string;
        message_en: string;
        message_ar: string;
        created_at: Date;
        is_read: boolean;
      }>(
        'SELECT notification_slno, title_en, title_ar, message_en, message_ar, created_at, is_read FROM notifications WHERE user_slno = $1 ORDER BY created_at DESC LIMIT 50',
        [me(caller)],
      );
      return {
        dataList: rows.rows.map((row) => ({
          notificationSlno: row.notification_slno,
          title: language === 'ar' ? row.title_ar : row.title_en,
          message: language === 'ar' ? row.message_ar : row.message_en,
          createdDate: row.created_at.toISOString(),
          isRead: row.is_read,
        })),
        unreadCount: rows.rows.filter((row) => !row.is_read).length,
      };
    },

    markNotificationsRead: async ({ caller, input }) => {
      await pool.query(
        'UPDATE notifications SET is_read = true WHERE user_slno = $1 AND notification_slno = ANY($2::int[])',
        [me(caller), input.body.notificationSlnos],
      );
      return { status: '1', errorMessage: null };
    },

    myDashboard: async ({ caller, language }) => {
      const userSlno = me(caller);
      const [totals] = (
        await pool.query<{
          total: number;
          utilized: number;
          active: number;
          next_expiry: Date | null;
        }>(
          `SELECT coalesce(sum(transactions), 0)::int AS total, coalesce(sum(utilized), 0)::int AS utilized, count(*)::int AS active, min(valid_to) AS next_expiry
             FROM purchased_plans WHERE user_slno = $1 AND valid_to >= $2::date AND utilized < transactions`,
          [userSlno, today()],
        )
      ).rows;
      const recent = await pool.query<TransactionRow>(
        `${TRANSACTION_SELECT} WHERE t.user_slno = $1 ORDER BY t.transaction_date DESC LIMIT 5`,
        [userSlno],
      );
      return {
        totalTransactions: totals?.total ?? 0,
        utilizedTransactions: totals?.utilized ?? 0,
        balanceTransactions: (totals?.total ?? 0) - (totals?.utilized ?? 0),
        activePlans: totals?.active ?? 0,
        nextExpiry: totals?.next_expiry ? isoDate(totals.next_expiry) : null,
        recentTransactions: recent.rows.map((row) => transactionOf(row, language)),
      };
    },

    myDocuments: async ({ caller, input }) => {
      const userSlno = me(caller);
      const owned = await pool.query(
        'SELECT 1 FROM esign_transactions WHERE transaction_id = $1 AND user_slno = $2',
        [input.body.transactionID, userSlno],
      );
      if (!owned.rowCount) throw new AppError(404, 'NOT_FOUND');
      return { dataList: await documentsOf(deps, userSlno, input.body.transactionID) };
    },

    esignTransactionStatus: async ({ caller, input, language }) => {
      const userSlno = me(caller);
      const [row] = (
        await pool.query<TransactionRow>(
          `${TRANSACTION_SELECT} WHERE t.transaction_id = $1 AND t.user_slno = $2`,
          [input.params.transactionID, userSlno],
        )
      ).rows;
      if (!row) throw new AppError(404, 'NOT_FOUND');
      return {
        ...transactionOf(row, language),
        documents: await documentsOf(deps, userSlno, row.transaction_id),
      };
    },

    currentPlans: async (context) => {
      const { size, offset } = page(context);
      const userSlno = me(context.caller);
      const current = `p.user_slno = $1 AND p.valid_to >= $2::date AND p.utilized < p.transactions`;
      const { rows, total } = await pageWithTotal<PlanRow>(pool, {
        rows: `SELECT ${PLAN_COLUMNS} FROM purchased_plans p JOIN esign_plans e USING (product_pricing_details_slno) LEFT JOIN orders o ON o.order_slno = p.order_slno
            WHERE ${current} ORDER BY p.valid_to, p.purchased_plan_slno LIMIT $3 OFFSET $4`,
        count: `SELECT count(*) FROM purchased_plans p WHERE ${current}`,
        values: [userSlno, today(), size, offset],
      });
      return {
        dataList: rows.map((row) => planOf(row, context.language, today())),
        totalCount: total,
      };
    },

    purchasedPlans: async (context) => {
      const { size, offset } = page(context);
      const userSlno = me(context.caller);
      const bought = await pool.query<{ count: number }>(
        'SELECT count(*) FROM purchased_plans WHERE user_slno = $1 AND order_slno IS NOT NULL',
        [userSlno],
      );
      // Decision: until the user has bought a plan, the list is the welcome pack (SPEC §7).
      const hasBought = (bought.rows[0]?.count ?? 0) > 0;
      const which = `p.user_slno = $1 AND p.order_slno IS ${hasBought ? 'NOT NULL' : 'NULL'}`;
      const { rows, total } = await pageWithTotal<PlanRow>(pool, {
        rows: `SELECT ${PLAN_COLUMNS} FROM purchased_plans p JOIN esign_plans e USING (product_pricing_details_slno) LEFT JOIN orders o ON o.order_slno = p.order_slno
            WHERE ${which} ORDER BY p.created_at DESC, p.purchased_plan_slno DESC LIMIT $2 OFFSET $3`,
        count: `SELECT count(*) FROM purchased_plans p WHERE ${which}`,
        values: [userSlno, size, offset],
      });
      const plans = rows.map((row) => planOf(row, context.language, today()));
      return {
        [hasBought ? 'purchasedPlanList' : 'welcomePackList']: plans,
        totalCount: total,
      };
    },

    planHistory: async (context) => {
      const { size, offset } = page(context);
      const userSlno = me(context.caller);
      const past = `p.user_slno = $1 AND (p.valid_to < $2::date OR p.utilized >= p.transactions)`;
      const { rows, total } = await pageWithTotal<PlanRow>(pool, {
        rows: `SELECT ${PLAN_COLUMNS} FROM purchased_plans p JOIN esign_plans e USING (product_pricing_details_slno) LEFT JOIN orders o ON o.order_slno = p.order_slno
            WHERE ${past} ORDER BY p.valid_to DESC, p.purchased_plan_slno DESC LIMIT $3 OFFSET $4`,
        count: `SELECT count(*) FROM purchased_plans p WHERE ${past}`,
        values: [userSlno, today(), size, offset],
      });
      return {
        dataList: rows.map((row) => planOf(row, context.language, today())),
        totalCount: total,
      };
    },

    // One item per order (issue 12): its latest attempt's actions, and every attempt inside.
    paymentHistory: async (context) => {
      const { size, offset } = page(context);
      const userSlno = me(context.caller);
      const { language } = context;
      const [rows, total] = await Promise.all([
        pool.query<{
          order_slno: number;
          order_encoded: string;
          quantity: number;
          order_paid: boolean;
          price_halalas: number;
          tax_halalas: number;
          total_halalas: number;
          plan_name: string;
          plan_name_ar: string;
          product_name: string;
          validity_months: number;
          product_pricing_details_slno: number;
          encoded_id: string;
          status: PaymentStatus;
          created_at: Date;
        }>(
          `SELECT o.order_slno, o.encoded_id AS order_encoded, o.quantity, o.price_halalas, o.tax_halalas, o.total_halalas,
                  o.settled_payment_slno IS NOT NULL AS order_paid,
                  e.plan_name, e.plan_name_ar, e.product_name, e.validity_months, e.product_pricing_details_slno,
                  latest.encoded_id, latest.status, latest.created_at
             FROM orders o JOIN esign_plans e USING (product_pricing_details_slno)
             JOIN LATERAL (SELECT encoded_id, status, created_at FROM payments p
                            WHERE p.order_slno = o.order_slno ORDER BY p.payment_slno DESC LIMIT 1) latest ON true
            WHERE o.user_slno = $1 ORDER BY latest.created_at DESC, o.order_slno DESC LIMIT $2 OFFSET $3`,
          [userSlno, size, offset],
        ),
        pool.query<{ count: number }>(
          `SELECT count(*) FROM orders o WHERE o.user_slno = $1
              AND EXISTS (SELECT 1 FROM payments p WHERE p.order_slno = o.order_slno)`,
          [userSlno],
        ),
      ]);
      const attempts = (
        await pool.query<{
          order_slno: number;
          encoded_id: string;
          status: PaymentStatus;
          created_at: Date;
        }>(
          'SELECT order_slno, encoded_id, status, created_at FROM payments WHERE order_slno = ANY($1) ORDER BY payment_slno DESC',
          [rows.rows.map((row) => row.order_slno)],
        )
      ).rows;
      return {
        dataList: rows.rows.map((row) => {
          // A paid order reads as paid whatever became of its other attempts.
          const status: PaymentStatus = row.order_paid ? 'success' : row.status;
          return {
            // "eSign: Starter" / «التوقيع الإلكتروني: الباقة الأساسية».
            productName: `${localWord(row.product_name, language)}: ${language === 'ar' ? row.plan_name_ar : row.plan_name}`,
            // One reference everywhere: the order's (the status page shows it too).
            transactionId: row.order_encoded,
            validity: validityText(row.validity_months, language),
            paymentDate: row.created_at.toISOString(),
            amountWithoutTax: toSar(row.price_halalas),
            tax: toSar(row.tax_halalas),
            amount: toSar(row.total_halalas),
            status,
            statusLabel: localWord(status, language),
            // Actions only where they can work: paying again on an unpaid order whose latest
            // attempt ended or never started; asking again about an attempt still open.
            initiatePayment:
              !row.order_paid &&
              (row.status === 'failure' ||
                row.status === 'initiated' ||
                row.status === 'cancelled'),
            recheckPayment:
              !row.order_paid && (row.status === 'pending' || row.status === 'initiated'),
            encodedPaymentSlno: row.encoded_id,
            orderDetailsSlno: row.order_slno,
            orderProductSlno: row.order_slno,
            productPricingDetailsSlno: row.product_pricing_details_slno,
            applicationSlno: 1,
            encodedOrderSlno: row.order_encoded,
            quantity: row.quantity,
            attempts: attempts
              .filter((attempt) => attempt.order_slno === row.order_slno)
              .map((attempt) => ({
                encodedPaymentSlno: attempt.encoded_id,
                paymentDate: attempt.created_at.toISOString(),
                status: attempt.status,
                statusLabel: localWord(attempt.status, language),
              })),
            hasReceipt: row.order_paid,
          };
        }),
        totalCount: total.rows[0]?.count ?? 0,
      };
    },
  };
}

/** Price, tax and total of a plan's price before VAT, in halalas, with the configured VAT. */
export function planAmounts(deps: Deps, priceHalalas: number) {
  return priceWithVat(priceHalalas, vatRateBasisPoints(deps.config.VAT_PERCENT));
}
