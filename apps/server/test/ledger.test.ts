/**
 * The counters ledger (issue 15's foundation): balances move only with an entry, in the same
 * transaction; a debit never oversells however many arrive at once; a referenced entry happens
 * once; entries cannot be rewritten; and the seeded world's entries add up to its balances.
 */
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/pool.js';
import { post, type Entry } from '../src/modules/counters/ledger.js';
import { startHarness } from './harness.js';
import { freshOrganization } from './world.js';

const h = await startHarness();
const ORG = (await freshOrganization(h)).orgSlno;

async function balance(counter: string) {
  const { rows } = await h.pool.query<{ total: number; utilized: number }>(
    'SELECT total, utilized FROM organization_counters WHERE org_slno = $1 AND counter = $2',
    [ORG, counter],
  );
  return rows[0] ?? { total: 0, utilized: 0 };
}

type Fields = Partial<Omit<Entry, 'orgSlno' | 'sipSlno'>>;

const entry = (overrides: Fields): Entry => ({
  orgSlno: ORG,
  counter: 'esign',
  kind: 'consumption',
  quantity: 1,
  reason: 'test',
  at: h.clock.now,
  ...overrides,
});

const posting = (overrides: Fields) => inTransaction(h.pool, (tx) => post(tx, entry(overrides)));

describe('the counters ledger', () => {
  it('lets exactly ten of fifty concurrent consumptions through a balance of ten, never below zero', async () => {
    const before = await balance('esign');
    const remaining = before.total - before.utilized;
    // Use all but ten first.
    expect(await posting({ quantity: remaining - 10, reason: 'most of it' })).toBe('applied');
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => posting({ reference: `signature-${String(i)}` })),
    );
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 'insufficient')).toHaveLength(40);
    const after = await balance('esign');
    expect(after.total - after.utilized).toBe(0);
    // Only the ten that happened were written.
    const { rows } = await h.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM counter_entries WHERE org_slno = $1 AND reference LIKE 'signature-%'`,
      [ORG],
    );
    expect(Number(rows[0]?.n)).toBe(10);
  });

  it('credits a payment once, however many times it is posted at once', async () => {
    const before = await balance('authorizedSignatory');
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        posting({
          counter: 'authorizedSignatory',
          kind: 'purchase',
          quantity: 7,
          reference: 'payment-42',
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(4);
    expect((await balance('authorizedSignatory')).total).toBe(before.total + 7);
  });

  it('releases only what is in use, and leaves the caller’s transaction usable after a refusal', async () => {
    const seats = await balance('enrolmentAdmin');
    await inTransaction(h.pool, async (tx) => {
      expect(
        await post(
          tx,
          entry({ counter: 'enrolmentAdmin', kind: 'release', quantity: seats.utilized + 1 }),
        ),
      ).toBe('insufficient');
      // The same transaction goes on and commits what it does next.
      expect(
        await post(tx, entry({ counter: 'enrolmentAdmin', kind: 'release', quantity: 1 })),
      ).toBe('applied');
    });
    expect((await balance('enrolmentAdmin')).utilized).toBe(seats.utilized - 1);
  });

  it('refuses a quantity that is not a positive integer, before writing anything', async () => {
    await expect(posting({ quantity: 0 })).rejects.toThrow(RangeError);
    await expect(posting({ quantity: 1.5 })).rejects.toThrow(RangeError);
  });

  it('cannot be rewritten, and its balances cannot go negative even by hand', async () => {
    await expect(h.pool.query('UPDATE counter_entries SET quantity = 1')).rejects.toThrow(
      /permission denied/,
    );
    await expect(h.pool.query('DELETE FROM counter_entries')).rejects.toThrow(/permission denied/);
    await expect(h.ownerPool.query('DELETE FROM counter_entries')).rejects.toThrow(/append-only/);
    await expect(
      h.pool.query(
        `UPDATE organization_counters SET utilized = total + 1 WHERE org_slno = $1 AND counter = 'esign'`,
        [ORG],
      ),
    ).rejects.toThrow(/check constraint/);
  });

  it('adds up: every balance of the world equals the sum of its entries', async () => {
    const { rows } = await h.pool.query<{ org_slno: number; counter: string; off: boolean }>(
      `WITH sums AS (
         SELECT org_slno, counter,
                sum(CASE WHEN kind IN ('opening', 'purchase', 'allocationIn') THEN quantity
                         WHEN kind IN ('allocationOut', 'expiry') THEN -quantity ELSE 0 END) AS total,
                sum(CASE WHEN kind = 'consumption' THEN quantity
                         WHEN kind = 'release' THEN -quantity ELSE 0 END) AS utilized
           FROM counter_entries GROUP BY org_slno, counter)
       SELECT c.org_slno, c.counter, (s.total IS DISTINCT FROM c.total OR s.utilized IS DISTINCT FROM c.utilized) AS off
         FROM organization_counters c LEFT JOIN sums s USING (org_slno, counter)`,
    );
    expect(rows.length).toBeGreaterThan(8);
    expect(rows.filter((row) => row.off)).toEqual([]);
  });
});
