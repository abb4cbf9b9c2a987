/**
 * `npm start`: configuration from the environment, the database (embedded PostgreSQL in DATA_DIR
 * unless DATABASE_URL is set), migrations, demo data on first start, the server on HOST:PORT, and
 * a graceful shutdown on SIGINT/SIGTERM.
 */
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.js';
import {
  EmbeddedDatabaseError,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from './db/embedded.js';
import { pendingMigrations, prepareDatabase } from './db/migrate.js';
import {
  APP_ROLE,
  applicationRoleProblem,
  asRole,
  createRole,
  grantApplicationRole,
  roleOf,
} from './db/roles.js';
import { deriveKeys, hmac } from './keys.js';
import { createPool, lowPriorityForBackend, type Pool } from './db/pool.js';
import { documentStoreOf } from './modules/documents/store.js';
import { seedDemoData } from './demo/seed.js';
import { bannerOf, databaseLine } from './banner.js';
import { createServer, type StartPhase } from './server.js';

/**
 * A line as each slow part of the start begins: a person sees what it is doing, and the test
 * harness (scripts/start-server.mjs) tells a slow start, which moves, from a stuck one.
 */
function starting(
  phase: StartPhase | 'database' | 'migrations' | 'demo data' | 'listening',
  detail?: string,
) {
  console.log(`Starting: ${phase}${detail ? ` (${detail})` : ''} …`);
}

/** The configuration, or its one-line refusal and exit. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The database's addresses: DATABASE_URL's (and DATABASE_OWNER_URL's), or the embedded
 * PostgreSQL's in DATA_DIR, started here, with the application's own role.
 */
async function databaseOf(config: Config) {
  if (config.DATABASE_URL)
    return {
      embedded: null,
      appUrl: config.DATABASE_URL,
      ownerUrl: config.DATABASE_OWNER_URL,
    };
  starting('database', `the embedded PostgreSQL in ${config.DATA_DIR}/postgres`);
  let embedded: EmbeddedDatabase;
  try {
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
    });
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  await embedded.createDatabase('tawqi');
  const ownerUrl = embedded.urlOf('tawqi');
  const appUrl = asRole(
    ownerUrl,
    APP_ROLE,
    hmac(deriveKeys(config.secrets).otp, 'embedded app role'),
  );
  return { embedded, appUrl, ownerUrl };
}

/**
 * With the owner's connection (used for this and closed: the application never holds it): the
 * migrations, the application's role and its grants, the demo data on a first start.
 */
async function prepareAsOwner(
  config: Config,
  database: Awaited<ReturnType<typeof databaseOf>>,
): Promise<{ applied: string[]; seeded: string[] }> {
  const { ownerUrl, appUrl, embedded } = database;
  if (!ownerUrl) return { applied: [], seeded: [] };
  const owner = createPool(ownerUrl, 2, console.error, 0);
  starting('migrations');
  const applied = await prepareDatabase(owner);
  if (embedded) await createRole(owner, roleOf(appUrl), new URL(appUrl).password);
  await grantApplicationRole(owner, roleOf(appUrl));
  if (config.demoData) starting('demo data');
  const seeded = config.demoData
    ? await seedDemoData(owner, new Date(), documentStoreOf(config))
    : [];
  await owner.end();
  return { applied, seeded };
}

/** Refuses to start, in a few lines, on a database without its migrations or its role. */
async function refuseUnprepared(pool: Pool, embedded: EmbeddedDatabase | null): Promise<void> {
  const pending = await pendingMigrations(pool);
  const roleProblem = await applicationRoleProblem(pool);
  if (pending.length === 0 && !roleProblem) return;
  console.error(
    [
      'Tawqi cannot start:',
      ...(pending.length
        ? [
            `  migrations not applied: ${pending.join(', ')} (set DATABASE_OWNER_URL to apply them at start)`,
          ]
        : []),
      ...(roleProblem ? [`  ${roleProblem}`] : []),
    ].join('\n'),
  );
  await pool.end();
  await embedded?.stop();
  process.exit(1);
}

/** The server's pools: the requests', and apart from them the jobs', exports' and simulators'. */
function poolsOf(
  config: Config,
  appUrl: string,
  embedded: EmbeddedDatabase | null,
  report: (message: string) => void,
) {
  const timeout = config.DB_STATEMENT_TIMEOUT_MS;
  return {
    pool: createPool(appUrl, 10, report, timeout),
    // The background jobs' own connections: a slow job never takes one a request waits for.
    jobsPool: createPool(appUrl, 3, report, timeout),
    // The exports' likewise: a connection for each export written at once. An export's reading
    // is background work, like its file's thread: on the embedded database, at a low priority.
    exportsPool: createPool(
      appUrl,
      Math.max(1, config.EXPORTS_AT_ONCE),
      report,
      timeout,
      embedded ? lowPriorityForBackend : undefined,
    ),
    // The simulators' own (demo mode; a pool opens connections only when used).
    simulatorsPool: createPool(appUrl, 3, report, timeout),
  };
}

async function main(): Promise<void> {
  const config = configOrExit();
  const database = await databaseOf(config);
  const { embedded, appUrl } = database;
  const { applied, seeded } = await prepareAsOwner(config, database);
  // A pool's connections close a moment after its end() resolves: the embedded database stopping
  // then is no news (it was reported at some shutdowns).
  let stopping = false;
  const report = (message: string) => {
    if (!stopping) console.error(message);
  };
  const pools = poolsOf(config, appUrl, embedded, report);
  await refuseUnprepared(pools.pool, embedded);
  const { app } = await createServer({
    config,
    ...pools,
    longJobsAtStart: true,
    portalDir: fileURLToPath(new URL('../../portal/dist', import.meta.url)),
    localesDir: fileURLToPath(new URL('../../portal/public/locales', import.meta.url)),
    onPhase: (phase) => {
      starting(phase);
    },
  });
  starting('listening');
  await app.listen({ host: config.HOST, port: config.PORT });

  const banner = bannerOf(config, databaseLine(embedded !== null, applied, seeded));
  console.log(banner);
  // Enter shows it again, whatever has been printed since.
  if (process.stdin.isTTY)
    createInterface({ input: process.stdin }).on('line', () => {
      console.log(banner);
    });

  // Stop taking connections, let the requests in flight finish (cut after SHUTDOWN_GRACE_MS),
  // write the audit checkpoint (the app's onClose), close the pools, then stop the embedded
  // database: a balancer's other processes take the new requests meanwhile.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down, finishing the requests in progress …`);
    const grace = setTimeout(() => {
      console.log(`requests still in progress after ${String(config.SHUTDOWN_GRACE_MS)} ms: cut`);
      app.server.closeAllConnections();
    }, config.SHUTDOWN_GRACE_MS);
    grace.unref();
    await app.close();
    clearTimeout(grace);
    for (const pool of Object.values(pools)) await pool.end();
    await embedded?.stop();
    console.log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

try {
  await main();
} catch (error) {
  // The database or the system refusing at start (a pg or errno code): one line that says so,
  // not a stack. Anything else is a fault, and keeps its stack.
  // Something thrown that is not an error (a library rejecting with nothing) is said in a line too.
  if (!(error instanceof Error)) {
    console.error(`Tawqi cannot start: ${String(error)}`);
    process.exit(1);
  }
  const { code } = error as { code?: unknown };
  if (typeof code !== 'string') throw error;
  console.error(`Tawqi cannot start: ${error.message} (${code})`);
  process.exit(1);
}
