/**
 * Where the simulators keep what they know: rows of `simulator_records` (migration
 * 039), each a kind, an id and a JSON value, so every server process on one database sees the same
 * identity-app requests, payments and keys. One small store for all of them rather than a table
 * each: a simulator's records are its own business, read by id or by a few fields.
 */
import type { Pool } from '../db/pool.js';

export interface SimulatorStore {
  get<T>(kind: string, id: string): Promise<T | undefined>;
  add(kind: string, id: string, value: object): Promise<void>;
  /**
   * Merges `changes` into a record whose fields are still `when` (a state's move, made by one of
   * any number of processes at once); answers the changed record, or undefined when it was not.
   */
  change<T>(
    kind: string,
    id: string,
    when: Partial<T>,
    changes: Partial<T>,
  ): Promise<T | undefined>;
  /** The records of a kind whose fields are `where`, oldest first. */
  list<T>(kind: string, where?: Partial<T>): Promise<T[]>;
  /** The record, made by `make` by whichever process asks first (a simulator's key). */
  once<T extends object>(kind: string, id: string, make: () => Promise<T>): Promise<T>;
}

/** Records older than this are forgotten (a demo's requests, payments, deliveries): not its keys. */
export const SIMULATOR_RECORD_DAYS = 30;

/**
 * Forgets the records made before `before`, but the simulators' keys (kind `key`: forgetting one
 * would make a new identity-app key, and what it signed would no longer verify). Answers how many.
 */
export async function forgetSimulatorRecords(pool: Pool, before: Date): Promise<number> {
  const { rowCount } = await pool.query(
    "DELETE FROM simulator_records WHERE kind <> 'key' AND created_at < $1",
    [before],
  );
  return rowCount ?? 0;
}

export function simulatorStore(pool: Pool): SimulatorStore {
  const get = async <T>(kind: string, id: string) =>
    (
      await pool.query<{ data: T }>(
        'SELECT data FROM simulator_records WHERE kind = $1 AND id = $2',
        [kind, id],
      )
    ).rows[0]?.data;
  return {
    get,
    async add(kind, id, value) {
      await pool.query('INSERT INTO simulator_records (kind, id, data) VALUES ($1, $2, $3)', [
        kind,
        id,
        JSON.stringify(value),
      ]);
    },
    async change<T>(kind: string, id: string, when: Partial<T>, changes: Partial<T>) {
      const { rows } = await pool.query<{ data: T }>(
        `UPDATE simulator_records SET data = data || $4::jsonb
          WHERE kind = $1 AND id = $2 AND data @> $3::jsonb RETURNING data`,
        [kind, id, JSON.stringify(when), JSON.stringify(changes)],
      );
      return rows[0]?.data;
    },
    async list<T>(kind: string, where: Partial<T> = {}) {
      const { rows } = await pool.query<{ data: T }>(
        `SELECT data FROM simulator_records WHERE kind = $1 AND data @> $2::jsonb ORDER BY record_slno`,
        [kind, JSON.stringify(where)],
      );
      return rows.map((row) => row.data);
    },
    async once(kind, id, make) {
      const found = await get<Awaited<ReturnType<typeof make>>>(kind, id);
      if (found) return found;
      await pool.query(
        'INSERT INTO simulator_records (kind, id, data) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [kind, id, JSON.stringify(await make())],
      );
      return (await get(kind, id)) as Awaited<ReturnType<typeof make>>;
    },
  };
}
