/** The connection pool. int8 (`count`, `sum`, bigint ids) is parsed to numbers here, once. */
import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`int8 ${value} is beyond a safe integer`);
  return parsed;
});

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/**
 * An idle connection the database closes (a restart, an administrator, the database stopping
 * before the server at shutdown) is dropped from the pool and reported; without a listener its
 * error would end the process. The next query opens a new connection.
 */
export function createPool(
  connectionString: string,
  max = 10,
  report: (message: string) => void = console.error,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => {
    report(`database: an idle connection was closed (${error.message}); a new one opens on demand`);
  });
  return pool;
}

/**
 * Runs `work` in a transaction: committed when it resolves, rolled back when it throws. While the
 * client is checked out, a connection the database closes (a restart, shutdown) is an error of the
 * query in flight, which rejects; without a listener the client's error event would end the
 * process.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const ignore = () => undefined;
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', ignore);
    client.release();
  }
}
