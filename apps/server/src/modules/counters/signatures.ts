/**
 * What one signed eSign transaction costs: one counter, taken once, on success only.
 * - An organization's application: the organization's eSign counters, from its lot that ends
 *   first (migration 014's lots), posted to the counters ledger with the transaction as its
 *   reference — a second posting for the same transaction is a duplicate and changes nothing.
 * - An application without an organization: the signer's own plan that ends first (a person's
 *   plans are not in the ledger, which holds organizations' and providers' balances; the
 *   transaction's row, locked and moved out of pending in the same database transaction, makes
 *   it once).
 */
import type { Queryable } from '../../db/pool.js';
import { post } from './ledger.js';
import { riyadhDay } from './lots.js';

export type Payer = { orgSlno: number; userSlno?: never } | { userSlno: number; orgSlno?: never };

const ownerOf = (payer: Payer) =>
  payer.orgSlno === undefined ? 'p.user_slno = $1 AND p.org_slno IS NULL' : 'p.org_slno = $1';

/** How many signatures the payer's plans (or lots) have left now, together. */
export async function signaturesLeft(db: Queryable, payer: Payer, now: Date): Promise<number> {
  const { rows } = await db.query<{ left: number }>(
    `SELECT coalesce(sum(p.transactions - p.utilized), 0)::int AS left FROM purchased_plans p
      WHERE ${ownerOf(payer)} AND p.valid_to >= ${riyadhDay('$2')} AND p.utilized < p.transactions`,
    [payer.orgSlno ?? payer.userSlno, now],
  );
  return rows[0]?.left ?? 0;
}

/** The plan a signature would be taken from now, or null when none has a counter left. */
export async function planToCharge(
  db: Queryable,
  payer: Payer,
  now: Date,
  lock = false,
): Promise<{ slno: number; uniqueId: string; planType: string } | null> {
  const { rows } = await db.query<{ slno: number; unique_id: string; plan_type: string }>(
    `SELECT p.purchased_plan_slno AS slno, p.plan_unique_id AS unique_id,
            CASE WHEN e.is_welcome_pack THEN 'Welcome pack' WHEN p.org_slno IS NULL THEN 'Individual' ELSE 'eSign' END AS plan_type
       FROM purchased_plans p JOIN esign_plans e USING (product_pricing_details_slno)
      WHERE ${ownerOf(payer)} AND p.valid_to >= ${riyadhDay('$2')} AND p.utilized < p.transactions
      ORDER BY p.valid_to, p.purchased_plan_slno LIMIT 1${lock ? ' FOR UPDATE OF p' : ''}`,
    [payer.orgSlno ?? payer.userSlno, now],
  );
  const [row] = rows;
  return row ? { slno: row.slno, uniqueId: row.unique_id, planType: row.plan_type } : null;
}

/**
 * Takes the transaction's counter in `tx`: `charged` (with the plan type it came from),
 * `duplicate` (already taken for this reference) or `exhausted` (nothing left; nothing changed).
 */
export async function chargeSignature(
  tx: Queryable,
  payer: Payer,
  reference: string,
  now: Date,
): Promise<{ outcome: 'charged'; planType: string } | { outcome: 'duplicate' | 'exhausted' }> {
  const plan = await planToCharge(tx, payer, now, true);
  if (!plan) return { outcome: 'exhausted' };
  if (payer.orgSlno !== undefined) {
    const posted = await post(tx, {
      orgSlno: payer.orgSlno,
      counter: 'esign',
      kind: 'consumption',
      quantity: 1,
      reason: 'eSign transaction',
      reference: `esign:${reference}`,
      purchasedPlanSlno: plan.slno,
      at: now,
    });
    if (posted === 'duplicate') return { outcome: 'duplicate' };
    if (posted === 'insufficient') return { outcome: 'exhausted' };
  }
  await tx.query(
    'UPDATE purchased_plans SET utilized = utilized + 1 WHERE purchased_plan_slno = $1',
    [plan.slno],
  );
  return { outcome: 'charged', planType: plan.planType };
}
