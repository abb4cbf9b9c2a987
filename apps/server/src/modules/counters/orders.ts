/**
 * What a paid order of counters gives (migrations 015 and 020), all through the
 * counters ledger: to an organization, each counter line a lot of eSign counters (a purchased
 * plan of the organization, valid from the day it is paid) and each role line that many seats of
 * its role; to an L2 provider (bought by its L1), each line eSign stock, which it hands on to its
 * organizations as allocations. Called once per order, inside the transaction that settles its
 * payment under the order's lock; the entries' references (the order and the line) would make a
 * second call change nothing besides.
 */
import { randomBytes } from 'node:crypto';
import type { Language } from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';
import { notifyPerson } from '../notices.js';
import type { Fulfil } from '../payments/fulfilment.js';
import { post, type Counter, type Holder } from './ledger.js';
import { riyadhDay } from './lots.js';

interface LineRow {
  line_no: number;
  counter: Counter;
  name_en: string;
  pax_size: number;
  quantity: number;
  product_pricing_details_slno: number | null;
  validity_months: number | null;
}

export interface PaidCounterOrder {
  orderSlno: number;
  encodedId: string;
  /** Whom the counters are for: the organization that bought them, or an L2 provider. */
  holder: Holder;
  placedBy: number | null;
}

/** The ledger reference of an order's line: what makes its credit happen once. */
export const lineReference = (encodedOrder: string, lineNo: number) =>
  `order:${encodedOrder}:${String(lineNo)}`;

export async function fulfilCounterOrder(
  tx: Queryable,
  order: PaidCounterOrder,
  now: Date,
): Promise<void> {
  const { rows: lines } = await tx.query<LineRow>(
    `SELECT line_no, counter, name_en, pax_size, quantity, product_pricing_details_slno, validity_months
       FROM order_lines WHERE order_slno = $1 ORDER BY line_no`,
    [order.orderSlno],
  );
  for (const line of lines) {
    const units = line.pax_size * line.quantity;
    const entry = {
      ...order.holder,
      counter: line.counter,
      kind: 'purchase',
      quantity: units,
      reason: line.name_en,
      reference: lineReference(order.encodedId, line.line_no),
      by: order.placedBy,
      at: now,
    } as const;
    // A provider's stock and an organization's seats have no lots (no validity of their own).
    const { orgSlno } = order.holder;
    if (line.counter !== 'esign' || orgSlno === undefined) {
      await post(tx, entry);
      continue;
    }
    // A lot from today (Riyadh) for the plan's validity, its last day the day before.
    const [lot] = (
      await tx.query<{ slno: number }>(
        `INSERT INTO purchased_plans (plan_unique_id, org_slno, product_pricing_details_slno, order_slno, order_line_no,
                                      transactions, valid_from, valid_to, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, ${riyadhDay('$7')},
                 (${riyadhDay('$7')} + make_interval(months => $8))::date - 1, $7)
         ON CONFLICT DO NOTHING RETURNING purchased_plan_slno AS slno`,
        [
          `PLN-${randomBytes(9).toString('base64url')}`,
          orgSlno,
          line.product_pricing_details_slno,
          order.orderSlno,
          line.line_no,
          units,
          now,
          line.validity_months,
        ],
      )
    ).rows;
    if (lot) await post(tx, { ...entry, purchasedPlanSlno: lot.slno });
  }
}

const READY_WORDS: Record<
  string,
  { title: Record<Language, string>; body: (order: string) => Record<Language, string> }
> = {
  counter: {
    title: { en: 'eSign counters bought', ar: 'تم شراء رصيد العمليات' },
    body: (order) => ({
      en: `The eSign counters of order ${order} are ready to use.`,
      ar: `رصيد العمليات في الطلب ${order} جاهز للاستخدام.`,
    }),
  },
  special: {
    title: { en: 'Special plan bought', ar: 'تم شراء الباقة الخاصة' },
    body: (order) => ({
      en: `The special plan of order ${order} is ready to use.`,
      ar: `الباقة الخاصة في الطلب ${order} جاهزة للاستخدام.`,
    }),
  },
  role: {
    title: { en: 'Role seats bought', ar: 'تم شراء مقاعد الأدوار' },
    body: (order) => ({
      en: `The role seats of order ${order} are ready to use.`,
      ar: `مقاعد الأدوار في الطلب ${order} جاهزة للاستخدام.`,
    }),
  },
};

/**
 * What a paid order of counters, seats or a special plan gives (payments' fulfilment of these
 * categories): its lines through the ledger, to the organization or the L2 provider it
 * is for; and whoever placed it is told.
 */
export const fulfilCounters: Fulfil = async (tx, order, { now }) => {
  const holder: Holder | null =
    order.forSipSlno !== null
      ? { sipSlno: order.forSipSlno }
      : order.orgSlno !== null
        ? { orgSlno: order.orgSlno }
        : null;
  if (!holder) throw new Error('an order of counters without whom they are for');
  await fulfilCounterOrder(
    tx,
    { orderSlno: order.orderSlno, encodedId: order.encodedId, holder, placedBy: order.placedBy },
    now,
  );
  const words = READY_WORDS[order.category];
  if (!words) throw new Error(`no counters in an order of ${order.category}`);
  if (order.placedBy !== null)
    await notifyPerson(
      tx,
      order.placedBy,
      { title: words.title, body: words.body(order.encodedId) },
      now,
    );
};
