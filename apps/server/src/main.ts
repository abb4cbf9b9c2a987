/**
 * `npm start`: configuration from the environment, the database (embedded PostgreSQL in DATA_DIR
 * unless DATABASE_URL is set), migrations, demo data on first start, the server on HOST:PORT, and
 * a graceful shutdown on SIGINT/SIGTERM.
 */
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { createPool } from './db/pool.js';
import { DEMO_PASSWORD, DEMO_PEOPLE, seedDemoData } from './db/seed.js';
import { SIMULATOR_PREFIX } from './adapters/nafath/simulator.js';
import { createServer } from './server.js';

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
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    console.log(`Starting the embedded PostgreSQL in ${config.DATA_DIR}/postgres …`);
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
    });
    await embedded.createDatabase('tawqi');
    databaseUrl = embedded.urlOf('tawqi');
  }
  const pool = createPool(databaseUrl);
  const applied = await migrate(pool);
  const seeded = config.DEMO_DATA ? await seedDemoData(pool, new Date()) : false;
  const portalDir = fileURLToPath(new URL('../../portal/dist', import.meta.url));
  const localesDir = fileURLToPath(new URL('../../portal/public/locales', import.meta.url));
  const { app } = await createServer({ config, pool, portalDir, localesDir });
  await app.listen({ host: config.HOST, port: config.PORT });

  const address = `http://${config.HOST}:${String(config.PORT)}`;
  console.log(
    [
      '',
      `Tawqi is running at ${address}`,
      `  database: ${embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}${applied.length ? ` (migrations applied: ${applied.join(', ')})` : ''}${seeded ? ', demo data seeded' : ''}`,
      `  health: ${address}/health   readiness: ${address}/ready`,
      `  national identity app simulator (phone): ${address}${SIMULATOR_PREFIX}/phone`,
      `  one-time codes outbox (development): ${address}/dev/outbox`,
      '  demo identities (password for credentials sign-in: ' + DEMO_PASSWORD + '):',
      ...DEMO_PEOPLE.map(
        (person) =>
          `    ${person.nationalId}  ${person.username.padEnd(9)} ${person.en} — ${person.role}`,
      ),
      '',
    ].join('\n'),
  );

  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down …`);
    await app.close();
    await pool.end();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
