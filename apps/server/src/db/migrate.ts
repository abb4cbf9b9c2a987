/**
 * Versioned migrations, run at start. Each runs once, in its own transaction, recorded in
 * schema_migrations; an advisory lock keeps two instances starting together from racing.
 */
import { installJobQueue } from './jobs.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Pool } from './pool.js';

const LOCK_ID = 7_207_301; // any constant shared by every instance of Tawqi

export async function migrate(pool: Pool, migrations = MIGRATIONS): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (row) => row.name,
      ),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(
          `migration ${migration.name} failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

/** The migrations not yet applied (read with the application's role, which cannot apply them). */
export async function pendingMigrations(pool: Pool, migrations = MIGRATIONS): Promise<string[]> {
  const applied = await pool
    .query<{ name: string }>('SELECT name FROM schema_migrations')
    .then((result) => new Set(result.rows.map((row) => row.name)))
    .catch(() => new Set<string>());
  return migrations.map((migration) => migration.name).filter((name) => !applied.has(name));
}

/**
 * What the owner's connection makes before a server runs on a database: the migrations, then the
 * job queue's tables (pg-boss's own schema). Answers the migrations applied.
 */
export async function prepareDatabase(owner: Pool): Promise<string[]> {
  const applied = await migrate(owner);
  await installJobQueue(owner);
  return applied;
}
