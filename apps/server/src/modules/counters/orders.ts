/**
 * What an organization's paid order gives it (issue 15, migration 015): each counter line becomes
 * a lot of eSign counters (a purchased plan of the organization, valid from the day it is paid),
 * each role line that many seats of its role, all through the counters ledger. Called once per
 * order, inside the transaction that settles its payment under the order's lock; the entries'
 * references (the order and the line) would make a second call change nothing besides.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/pool.js';
import { post, type Counter } from './ledger.js';
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

export interface PaidOrder {
  orderSlno: number;
  encodedId: string;
  orgSlno: number;
  placedBy: number | null;
}

/** The ledger reference of an order's line: what makes its credit happen once. */
export const lineReference = (encodedOrder: string, lineNo: number) =>
  `order:${encodedOrder}:${String(lineNo)}`;

export async function fulfilOrganizationOrder(
  tx: Queryable,
  order: PaidOrder,
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
      orgSlno: order.orgSlno,
      counter: line.counter,
      kind: 'purchase',
      quantity: units,
      reason: line.name_en,
      reference: lineReference(order.encodedId, line.line_no),
      by: order.placedBy,
      at: now,
    } as const;
    if (line.counter !== 'esign') {
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
          order.orgSlno,
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
