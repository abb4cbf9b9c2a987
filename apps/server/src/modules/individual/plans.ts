/**
 * A person's eSign plans (SPEC §7 "Subscription and plans"): the plans they hold now, bought or
 * welcome, and the past ones, with their counters; what their dashboard adds up; buying one, and
 * what a paid one gives (the plan's own fulfilment). Every statement is the caller's
 * own (`p.user_slno`).
 */
import {
  formatCount,
  priceWithVat,
  toSar,
  vatRateBasisPoints,
  type Language,
  type PlanState,
} from '@tawqi/domain';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { pageWithTotal } from '../../db/paging.js';
import type { Queryable } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { notifyPerson } from '../notices.js';
import type { Fulfil } from '../payments/fulfilment.js';
import { checkout, type PaymentDeps } from '../payments/handlers.js';
import { localWord } from '../words.js';

export const isoDate = (value: Date) => value.toISOString().slice(0, 10);

/** A plan's validity in words: "12 months" / «١٢ شهرًا», «٣ أشهر». */
export function validityText(months: number, language: Language): string {
  return formatCount(months, 'month', language);
}

/** Price, tax and total of a plan's price before VAT, in halalas, with the configured VAT. */
export function planAmounts(deps: Pick<Deps, 'config'>, priceHalalas: number) {
  return priceWithVat(priceHalalas, vatRateBasisPoints(deps.config.VAT_PERCENT));
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

const PLAN_SELECT = `SELECT e.plan_name, e.plan_name_ar, e.product_name, p.plan_unique_id, p.transactions, p.utilized,
       p.valid_from, p.valid_to, o.encoded_id AS order_encoded, o.price_halalas, o.tax_halalas, o.total_halalas,
       e.is_welcome_pack
  FROM purchased_plans p JOIN esign_plans e USING (product_pricing_details_slno)
  LEFT JOIN orders o ON o.order_slno = p.order_slno`;

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

/**
 * Which of a person's plans a list shows ($1 the person, $2 today where it matters), and in
 * what order: the current ones soonest to end first; the bought or (before any is bought) the
 * welcome ones newest first; the past ones (ended or used up) latest first.
 */
const LISTS = {
  current: {
    where: 'p.user_slno = $1 AND p.valid_to >= $2::date AND p.utilized < p.transactions',
    order: 'p.valid_to, p.purchased_plan_slno',
    byDay: true,
  },
  bought: {
    where: 'p.user_slno = $1 AND p.order_slno IS NOT NULL',
    order: 'p.created_at DESC, p.purchased_plan_slno DESC',
    byDay: false,
  },
  welcome: {
    where: 'p.user_slno = $1 AND p.order_slno IS NULL',
    order: 'p.created_at DESC, p.purchased_plan_slno DESC',
    byDay: false,
  },
  past: {
    where: 'p.user_slno = $1 AND (p.valid_to < $2::date OR p.utilized >= p.transactions)',
    order: 'p.valid_to DESC, p.purchased_plan_slno DESC',
    byDay: true,
  },
} as const;

/** One page of a person's plans of a list, in the caller's language, and how many there are. */
export async function plansPage(
  db: Queryable,
  list: keyof typeof LISTS,
  input: { userSlno: number; today: string; size: number; offset: number; language: Language },
) {
  const { where, order, byDay } = LISTS[list];
  const filter = byDay ? [input.userSlno, input.today] : [input.userSlno];
  const next = filter.length + 1;
  const { rows, total } = await pageWithTotal<PlanRow>(db, {
    rows: `${PLAN_SELECT} WHERE ${where} ORDER BY ${order} LIMIT $${String(next)} OFFSET $${String(next + 1)}`,
    count: `SELECT count(*) FROM purchased_plans p WHERE ${where}`,
    values: [...filter, input.size, input.offset],
  });
  return {
    plans: rows.map((row) => planOf(row, input.language, input.today)),
    total,
  };
}

/** Whether the person has bought a plan (until then, their list is the welcome pack, SPEC §7). */
export async function hasBoughtPlan(db: Queryable, userSlno: number): Promise<boolean> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*) FROM purchased_plans WHERE user_slno = $1 AND order_slno IS NOT NULL',
    [userSlno],
  );
  return (rows[0]?.count ?? 0) > 0;
}

/** The counters of a person's current plans, added up, and when the first of them ends. */
export async function currentPlanTotals(db: Queryable, userSlno: number, today: string) {
  const [totals] = (
    await db.query<{ total: number; utilized: number; active: number; next_expiry: Date | null }>(
      `SELECT coalesce(sum(transactions), 0)::int AS total, coalesce(sum(utilized), 0)::int AS utilized,
              count(*)::int AS active, min(valid_to) AS next_expiry
         FROM purchased_plans p WHERE ${LISTS.current.where}`,
      [userSlno, today],
    )
  ).rows;
  return {
    total: totals?.total ?? 0,
    utilized: totals?.utilized ?? 0,
    active: totals?.active ?? 0,
    nextExpiry: totals?.next_expiry ? isoDate(totals.next_expiry) : null,
  };
}

/** A person's plan paid (payments' fulfilment of the plan category): its balance, and a notice. */
export const fulfilPlan: Fulfil = async (tx, order, { now }) => {
  const [plan] = (
    await tx.query<{
      product_pricing_details_slno: number;
      transaction_limit: number;
      validity_months: number;
      plan_name: string;
      plan_name_ar: string;
    }>(
      `SELECT e.product_pricing_details_slno, e.transaction_limit, e.validity_months, e.plan_name, e.plan_name_ar
         FROM orders o JOIN esign_plans e USING (product_pricing_details_slno) WHERE o.order_slno = $1`,
      [order.orderSlno],
    )
  ).rows;
  if (order.userSlno === null || !plan) throw new Error('a plan order without its person or plan');
  await tx.query(
    `INSERT INTO purchased_plans (plan_unique_id, user_slno, product_pricing_details_slno, order_slno, transactions, valid_from, valid_to, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::date, ($6::date + make_interval(months => $7))::date, $6)`,
    [
      `PLN_${randomBytes(12).toString('base64url')}`,
      order.userSlno,
      plan.product_pricing_details_slno,
      order.orderSlno,
      plan.transaction_limit * order.quantity,
      now,
      plan.validity_months,
    ],
  );
  await notifyPerson(
    tx,
    order.userSlno,
    {
      title: { en: 'Plan bought', ar: 'تم شراء الباقة' },
      body: {
        en: `Your ${plan.plan_name} plan is ready to use.`,
        ar: `باقتك «${plan.plan_name_ar}» جاهزة للاستخدام.`,
      },
    },
    now,
  );
};

/** Buying an eSign plan (SPEC §7 `buyEsignPlan`): the order, at the server's price, and its payment. */
export function planPurchaseHandlers(deps: PaymentDeps): Handlers {
  return {
    buyEsignPlan: async ({ caller, input, request, audit }) => {
      const userSlno = requireCaller(caller).userSlno;
      const planSlno = input.body.productPricingDetailsSlno;
      // The contract defaults the quantity to one.
      const quantity = input.body.quantity;
      const [plan] = (
        await deps.pool.query<{
          price_halalas: number;
          plan_name: string;
          plan_name_ar: string;
          product_name: string;
        }>(
          'SELECT price_halalas, plan_name, plan_name_ar, product_name FROM esign_plans WHERE product_pricing_details_slno = $1 AND is_active AND NOT is_welcome_pack',
          [planSlno],
        )
      ).rows;
      if (!plan) throw new AppError(404, 'NOT_FOUND');
      // Checked by the idempotency mechanism before the handler runs.
      return checkout(deps, audit, String(request.headers['idempotency-key']), {
        owner: { kind: 'person', userSlno },
        category: 'plan',
        planSlno,
        quantity,
        // The price is the server's: price × quantity, then VAT.
        amounts: planAmounts(deps, plan.price_halalas * quantity),
        lines: [],
        item: {
          en: `${localWord(plan.product_name, 'en')}: ${plan.plan_name}`,
          ar: `${localWord(plan.product_name, 'ar')}: ${plan.plan_name_ar}`,
        },
      });
    },
  };
}
