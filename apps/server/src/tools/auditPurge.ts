/**
 * `npm run audit:purge`: removes the audit records older than AUDIT_RETENTION_MONTHS (24), up to
 * the latest signed checkpoint they all precede, as the database's owner (DATABASE_OWNER_URL in
 * production; the embedded database's owner in demo mode). The purge is recorded in the log, and
 * `audit:verify` then checks the chain from the cut. Run it monthly (cron, a scheduled job).
 * Exits 0 when done (or nothing was old enough), 2 when it could not be.
 */
import { createAuditLog } from '../modules/audit/log.js';
import { purgeAuditLog } from '../modules/audit/retention.js';
import { deriveKeys, purgeSigningKey } from '../keys.js';
import { toolConfig, toolDatabase } from './database.js';

async function main(): Promise<number> {
  const config = toolConfig();
  if (!config) return 2;
  const { pool, close } = await toolDatabase(config, { owner: true });
  try {
    const keys = deriveKeys(config.secrets);
    const clock = () => new Date();
    const outcome = await purgeAuditLog(
      pool,
      {
        keys,
        purgeKey: purgeSigningKey(config.secrets.audit),
        clock,
        audit: createAuditLog({ keys, clock }),
      },
      config.AUDIT_RETENTION_MONTHS,
    );
    console.log(
      outcome.throughSlno === null
        ? `no audit records to purge: none up to a signed checkpoint is older than ${outcome.olderThan.toISOString()}`
        : `audit records up to ${String(outcome.throughSlno)} purged (${String(outcome.records)} records older than ${outcome.olderThan.toISOString()}); the chain continues from its signed checkpoint`,
    );
    return 0;
  } catch (error) {
    console.error(`the audit log could not be purged: ${String(error)}`);
    return 2;
  } finally {
    await close();
  }
}

process.exit(await main());
