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
import { createPool, lowPriorityForBackend } from './db/pool.js';
import { documentStoreOf } from './modules/documents/store.js';
import { seedDemoData } from './demo/seed.js';
import { bannerOf } from './banner.js';
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

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let embedded: EmbeddedDatabase | null = null;
  let appUrl = config.DATABASE_URL;
  let ownerUrl = config.DATABASE_OWNER_URL;
  if (!appUrl) {
    starting('database', `the embedded PostgreSQL in ${config.DATA_DIR}/postgres`);
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
    ownerUrl = embedded.urlOf('tawqi');
    appUrl = asRole(ownerUrl, APP_ROLE, hmac(deriveKeys(config.secrets).otp, 'embedded app role'));
  }
  let applied: string[] = [];
  let seeded: string[] = [];
  if (ownerUrl) {
    // The owner's connection is used for this and closed: the application never holds it.
    const owner = createPool(ownerUrl, 2, console.error, 0);
    starting('migrations');
    applied = await prepareDatabase(owner);
    if (embedded) await createRole(owner, roleOf(appUrl), new URL(appUrl).password);
    await grantApplicationRole(owner, roleOf(appUrl));
    if (config.demoData) starting('demo data');
    seeded = config.demoData ? await seedDemoData(owner, new Date(), documentStoreOf(config)) : [];
    await owner.end();
  }
  // A pool's connections close a moment after its end() resolves: the embedded database stopping
  // then is no news (it was reported at some shutdowns).
  let stopping = false;
  const report = (message: string) => {
    if (!stopping) console.error(message);
  };
  const pool = createPool(appUrl, 10, report, config.DB_STATEMENT_TIMEOUT_MS);
  const pending = await pendingMigrations(pool);
  const roleProblem = await applicationRoleProblem(pool);
  if (pending.length > 0 || roleProblem) {
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
  const portalDir = fileURLToPath(new URL('../../portal/dist', import.meta.url));
  const localesDir = fileURLToPath(new URL('../../portal/public/locales', import.meta.url));
  // The background jobs' own connections: a slow job never takes one a request waits for.
  const jobsPool = createPool(appUrl, 3, report, config.DB_STATEMENT_TIMEOUT_MS);
  // The exports' likewise: a connection for each export written at once. An export's reading is
  // background work, like its file's thread: on the embedded database, at a low priority.
  const exportsPool = createPool(
    appUrl,
    Math.max(1, config.EXPORTS_AT_ONCE),
    report,
    config.DB_STATEMENT_TIMEOUT_MS,
    embedded ? lowPriorityForBackend : undefined,
  );
  // The simulators' own (demo mode; a pool opens connections only when used).
  const simulatorsPool = createPool(appUrl, 3, report, config.DB_STATEMENT_TIMEOUT_MS);
  const { app } = await createServer({
    config,
    pool,
    jobsPool,
    simulatorsPool,
    longJobsAtStart: true,
    exportsPool,
    portalDir,
    localesDir,
    onPhase: (phase) => {
      starting(phase);
    },
  });
  starting('listening');
  await app.listen({ host: config.HOST, port: config.PORT });

  const banner = bannerOf(
    config,
    `${embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}${applied.length ? ` (migrations applied: ${applied.join(', ')})` : ''}${seeded.length ? `, demo data seeded: ${seeded.join(', ')}` : ''}`,
  );
  console.log(banner);
  // Enter shows it again, whatever has been printed since.
  if (process.stdin.isTTY)
    createInterface({ input: process.stdin }).on('line', () => {
      console.log(banner);
    });

  // Stop taking connections, let the requests in flight finish (cut after SHUTDOWN_GRACE_MS),
  // write the audit checkpoint (the app's onClose), close the pool, then stop the embedded
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
    await pool.end();
    await jobsPool.end();
    await exportsPool.end();
    await simulatorsPool.end();
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
