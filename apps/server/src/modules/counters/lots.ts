/**
 * An organization's eSign counters in lots (migration 014): each purchase is one of the
 * organization's purchased plans, with its counters, what was used of them, and its validity. A
 * lot is active until its last day (Riyadh), then what is left of it expires: one expiry entry in
 * the ledger, so the balance the dashboard shows is always what the active lots hold.
 */
import { inTransaction, type Pool, type Queryable } from '../../db/pool.js';
import { post } from './ledger.js';

/** Today in Riyadh, as SQL reads it from the app's clock ($n::timestamptz). */
export const riyadhDay = (parameter: string) =>
  `(${parameter}::timestamptz AT TIME ZONE 'Asia/Riyadh')::date`;

/** A lot's state on a day: past its validity, used up, or active (SQL over `purchased_plans p`). */
export const lotStateSql = (today: string) =>
  `CASE WHEN p.valid_to < ${riyadhDay(today)} THEN 'expired'
        WHEN p.utilized >= p.transactions THEN 'usedUp' ELSE 'active' END`;

/**
 * Posts, once each, the expiry of the organization's lots that are past their validity with
 * counters left. Called before the balance or the lots are read, so they never count what has
 * expired; two readers at once post it once (the entry's reference).
 */
export async function settleExpiredLots(pool: Pool, orgSlno: number, now: Date): Promise<void> {
  const { rows } = await pool.query<{ slno: number; unique_id: string; left: number }>(
    `SELECT p.purchased_plan_slno AS slno, p.plan_unique_id AS unique_id, p.transactions - p.utilized AS left
       FROM purchased_plans p
      WHERE p.org_slno = $1 AND p.valid_to < ${riyadhDay('$2')} AND p.transactions > p.utilized
        AND NOT EXISTS (SELECT 1 FROM counter_entries e
                         WHERE e.purchased_plan_slno = p.purchased_plan_slno AND e.kind = 'expiry')`,
    [orgSlno, now],
  );
  if (rows.length === 0) return;
  await inTransaction(pool, async (tx) => {
    for (const lot of rows) await expireLot(tx, orgSlno, lot, now);
  });
}

/** A lot's expiry: what is left of it leaves the balance, once (its reference). */
export async function expireLot(
  tx: Queryable,
  orgSlno: number,
  lot: { slno: number; unique_id: string; left: number },
  now: Date,
): Promise<void> {
  await post(tx, {
    orgSlno,
    counter: 'esign',
    kind: 'expiry',
    quantity: lot.left,
    reason: 'Plan expired',
    reference: `expiry:${lot.unique_id}`,
    purchasedPlanSlno: lot.slno,
    at: now,
  });
}
