/**
 * Audit retention: records are kept AUDIT_RETENTION_MONTHS (24, NCDC's figure), then
 * `npm run audit:purge` may remove them, as the database's owner, and only this way:
 *
 * - the cut is a signed checkpoint every record up to which is older than the retention period,
 *   checked against its signature and against the record it names before anything goes;
 * - the purge is itself an audit record (`audit.purged`, chained after the cut), and a row of
 *   `audit_purges` carrying its statement signed with the purge key, which only this command
 *   derives (keys.ts); the append-only trigger lets that transaction, and no other, delete records
 *   up to the cut (migration 036);
 * - the verifier then starts the chain from the cut's hash, and requires the checkpoint, the
 *   chained record and the signed statement that name it, and that the cut's signed checkpoint is
 *   older than the retention period: records removed any other way still fail verification.
 */
import { sign, verify as verifySignature, type KeyObject } from 'node:crypto';
import { inTransaction, type Pool } from '../../db/pool.js';
import type { Keys } from '../../keys.js';
import { checkpointMessage, purgeMessage, SYSTEM_CONTEXT, type AuditLog } from './log.js';

export interface PurgeOutcome {
  /** The last record removed (the cut), or null when nothing was old enough. */
  throughSlno: number | null;
  records: number;
  olderThan: Date;
}

export async function purgeAuditLog(
  owner: Pool,
  deps: { keys: Keys; purgeKey: KeyObject; audit: AuditLog; clock: () => Date },
  retentionMonths: number,
): Promise<PurgeOutcome> {
  return inTransaction(owner, async (tx) => {
    // One purge at a time.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('tawqi audit purge'))");
    const olderThan = (
      await tx.query<{ cutoff: Date }>(
        'SELECT $1::timestamptz - make_interval(months => $2) AS cutoff',
        [deps.clock(), retentionMonths],
      )
    ).rows[0]?.cutoff as Date;
    const previous = Number(
      (await tx.query<{ through: string }>('SELECT max(through_slno) AS through FROM audit_purges'))
        .rows[0]?.through ?? 0,
    );
    // The latest checkpoint before which every record is old enough.
    const [cut] = (
      await tx.query<{ audit_slno: string; hash: string; at: Date; signature: string }>(
        `SELECT c.audit_slno, c.hash, c.at, c.signature FROM audit_checkpoints c
          WHERE c.at < $1 AND c.audit_slno > $2
            AND NOT EXISTS (SELECT 1 FROM audit_log l
                             WHERE l.audit_slno > $2 AND l.audit_slno <= c.audit_slno AND l.at >= $1)
          ORDER BY c.audit_slno DESC LIMIT 1`,
        [olderThan, previous],
      )
    ).rows;
    if (!cut) return { throughSlno: null, records: 0, olderThan };
    const through = Number(cut.audit_slno);
    const [record] = (
      await tx.query<{ hash: string }>('SELECT hash FROM audit_log WHERE audit_slno = $1', [
        through,
      ])
    ).rows;
    const signed = verifySignature(
      null,
      checkpointMessage(through, cut.hash, cut.at),
      deps.keys.auditPublic,
      Buffer.from(cut.signature, 'base64'),
    );
    if (!signed || record?.hash !== cut.hash)
      throw new Error(
        `the checkpoint at record ${String(through)} does not hold: run audit:verify before purging`,
      );
    await tx.query("SELECT set_config('tawqi.audit_purge_through', $1, true)", [String(through)]);
    const removed = await tx.query(
      'DELETE FROM audit_log WHERE audit_slno > $1 AND audit_slno <= $2',
      [previous, through],
    );
    const records = removed.rowCount ?? 0;
    const statement = {
      throughSlno: through,
      throughHash: cut.hash,
      records,
      olderThan,
      at: deps.clock(),
    };
    await tx.query(
      `INSERT INTO audit_purges (at, through_slno, through_hash, records, older_than, signature)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        statement.at,
        through,
        cut.hash,
        records,
        olderThan,
        sign(null, purgeMessage(statement), deps.purgeKey).toString('base64'),
      ],
    );
    await deps.audit.record(tx, SYSTEM_CONTEXT, {
      action: 'audit.purged',
      target: String(through),
      detail: { throughSlno: through, records, olderThan: olderThan.toISOString() },
    });
    return { throughSlno: through, records, olderThan };
  });
}
