/**
 * `npm run audit:verify`: checks the audit log of the configured database (DATABASE_URL, or the
 * embedded one in DATA_DIR — running or not) with the key of AUDIT_KEY, and names the first record
 * that fails. Exits 0 when the log holds, 1 when it does not, 2 when it could not be read.
 */
import { ConfigError, loadConfig } from '../config.js';
import { startEmbeddedPostgres, embeddedOwnerUrl } from '../db/embedded.js';
import { createPool } from '../db/pool.js';
import { deriveKeys } from '../keys.js';
import { verifyAuditLog } from '../modules/audit/verify.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  let url = config.DATABASE_URL;
  let stop: (() => Promise<void>) | null = null;
  if (!url) {
    url = embeddedOwnerUrl(config.EMBEDDED_PG_PORT, 'tawqi');
    // The server may be running its embedded database; if not, start it for this check.
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
    }
  }
  const pool = createPool(url, 2, () => undefined);
  try {
    const verdict = await verifyAuditLog(pool, deriveKeys(config.secrets));
    if (verdict.ok) {
      console.log(
        `audit log verified: ${String(verdict.records)} records, ${String(verdict.checkpoints)} signed checkpoints`,
      );
      return 0;
    }
    console.error(
      `audit log FAILED verification after ${String(verdict.records)} good records: ${
        verdict.firstBadRecord === null ? '' : `record ${String(verdict.firstBadRecord)}: `
      }${verdict.reason}`,
    );
    return 1;
  } catch (error) {
    console.error(`the audit log could not be read: ${String(error)}`);
    return 2;
  } finally {
    await pool.end();
    await stop?.();
  }
}

process.exit(await main());
