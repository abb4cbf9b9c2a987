import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { batches, riyadhDays, searchText, whereOf } from '../src/db/paging.js';

interface Row {
  id: number;
}

/** A database of `total` rows numbered newest first, answering the keyset statement batches sends. */
function fakeDatabase(total: number, failOnCall?: number) {
  const calls: (number | null)[] = [];
  const db = {
    query: (_text: string, values: unknown[]) => {
      const after = values.at(-1) as number | null;
      calls.push(after);
      if (calls.length === failOnCall) return Promise.reject(new Error('the connection was lost'));
      const start = after ?? total + 1;
      const size = 3;
      const rows: Row[] = [];
      for (let id = start - 1; id >= 1 && rows.length < size; id -= 1) rows.push({ id });
      return Promise.resolve({ rows });
    },
  };
  return { db: db as unknown as Pool, calls };
}

const query = {
  select: 'SELECT id FROM t',
  where: 'true',
  values: [],
  order: [{ column: 'id', type: 'int' as const, of: (row: Row) => row.id }],
};

describe('reading a list a batch at a time', () => {
  it('continues each batch after the last row read, without a gap or a repeat', async () => {
    const { db, calls } = fakeDatabase(8);
    const ids: number[] = [];
    for await (const row of batches<Row>(db, query, 3)) ids.push(row.id);
    expect(ids).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(calls).toEqual([null, 6, 3]);
  });

  it('stops after a batch that is not full, reading no further', async () => {
    const { db, calls } = fakeDatabase(6);
    const ids: number[] = [];
    for await (const row of batches<Row>(db, query, 3)) ids.push(row.id);
    // 6 rows in batches of 3: the third read finds none and ends the list.
    expect(ids).toEqual([6, 5, 4, 3, 2, 1]);
    expect(calls).toEqual([null, 4, 1]);
  });

  it('raises a failed read to the reader', async () => {
    const { db } = fakeDatabase(8, 2);
    const ids: number[] = [];
    await expect(async () => {
      for await (const row of batches<Row>(db, query, 3)) ids.push(row.id);
    }).rejects.toThrow('the connection was lost');
    expect(ids).toEqual([8, 7, 6]);
  });

  it('lets a reader stop early while the next batch is in flight, even if that read fails', async () => {
    // The second read (already started while the first batch is written) fails; the reader
    // stops after one row, so nothing may surface as an unhandled rejection.
    const { db, calls } = fakeDatabase(8, 2);
    const ids: number[] = [];
    for await (const row of batches<Row>(db, query, 3)) {
      ids.push(row.id);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ids).toEqual([8]);
    expect(calls).toEqual([null, 6]);
  });
});

describe('a filter of the conditions that apply', () => {
  it('numbers each condition’s own placeholders in turn, a repeated one once', () => {
    const search = searchText('  ES-2026 ');
    expect(
      whereOf(
        ['t.org_slno = $1 AND t.kind = $2', 7, 'newUser'],
        undefined,
        [].length && ['t.status = ANY($1::text[])', []],
        ...riyadhDays('t.created_at', { fromDate: '2026-11-01', toDate: null }),
        search && [`t.id ILIKE '%' || $1 || '%' OR t.name ILIKE '%' || $1 || '%'`, search],
      ),
    ).toEqual({
      where:
        "(t.org_slno = $1 AND t.kind = $2) AND ((t.created_at AT TIME ZONE 'Asia/Riyadh')::date >= $3::date) AND (t.id ILIKE '%' || $4 || '%' OR t.name ILIKE '%' || $4 || '%')",
      values: [7, 'newUser', '2026-11-01', 'ES-2026'],
    });
  });

  it('leaves out what is not set: no text, no empty search, nothing at all', () => {
    expect(searchText('   ')).toBeUndefined();
    expect(searchText(undefined)).toBeUndefined();
    expect(whereOf(null, false, '', 0)).toEqual({ where: 'true', values: [] });
  });

  it('refuses a condition naming a value it does not have', () => {
    expect(() => whereOf(['a = $1 AND b = $2', 1])).toThrow(RangeError);
    expect(() => whereOf(['a = $0', 1])).toThrow(RangeError);
  });
});
