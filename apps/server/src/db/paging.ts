/**
 * One page of a list and the list's total, in one round trip: every grid asks for both, and a
 * request that waits for two answers from a busy pool waits twice. The page and the count are
 * written as two ordinary queries over the same parameters; this runs them as one statement.
 */
import type { Pool, PoolClient } from './pool.js';

export interface PageQuery {
  /** The page: a SELECT with its ORDER BY, LIMIT and OFFSET. */
  rows: string;
  /** The same WHERE, counted: `SELECT count(*) FROM … WHERE …`. */
  count: string;
  /** The parameters both use ($1, $2, …). */
  values: readonly unknown[];
}

interface Marked {
  __total: number;
  __present: boolean | null;
  __n: number | null;
}

/**
 * A list's statement is prepared once per connection under a name of its own (parsing and
 * planning it on every request cost a third of a list's throughput in `npm run bench`). A list's
 * text depends only on which filters are set (values are parameters), so the names are few; past
 * a bound they are not kept, in case a caller ever puts values into the text.
 */
const NAMES = new Map<string, string>();
const MOST_NAMES = 200;

function statementName(text: string): string | undefined {
  let name = NAMES.get(text);
  if (!name && NAMES.size < MOST_NAMES) {
    name = `page-${String(NAMES.size + 1)}`;
    NAMES.set(text, name);
  }
  return name;
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names its row type, as with pg's query<Row>
export async function pageWithTotal<Row extends object>(
  db: Pool | PoolClient,
  query: PageQuery,
): Promise<{ rows: Row[]; total: number }> {
  // The count always answers one row; the page joins it (none on a page past the end). Each page
  // row is numbered in the page's own order, so the join cannot reorder it.
  const text = `SELECT total.count AS __total, page.*
       FROM (${query.count}) AS total (count)
       LEFT JOIN LATERAL (
         SELECT true AS __present, row_number() OVER () AS __n, listed.* FROM (${query.rows}) AS listed
       ) AS page ON true
      ORDER BY page.__n`;
  const name = statementName(text);
  const result = await db.query<Marked & Row>(
    name ? { name, text, values: [...query.values] } : { text, values: [...query.values] },
  );
  const rows = result.rows
    .filter((row) => row.__present)
    .map(({ __total: _total, __present: _present, __n: _n, ...row }) => row as unknown as Row);
  return { rows, total: result.rows[0]?.__total ?? 0 };
}

/**
 * One condition of a list's filter: its SQL, whose `$1`, `$2`, … are its own values that follow;
 * or a falsy value for a filter field the request left empty (an empty list, no date, no text).
 */
export type Condition =
  | readonly [sql: string, ...values: unknown[]]
  // what `field && [...]` gives for a field not set (an id is never 0)
  | false
  | 0
  | ''
  | null
  | undefined;

/**
 * A filter's WHERE from the conditions that apply, their placeholders numbered in turn. A filter
 * field left empty is left out of the text (rather than written `$n IS NULL OR …`), so each set of
 * fields in use is a statement of its own, prepared once, whose plan uses the list's index: the
 * catch-all form made PostgreSQL plan for every filter at once, and a user's plain first page cost
 * twice the database time (`npm run bench`).
 */
export function whereOf(...conditions: Condition[]): { where: string; values: unknown[] } {
  const values: unknown[] = [];
  const parts: string[] = [];
  for (const condition of conditions) {
    if (!condition) continue;
    const [sql, ...own] = condition;
    const first = values.length;
    values.push(...own);
    parts.push(
      `(${sql.replace(/\$(\d+)/g, (_match, n: string) => {
        const index = Number(n);
        if (index < 1 || index > own.length)
          throw new RangeError(`a condition names $${n} but has ${String(own.length)} values`);
        return `$${String(first + index)}`;
      })})`,
    );
  }
  return { where: parts.length ? parts.join(' AND ') : 'true', values };
}

/** A search box's text, trimmed; undefined when nothing is typed (the search left out). */
export function searchText(search: string | null | undefined): string | undefined {
  const text = (search ?? '').trim();
  return text === '' ? undefined : text;
}

interface DayRange {
  fromDate?: string | null | undefined;
  toDate?: string | null | undefined;
}

/** A filter's days, both included, of the moment or date `column`, as the database counts days. */
export function days(column: string, { fromDate, toDate }: DayRange): Condition[] {
  return [
    fromDate && [`${column} >= $1::date`, fromDate],
    toDate && [`${column} < $1::date + 1`, toDate],
  ];
}

/** A filter's days, both included, as Riyadh's calendar counts them, of the moment `column`. */
export function riyadhDays(column: string, { fromDate, toDate }: DayRange): Condition[] {
  const day = `(${column} AT TIME ZONE 'Asia/Riyadh')::date`;
  return [fromDate && [`${day} >= $1::date`, fromDate], toDate && [`${day} <= $1::date`, toDate]];
}

/** One key column of a list's order: its SQL, its type, and its value in a read row. */
export interface KeyColumn<Row> {
  column: string;
  type: 'int' | 'bigint' | 'timestamptz' | 'text';
  of: (row: Row) => unknown;
}

export interface BatchQuery<Row> {
  /** `SELECT … FROM …` without the WHERE. */
  select: string;
  where: string;
  values: readonly unknown[];
  /** A unique order, every column descending (newest first, as the grids show it). */
  order: readonly KeyColumn<Row>[];
}

/** How many rows an export reads at a time: its memory stays flat however long the list. */
export const BATCH_SIZE = 1000;

/**
 * Every row of a list, read a batch at a time by keyset (after the last row read, never OFFSET),
 * in the order a grid shows them: the stream an export writes from. Each batch is its own short
 * statement, so a slow download holds no connection and no transaction between batches.
 */
export async function* batches<Row extends object>(
  db: Pool | PoolClient,
  query: BatchQuery<Row>,
  size = BATCH_SIZE,
): AsyncGenerator<Row> {
  const first = query.values.length + 1;
  const key = query.order.map((part) => part.column).join(', ');
  const after = query.order
    .map((part, index) => `$${String(first + index)}::${part.type}`)
    .join(', ');
  const text = `${query.select} WHERE (${query.where})
      AND ($${String(first)}::${query.order[0]?.type ?? 'int'} IS NULL OR (${key}) < (${after}))
    ORDER BY ${query.order.map((part) => `${part.column} DESC`).join(', ')} LIMIT ${String(size)}`;
  const read = (last: Row | undefined) =>
    db.query<Row>(text, [
      ...query.values,
      ...query.order.map((part) => (last ? part.of(last) : null)),
    ]);
  let next = read(undefined);
  try {
    for (;;) {
      const { rows } = await next;
      // The next batch is read while this one is written: the database and the writer overlap.
      const full = rows.length === size;
      if (full) next = read(rows.at(-1));
      yield* rows;
      if (!full) return;
    }
  } finally {
    // A reader that stops early (a download cut off) leaves a batch in flight: its failure is moot.
    next.catch(() => undefined);
  }
}
