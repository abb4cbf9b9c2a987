/** The connection pool. int8 (`count`, `sum`, bigint ids) is parsed to numbers here, once. */
import { readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { NICE } from '../threadPriority.js';
import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`int8 ${value} is beyond a safe integer`);
  return parsed;
});

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** What a statement runs on: the pool (its own transaction) or a transaction's client. */
export type Queryable = Pool | PoolClient;

/** Work a transaction runs last, just before COMMIT (see `beforeCommit`). */
const closingWork = new WeakMap<PoolClient, (() => Promise<void>)[]>();
const committedWork = new WeakMap<PoolClient, (() => void | Promise<void>)[]>();

/**
 * Work done once the transaction of `client` has committed (never when it rolls back), on the
 * same connection, before the transaction's caller goes on. It must not throw: the change stands.
 */
export function afterCommit(client: PoolClient, work: () => void | Promise<void>): void {
  const list = committedWork.get(client);
  if (!list) throw new Error('afterCommit needs a transaction opened by inTransaction');
  list.push(work);
}

/**
 * Runs `work` as the last step of the transaction `client` is in, just before its COMMIT, and only
 * if the transaction gets there (the audit log writes its records this way). Answers the
 * transaction's identity (the same object for every call within one transaction, a new one for
 * the next), so a caller can gather its own work per transaction.
 */
export function beforeCommit(client: PoolClient, work?: () => Promise<void>): object {
  const list = closingWork.get(client);
  if (!list) throw new Error('beforeCommit needs a transaction opened by inTransaction');
  if (work) list.push(work);
  return list;
}

/** A transaction left idle this long is ended by the database (it holds locks and a connection). */
const IDLE_IN_TRANSACTION_MS = 60_000;

/**
 * An idle connection the database closes (a restart, an administrator, the database stopping
 * before the server at shutdown) is dropped from the pool and reported; without a listener its
 * error would end the process. The next query opens a new connection. Every connection has a
 * statement timeout (`statementTimeoutMs`, 0 for none: the owner's migrations) and an
 * idle-in-transaction timeout, so one slow path cannot hold connections others wait for.
 */
export function createPool(
  connectionString: string,
  max = 10,
  report: (message: string) => void = console.error,
  statementTimeoutMs = 30_000,
  /** Run on each new connection before it is used (pg-pool awaits it). */
  onConnect?: (client: pg.ClientBase) => Promise<void>,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- pg-pool (3.14) awaits it before handing the client out; @types/pg says void
    ...(onConnect ? { onConnect } : {}),
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
  });
  pool.on('error', (error) => {
    report(`database: an idle connection was closed (${error.message}); a new one opens on demand`);
  });
  return pool;
}

/**
 * Runs `work` in a transaction: committed when it resolves, rolled back when it throws. Given a
 * transaction's client instead of the pool, `work` joins that transaction, so a module's change
 * and the caller's (and the audit record of both) commit together. While the client is checked
 * out, a connection the database closes (a restart, shutdown) is an error of the query in
 * flight, which rejects; without a listener the client's error event would end the process.
 */
export async function inTransaction<T>(
  db: Queryable,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (!(db instanceof pg.Pool)) {
    if (!closingWork.has(db)) throw new Error('inTransaction joins only a transaction it opened');
    return work(db);
  }
  const client = await db.connect();
  const ignore = () => undefined;
  client.on('error', ignore);
  const closing: (() => Promise<void>)[] = [];
  closingWork.set(client, closing);
  const committed: (() => void | Promise<void>)[] = [];
  committedWork.set(client, committed);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    for (const step of closing) await step();
    await client.query('COMMIT');
    for (const step of committed) await step();
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    closingWork.delete(client);
    committedWork.delete(client);
    client.off('error', ignore);
    client.release();
  }
}

/**
 * Gives a database backend a low CPU priority (a pool's `onConnect`), as the exports' process
 * has (threadPriority.ts): its work then takes only what the requests' backends and the server's
 * thread leave over. Each backend is a session of its own, so where the kernel shares the CPU
 * between sessions first (autogroup) its session's group is lowered too. For a database this
 * process started (demo mode's embedded PostgreSQL, on this machine); a backend that is not a
 * postgres process this user may lower is left alone.
 */
export async function lowPriorityForBackend(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]?.pid;
  try {
    if (!pid || !readFileSync(`/proc/${String(pid)}/cmdline`, 'latin1').includes('postgres'))
      return;
    setPriority(pid, NICE.low);
  } catch {
    // Not ours to lower (another machine, user or namespace): it keeps its priority.
    return;
  }
  try {
    writeFileSync(`/proc/${String(pid)}/autogroup`, String(NICE.low));
  } catch {
    // No autogroup on this kernel: the backend's own priority is what counts.
  }
}
