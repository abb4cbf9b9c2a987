/**
 * What a paid order gives: payments knows no product. Each product declares, where it
 * lives, what a paid order of its category does (`Fulfil`), and the server hands payments one
 * fulfilment per category (`Fulfilments`, a record the compiler keeps complete). Payments calls
 * it once, inside the settlement's transaction and under the order's lock, after marking the
 * order fulfilled: a fulfilment that fails rolls the settlement back with it.
 */
import type { OrderCategory } from '@tawqi/domain';
import type { PoolClient } from '../../db/pool.js';
import type { AuditContext } from '../audit/log.js';

/** What an order buys: the domain's list (migrations 024 and 025 added the last two). */
export type { OrderCategory };

/** A paid order as every product reads it: the order and who it is for; the rest is the product's. */
export interface PaidOrder {
  orderSlno: number;
  encodedId: string;
  category: OrderCategory;
  quantity: number;
  /** A person's order. */
  userSlno: number | null;
  /** An organization's order. */
  orgSlno: number | null;
  /** A provider's order: the L2 provider it buys for. */
  forSipSlno: number | null;
  /** Who placed an organization's or a provider's order. */
  placedBy: number | null;
}

/** What settling gives a fulfilment beside the order. */
export interface Settling {
  now: Date;
  /** The settlement's audit context (the gateway's notification, a recheck, a confirmation). */
  audit: AuditContext;
}

export type Fulfil = (tx: PoolClient, order: PaidOrder, settling: Settling) => Promise<void>;

/** One fulfilment for every category: a new product adds its entry here, not a branch. */
export type Fulfilments = Record<OrderCategory, Fulfil>;

/** The columns `PaidOrder` is read from, on `orders` aliased `o`. */
export const PAID_ORDER_COLUMNS = `o.order_slno, o.encoded_id AS order_encoded_id, o.category, o.quantity,
  o.user_slno, o.org_slno, o.for_sip_slno, o.placed_by`;

export interface PaidOrderRow {
  order_slno: number;
  order_encoded_id: string;
  category: OrderCategory;
  quantity: number;
  user_slno: number | null;
  org_slno: number | null;
  for_sip_slno: number | null;
  placed_by: number | null;
}

export function paidOrderOf(row: PaidOrderRow): PaidOrder {
  return {
    orderSlno: row.order_slno,
    encodedId: row.order_encoded_id,
    category: row.category,
    quantity: row.quantity,
    userSlno: row.user_slno,
    orgSlno: row.org_slno,
    forSipSlno: row.for_sip_slno,
    placedBy: row.placed_by,
  };
}

/** Marks the order fulfilled and gives what it bought, once: the one way payments fulfils. */
export async function fulfilOrder(
  tx: PoolClient,
  fulfilments: Fulfilments,
  order: PaidOrder,
  settling: Settling,
): Promise<void> {
  await tx.query('UPDATE orders SET fulfilled_at = $2 WHERE order_slno = $1', [
    order.orderSlno,
    settling.now,
  ]);
  await fulfilments[order.category](tx, order, settling);
}
