/**
 * `npm run audit:verify`: checks the audit log of the configured database (DATABASE_URL, or the
 * embedded one in DATA_DIR — running or not) with the key of AUDIT_KEY, and names the first record
 * that fails, comparing it with the latest anchor in AUDIT_ANCHOR_FILE (kept outside the
 * database). Exits 0 when the log holds, 1 when it does not, 2 when it could not be read.
 */
import { deriveKeys } from '../keys.js';
import { latestAnchor } from '../modules/audit/anchor.js';
import { verifyAuditLog } from '../modules/audit/verify.js';
import { toolConfig, toolDatabase } from './database.js';

async function main(): Promise<number> {
  const config = toolConfig();
  if (!config) return 2;
  const { pool, close } = await toolDatabase(config);
  try {
    const anchor = latestAnchor(config.auditAnchorFile);
    const verdict = await verifyAuditLog(pool, deriveKeys(config.secrets), anchor, {
      months: config.AUDIT_RETENTION_MONTHS,
      now: new Date(),
    });
    if (verdict.ok) {
      console.log(
        `audit log verified: ${String(verdict.records)} records${
          verdict.purgedThrough === null
            ? ''
            : ` (1–${String(verdict.purgedThrough)} purged after the retention period)`
        }${
          verdict.waiting > 0 ? `, ${String(verdict.waiting)} more waiting to be chained` : ''
        }, ${String(verdict.checkpoints)} signed checkpoints, ${
          anchor
            ? `all ${String(anchor.auditSlno)} records of the anchor of ${anchor.at.toISOString()} present`
            : `no anchor in ${config.auditAnchorFile}`
        }`,
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
    await close();
  }
}

process.exit(await main());
