/**
 * The counters ledger (the tables are migration 013's): the one way an organization's
 * eSign counters and role seats change, and a provider's stock (migration 019). Each change is an append-only entry and the matching
 * change of the balance (`organization_counters`: total and utilized, remaining = total −
 * utilized), in the caller's transaction, so they cannot disagree. A debit is one conditional
 * UPDATE (`… WHERE total - utilized >= quantity`): PostgreSQL re-checks it after a concurrent
 * one commits, so concurrent consumptions never oversell, and the CHECKs refuse a negative
 * balance even to code that skips this module. An entry with a reference happens once.
 */
import type { CountedRole } from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';

export type Counter = 'esign' | CountedRole;

/**
 * What an entry does to the balance: credits raise the total, `allocationOut` and `expiry` lower
 * what remains of it, a consumption uses some of it and a release gives it back.
 */
export type EntryKind =
  'opening' | 'purchase' | 'allocationIn' | 'allocationOut' | 'consumption' | 'release' | 'expiry';

/**
 * Whose balance an entry changes: an organization's, or a provider's stock (migration 019; an L1
 * provider allocates out of it to its L2 providers).
 */
export type Holder = { orgSlno: number; sipSlno?: never } | { sipSlno: number; orgSlno?: never };

export type Entry = Holder & {
  counter: Counter;
  kind: EntryKind;
  quantity: number;
  /** Why, in words a report can show (e.g. "Approved as Authorized Signatory"). */
  reason: string;
  /** What it is for (a payment, a signature, a membership): with it, the entry happens once. */
  reference?: string;
  /** The lot (an organization's purchased plan) an eSign entry concerns. */
  purchasedPlanSlno?: number;
  by?: number | null;
  at: Date;
};

/** The balance table of a holder, and its key column. */
function balanceOf(holder: Holder) {
  return holder.sipSlno === undefined
    ? { table: 'organization_counters', column: 'org_slno', id: holder.orgSlno }
    : { table: 'provider_counters', column: 'sip_slno', id: holder.sipSlno };
}

/** What remains of a holder's counter (0 when it never had any); read in the caller's transaction. */
export async function remainingOf(
  tx: Queryable,
  holder: Holder,
  counter: Counter,
): Promise<number> {
  const { table, column, id } = balanceOf(holder);
  const { rows } = await tx.query<{ remaining: number }>(
    `SELECT total - utilized AS remaining FROM ${table} WHERE ${column} = $1 AND counter = $2`,
    [id, counter],
  );
  return rows[0]?.remaining ?? 0;
}

/**
 * - `applied`: the entry and the balance changed;
 * - `duplicate`: an entry of this kind with this reference exists, nothing changed;
 * - `insufficient`: not enough remains (or, for a release, is in use), nothing changed.
 */
export type Posting = 'applied' | 'duplicate' | 'insufficient';

/** How an entry changes the balance, and (for a debit) what must remain for it to fit. */
const BALANCE: Record<EntryKind, { change: string; fits?: string }> = {
  opening: { change: 'total = total + $3' },
  purchase: { change: 'total = total + $3' },
  allocationIn: { change: 'total = total + $3' },
  allocationOut: { change: 'total = total - $3', fits: 'total - utilized >= $3' },
  expiry: { change: 'total = total - $3', fits: 'total - utilized >= $3' },
  consumption: { change: 'utilized = utilized + $3', fits: 'total - utilized >= $3' },
  release: { change: 'utilized = utilized - $3', fits: 'utilized >= $3' },
};

/** Posts one entry in the caller's transaction (it must be one: the two writes go together). */
export async function post(tx: Queryable, entry: Entry): Promise<Posting> {
  if (!Number.isSafeInteger(entry.quantity) || entry.quantity <= 0)
    throw new RangeError(`a ledger quantity is a positive integer, not ${String(entry.quantity)}`);
  const { change, fits } = BALANCE[entry.kind];
  // A savepoint, so a posting that does not happen leaves the caller's transaction as it was.
  await tx.query('SAVEPOINT ledger_posting');
  const posted = await postInSavepoint(tx, entry, change, fits);
  await tx.query(
    posted === 'applied'
      ? 'RELEASE SAVEPOINT ledger_posting'
      : 'ROLLBACK TO SAVEPOINT ledger_posting',
  );
  return posted;
}

async function postInSavepoint(
  tx: Queryable,
  entry: Entry,
  change: string,
  fits: string | undefined,
): Promise<Posting> {
  // The entry first: with a reference, the unique index makes a second posting (even a
  // concurrent one, which waits for the first to end) a duplicate before any balance moves.
  const { rowCount: inserted } = await tx.query(
    `INSERT INTO counter_entries (org_slno, sip_slno, counter, kind, quantity, reason, reference, created_at, created_by, purchased_plan_slno)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
    [
      entry.orgSlno ?? null,
      entry.sipSlno ?? null,
      entry.counter,
      entry.kind,
      entry.quantity,
      entry.reason,
      entry.reference ?? null,
      entry.at,
      entry.by ?? null,
      entry.purchasedPlanSlno ?? null,
    ],
  );
  if (inserted !== 1) return 'duplicate';
  const { table, column, id } = balanceOf(entry);
  const key = [id, entry.counter, entry.quantity];
  const moved = fits
    ? await tx.query(
        `UPDATE ${table} SET ${change} WHERE ${column} = $1 AND counter = $2 AND ${fits}`,
        key,
      )
    : await tx.query(
        `INSERT INTO ${table} AS c (${column}, counter, total, utilized)
         VALUES ($1, $2, $3, 0)
         ON CONFLICT (${column}, counter) DO UPDATE SET total = c.total + EXCLUDED.total`,
        key,
      );
  return moved.rowCount === 1 ? 'applied' : 'insufficient';
}
