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

/** Whether a lot is past its validity on a day (SQL over `purchased_plans p`): its one home. */
const lotExpiredSql = (today: string) => `p.valid_to < ${riyadhDay(today)}`;

/** A lot's state on a day: past its validity, used up, or active (SQL over `purchased_plans p`). */
export const lotStateSql = (today: string) =>
  `CASE WHEN ${lotExpiredSql(today)} THEN 'expired'
        WHEN p.utilized >= p.transactions THEN 'usedUp' ELSE 'active' END`;

/**
 * A lot's counters on a day (SQL over `purchased_plans p`): what remains to sign with, nothing once
 * it has expired, and what it had left when it expired. total = utilized + remaining + expired, so
 * the deduction report's rows and the dashboard (which sums them: esignFiguresOf) always agree.
 */
export const lotFiguresSql = (today: string) => ({
  remaining: `CASE WHEN ${lotExpiredSql(today)} THEN 0 ELSE p.transactions - p.utilized END`,
  expired: `CASE WHEN ${lotExpiredSql(today)} THEN p.transactions - p.utilized ELSE 0 END`,
});

export interface EsignFigures {
  /** Every counter the organization bought. */
  total: number;
  utilized: number;
  /** What its active lots have left: the ledger's balance. */
  remaining: number;
  /** What its lots had left when they expired. */
  expired: number;
}

/**
 * The organization's eSign figures as its lots hold them on a day: the sum of the deduction
 * report's rows, and the dashboard's card. Call settleExpiredLots first so the ledger's balance
 * (organization_counters) is the same remaining.
 */
export async function esignFiguresOf(
  db: Queryable,
  orgSlno: number,
  now: Date,
): Promise<EsignFigures> {
  const figures = lotFiguresSql('$2');
  const { rows } = await db.query<EsignFigures>(
    `SELECT coalesce(sum(p.transactions), 0)::int AS total, coalesce(sum(p.utilized), 0)::int AS utilized,
            coalesce(sum(${figures.remaining}), 0)::int AS remaining, coalesce(sum(${figures.expired}), 0)::int AS expired
       FROM purchased_plans p WHERE p.org_slno = $1`,
    [orgSlno, now],
  );
  return rows[0] ?? { total: 0, utilized: 0, remaining: 0, expired: 0 };
}

/**
 * Posts, once each, the expiry of the organization's lots that are past their validity with
 * counters left. Called before the balance or the lots are read, so they never count what has
 * expired; two readers at once post it once (the entry's reference).
 */
export async function settleExpiredLots(pool: Pool, orgSlno: number, now: Date): Promise<void> {
  const { rows } = await pool.query<{ slno: number; unique_id: string; left: number }>(
    `SELECT p.purchased_plan_slno AS slno, p.plan_unique_id AS unique_id, p.transactions - p.utilized AS left
       FROM purchased_plans p
      WHERE p.org_slno = $1 AND ${lotExpiredSql('$2')} AND p.transactions > p.utilized
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
