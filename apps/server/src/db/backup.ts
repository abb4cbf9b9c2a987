/**
 * A backup of everything Tawqi keeps: every table's rows as of one moment, and the
 * files that live beside the database — the audit anchor, the disk document store, demo mode's
 * SoftHSM token — in one .tar.gz. A restore puts them back into an empty database and empty
 * places (a live audit anchor is kept), and `audit:verify` then holds, or names what was lost.
 *
 * Why not pg_dump: the embedded PostgreSQL is 18 and ships no pg_dump, and the machine's (Debian's,
 * 15) refuses a newer server. The rows are read with COPY in one REPEATABLE READ snapshot and
 * written back with COPY after the same migrations made the same tables, so neither side needs a
 * client tool of the server's version. An operator with a matching pg_dump may use it instead
 * (the server README says how); the files beside the database are theirs to copy then.
 */
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import { migrate, prepareDatabase } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';
import { inTransaction, type Pool, type PoolClient } from './pool.js';

export const BACKUP_FORMAT = 'tawqi-backup/1';

/** The files beside the database, each where this server keeps it (null: not kept here). */
export interface OutsideFiles {
  /** AUDIT_ANCHOR_FILE: the signed checkpoints `audit:verify` compares the log with. */
  auditAnchor: string | null;
  /** DOCUMENT_DIR of DOCUMENT_STORE=disk: the uploaded documents' bytes. */
  documents: string | null;
  /** Demo mode's SoftHSM tokens (a hardware HSM is backed up by its own means). */
  softHsmTokens: string | null;
}

type OutsideName = keyof OutsideFiles;

interface TableCopy {
  name: string;
  /** The columns written, in order (generated columns are made again, not copied). */
  columns: string[];
  rows: number;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  madeAt: string;
  /** The migrations the database had: a restore makes the same tables before it copies. */
  migrations: string[];
  tables: TableCopy[];
  sequences: { name: string; value: number | null }[];
  outside: OutsideName[];
}

export class BackupError extends Error {}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's tables (schema_migrations is the migrations' own). */
async function applicationTables(client: PoolClient): Promise<string[]> {
  return (
    await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'
        ORDER BY c.relname`,
    )
  ).rows.map((row) => row.name);
}

async function copiedColumns(client: PoolClient, table: string): Promise<string[]> {
  return (
    await client.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        ORDER BY attnum`,
      [quote(table)],
    )
  ).rows.map((row) => row.name);
}

const tableFile = (folder: string, table: string) => join(folder, 'tables', `${table}.copy`);

/**
 * Writes the backup of the database `owner` reaches (the owner's role: it reads every table) and
 * of the files `outside` names to `archive`. Answers what it holds.
 */
export async function writeBackup(
  owner: Pool,
  outside: OutsideFiles,
  archive: string,
): Promise<Manifest> {
  const folder = mkdtempSync(join(tmpdir(), 'tawqi-backup-'));
  const kept: OutsideName[] = [];
  const keep = async (name: OutsideName) => {
    const path = outside[name];
    if (path === null || !existsSync(path)) return;
    await cp(path, join(folder, 'outside', name), { recursive: true });
    kept.push(name);
  };
  try {
    await mkdir(join(folder, 'tables'));
    // The anchor before the rows: every checkpoint it names is then in the rows' snapshot.
    await keep('auditAnchor');
    const client = await owner.connect();
    let manifest: Manifest;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const migrations = (
        await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
      ).rows.map((row) => row.name);
      const tables: TableCopy[] = [];
      for (const name of await applicationTables(client)) {
        const columns = await copiedColumns(client, name);
        const rows =
          (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(name)}`))
            .rows[0]?.n ?? 0;
        await pipeline(
          client.query(copyTo(`COPY ${quote(name)} (${columns.map(quote).join(', ')}) TO STDOUT`)),
          createWriteStream(tableFile(folder, name)),
        );
        tables.push({ name, columns, rows });
      }
      const sequences = (
        await client.query<{ name: string; value: number | null }>(
          `SELECT sequencename AS name, last_value AS value FROM pg_sequences
            WHERE schemaname = 'public' ORDER BY sequencename`,
        )
      ).rows;
      await client.query('COMMIT');
      manifest = {
        format: BACKUP_FORMAT,
        madeAt: new Date().toISOString(),
        migrations,
        tables,
        sequences,
        outside: [],
      };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    // Documents and keys after the rows: every one a row names is then in the copy.
    await keep('documents');
    await keep('softHsmTokens');
    manifest.outside = kept;
    await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(dirname(resolve(archive)), { recursive: true });
    await tar.create(
      { gzip: true, file: archive, cwd: folder, portable: true },
      readdirSync(folder),
    );
    return manifest;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** What a restore did: the backup's manifest, and the live files it kept instead of the backup's. */
export interface Restored {
  manifest: Manifest;
  /** The audit anchor found in place: the live one, kept, so `audit:verify` compares with it. */
  keptLive: OutsideName[];
}

/**
 * Restores `archive` into the empty database `owner` reaches (as its owner) and the files into
 * `outside`'s places, which must not hold anything yet — but the audit anchor: a live one in its
 * place is kept, never replaced by the backup's older one, so that `audit:verify` names what the
 * restore lost (what was anchored after the backup). Migrations newer than the backup are applied
 * after its rows are in. Nothing is changed when it refuses.
 */
export async function restoreBackup(
  owner: Pool,
  archive: string,
  outside: OutsideFiles,
): Promise<Restored> {
  const folder = mkdtempSync(join(tmpdir(), 'tawqi-restore-'));
  try {
    try {
      await tar.extract({ file: archive, cwd: folder });
    } catch (error) {
      throw new BackupError(`${archive} is not a Tawqi backup: ${(error as Error).message}`);
    }
    const manifest = JSON.parse(
      await readFile(join(folder, 'manifest.json'), 'utf8').catch(() => '{}'),
    ) as Partial<Manifest>;
    if (manifest.format !== BACKUP_FORMAT)
      throw new BackupError(`${archive} is not a Tawqi backup (${BACKUP_FORMAT})`);
    const { migrations = [], tables = [], sequences = [], outside: kept = [] } = manifest;
    const known = new Set(MIGRATIONS.map((migration) => migration.name));
    const unknown = migrations.filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw new BackupError(
        `the backup comes from a newer Tawqi (migrations ${unknown.join(', ')}): restore it with that release`,
      );
    const applied = await owner
      .query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')
      .then((result) => result.rows[0]?.n ?? 0)
      .catch(() => 0);
    if (applied > 0)
      throw new BackupError(
        'the database is not empty: restore into a new database (or a new DATA_DIR), never over one in use',
      );
    const keptLive: OutsideName[] = [];
    for (const name of kept) {
      const target = outside[name];
      if (target === null)
        throw new BackupError(`the backup holds ${name}, and this configuration keeps none`);
      if (!(await holdsSomething(target))) continue;
      if (name !== 'auditAnchor')
        throw new BackupError(`${target} is not empty: the backup's ${name} would replace it`);
      keptLive.push(name);
    }

    await migrate(
      owner,
      MIGRATIONS.filter((migration) => migrations.includes(migration.name)),
    );
    await inTransaction(owner, async (client) => {
      // The rows as they were: the migrations' own reference rows make way, and no trigger
      // counts or refuses again what the copied rows already are.
      for (const table of tables)
        await client.query(`ALTER TABLE ${quote(table.name)} DISABLE TRIGGER USER`);
      // The tables refer to each other in circles (an order and its payment): the references
      // are taken off while the rows go in and put back after, which checks every row against them.
      const references = (
        await client.query<{ name: string; table: string; definition: string }>(
          `SELECT c.conname AS name, c.conrelid::regclass::text AS table,
                  pg_get_constraintdef(c.oid) AS definition
             FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
            WHERE c.contype = 'f' AND n.nspname = 'public'`,
        )
      ).rows;
      for (const reference of references)
        await client.query(
          `ALTER TABLE ${reference.table} DROP CONSTRAINT ${quote(reference.name)}`,
        );
      if (tables.length > 0)
        await client.query(`TRUNCATE ${tables.map((table) => quote(table.name)).join(', ')}`);
      for (const table of tables) {
        await pipeline(
          createReadStream(tableFile(folder, table.name)),
          client.query(
            copyFrom(
              `COPY ${quote(table.name)} (${table.columns.map(quote).join(', ')}) FROM STDIN`,
            ),
          ),
        );
      }
      for (const reference of references)
        await client.query(
          `ALTER TABLE ${reference.table} ADD CONSTRAINT ${quote(reference.name)} ${reference.definition}`,
        );
      for (const table of tables)
        await client.query(`ALTER TABLE ${quote(table.name)} ENABLE TRIGGER USER`);
      for (const sequence of sequences)
        await client.query(
          sequence.value === null
            ? `SELECT setval($1::regclass, 1, false)`
            : `SELECT setval($1::regclass, $2)`,
          sequence.value === null ? [quote(sequence.name)] : [quote(sequence.name), sequence.value],
        );
    });
    await prepareDatabase(owner);
    for (const name of kept) {
      const target = outside[name];
      if (target && !keptLive.includes(name))
        await cp(join(folder, 'outside', name), target, { recursive: true });
    }
    return { manifest: manifest as Manifest, keptLive };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function holdsSomething(path: string): Promise<boolean> {
  const found = await stat(path).catch(() => null);
  if (!found) return false;
  return found.isDirectory() ? readdirSync(path).length > 0 : found.size > 0;
}
