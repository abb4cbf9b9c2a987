/**
 * What an operator's tool runs with: the configuration (or null, its fault printed), and the
 * database it works on: DATABASE_URL, or the embedded one in DATA_DIR —
 * the server's while it runs, else started for the tool and stopped after.
 */
import { ConfigError, loadConfig, type Config } from '../config.js';
import { embeddedOwnerUrl, startEmbeddedPostgres } from '../db/embedded.js';
import { createPool, type Pool } from '../db/pool.js';

export function toolConfig(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}

export async function toolDatabase(
  config: Config,
  /**
   * The owner's connection (DATABASE_OWNER_URL), for what the application's role may not do;
   * `create`: the embedded database is made when this DATA_DIR has none yet (a restore).
   */
  options: { owner?: boolean; create?: boolean } = {},
): Promise<{ pool: Pool; close: () => Promise<void> }> {
  let url = options.owner
    ? (config.DATABASE_OWNER_URL ?? config.DATABASE_URL)
    : config.DATABASE_URL;
  let stop: (() => Promise<void>) | null = null;
  if (!url) {
    url = embeddedOwnerUrl(config.EMBEDDED_PG_PORT, 'tawqi');
    const probe = createPool(url, 1, () => undefined);
    const running = await probe.query('SELECT 1').then(
      () => true,
      () => false,
    );
    await probe.end();
    if (!running) {
      const embedded = await startEmbeddedPostgres({
        dataDir: config.DATA_DIR,
        port: config.EMBEDDED_PG_PORT,
      });
      stop = () => embedded.stop();
      if (options.create) await embedded.createDatabase('tawqi');
    }
  }
  const pool = createPool(url, 2, () => undefined);
  return {
    pool,
    close: async () => {
      await pool.end();
      await stop?.();
    },
  };
}
