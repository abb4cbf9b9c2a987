/**
 * Audit retention (issue 41): records older than 24 months go, through the one documented purge,
 * and the chain still verifies from the cut; records removed any other way still fail.
 */
import { sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKeys, purgeSigningKey } from '../src/keys.js';
import { latestAnchor } from '../src/modules/audit/anchor.js';
import { purgeMessage } from '../src/modules/audit/log.js';
import { purgeAuditLog } from '../src/modules/audit/retention.js';
import { verifyAuditLog } from '../src/modules/audit/verify.js';
import { startHarness } from './harness.js';

const h = await startHarness();
const keys = () => deriveKeys(h.deps.config.secrets);
const DAY = 24 * 60 * 60 * 1000;

const purge = () =>
  purgeAuditLog(
    h.ownerPool,
    {
      keys: keys(),
      purgeKey: purgeSigningKey(h.deps.config.secrets.audit),
      audit: h.deps.audit,
      clock: () => h.clock.now,
    },
    h.deps.config.AUDIT_RETENTION_MONTHS,
  );

async function write(count: number) {
  for (let i = 0; i < count; i++)
    await h.deps.audit.record(h.pool, h.auditContext(), {
      action: 'session.logout',
      target: `retention-${String(i)}`,
    });
}

const retention = () => ({ months: h.deps.config.AUDIT_RETENTION_MONTHS, now: h.clock.now });

/** What the database's owner can do without the purge command: delete and write a purge row. */
async function purgeByHand(cut: { audit_slno: number; hash: string }) {
  const client = await h.ownerPool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('tawqi.audit_purge_through', $1, true)", [
      String(cut.audit_slno),
    ]);
    await client.query('DELETE FROM audit_log WHERE audit_slno <= $1', [cut.audit_slno]);
    await client.query(
      `INSERT INTO audit_purges (at, through_slno, through_hash, records, older_than)
       VALUES ($1, $2, $3, $2, $1::timestamptz - interval '24 months')`,
      [h.clock.now, cut.audit_slno, cut.hash],
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

const slnos = async () =>
  (
    await h.pool.query<{ first: number; last: number }>(
      'SELECT min(audit_slno) AS first, max(audit_slno) AS last FROM audit_log',
    )
  ).rows[0];

describe('audit retention', () => {
  it('keeps everything younger than 24 months, then purges up to a signed checkpoint and verifies from it', async () => {
    await write(150);
    await h.deps.audit.checkpoint(h.pool, { evenIfUnchanged: true });
    const { last: oldLast } = (await slnos()) ?? { last: 0 };
    // The anchor as it was then: it counts records the purge will take.
    const anchorBefore = latestAnchor(h.deps.config.auditAnchorFile);
    expect(anchorBefore?.auditSlno).toBe(oldLast);
    // 23 months on: nothing is old enough.
    h.clock.advance(700 * DAY);
    await write(5);
    expect(await purge()).toMatchObject({ throughSlno: null, records: 0 });
    expect((await slnos())?.first).toBe(1);

    // 25 months after the first records: they go, up to the checkpoint written after them.
    h.clock.advance(60 * DAY);
    const outcome = await purge();
    expect(outcome.throughSlno).toBe(oldLast);
    expect(outcome.records).toBe(oldLast);
    expect((await slnos())?.first).toBe(oldLast + 1);
    const [recorded] = (
      await h.pool.query<{ detail: { throughSlno: number; records: number } }>(
        "SELECT detail FROM audit_log WHERE action = 'audit.purged'",
      )
    ).rows;
    expect(recorded?.detail).toMatchObject({ throughSlno: oldLast, records: oldLast });
    // The anchor written before the purge counted records that are gone by design: still whole,
    // against it and against the latest.
    await write(3);
    for (const anchor of [anchorBefore, latestAnchor(h.deps.config.auditAnchorFile)])
      expect(await verifyAuditLog(h.pool, keys(), anchor, retention())).toMatchObject({
        ok: true,
        purgedThrough: oldLast,
      });
    // A second purge finds nothing more to take.
    expect(await purge()).toMatchObject({ throughSlno: null });
  });

  it('lets neither the application nor the owner delete records any other way', async () => {
    await expect(h.pool.query('DELETE FROM audit_log WHERE audit_slno < 1000')).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      h.pool.query(
        "INSERT INTO audit_purges (at, through_slno, through_hash, records, older_than) VALUES (now(), 1, 'x', 1, now())",
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(
      h.ownerPool.query('DELETE FROM audit_log WHERE audit_slno < 1000'),
    ).rejects.toThrow(/append-only/);
  });

  it('fails verification of a forged purge: a chained `audit.purged` record and a purge row by hand', async () => {
    await write(120);
    await h.deps.audit.checkpoint(h.pool, { evenIfUnchanged: true });
    const [checkpoint] = (
      await h.ownerPool.query<{ audit_slno: number; hash: string }>(
        'SELECT audit_slno, hash FROM audit_checkpoints ORDER BY audit_slno DESC LIMIT 1',
      )
    ).rows;
    if (!checkpoint) throw new Error('no checkpoint');
    // The application's role writes an unchained record saying so; the next audited request
    // chains it with the real key.
    await h.pool.query(
      `INSERT INTO audit_log (at, action, outcome, target, detail)
       VALUES ($1, 'audit.purged', 'success', $2, $3)`,
      [
        h.clock.now,
        String(checkpoint.audit_slno),
        { throughSlno: checkpoint.audit_slno, records: checkpoint.audit_slno },
      ],
    );
    await write(1);
    // The database's owner deletes up to the checkpoint and writes the purge row by hand.
    await purgeByHand(checkpoint);
    const verdict = await verifyAuditLog(
      h.pool,
      keys(),
      latestAnchor(h.deps.config.auditAnchorFile),
      retention(),
    );
    expect(verdict).toMatchObject({
      ok: false,
      firstBadRecord: checkpoint.audit_slno,
      reason: expect.stringMatching(/the purge command did not sign it/),
    });
    // Signed with a key the server holds (the checkpoints'), it is no purge either.
    await h.ownerPool.query(`ALTER TABLE audit_purges DISABLE TRIGGER audit_purges_append_only`);
    try {
      const [row] = (
        await h.ownerPool.query<{ at: Date; older_than: Date }>(
          'SELECT at, older_than FROM audit_purges WHERE through_slno = $1',
          [checkpoint.audit_slno],
        )
      ).rows;
      if (!row) throw new Error('no purge row');
      const statement = {
        throughSlno: checkpoint.audit_slno,
        throughHash: checkpoint.hash,
        records: checkpoint.audit_slno,
        olderThan: row.older_than,
        at: row.at,
      };
      await h.ownerPool.query('UPDATE audit_purges SET signature = $2 WHERE through_slno = $1', [
        checkpoint.audit_slno,
        sign(null, purgeMessage(statement), keys().auditSigning).toString('base64'),
      ]);
      expect(await verifyAuditLog(h.pool, keys(), null, retention())).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/the purge command did not sign it/),
      });
      // Signed by the purge key itself, a cut 15 minutes old is still younger than retention.
      await h.ownerPool.query('UPDATE audit_purges SET signature = $2 WHERE through_slno = $1', [
        checkpoint.audit_slno,
        sign(null, purgeMessage(statement), purgeSigningKey(h.deps.config.secrets.audit)).toString(
          'base64',
        ),
      ]);
      expect(await verifyAuditLog(h.pool, keys(), null, retention())).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/younger than the 24-month retention period/),
      });
    } finally {
      await h.ownerPool.query(`ALTER TABLE audit_purges ENABLE TRIGGER audit_purges_append_only`);
    }
  });

  it('fails verification when the owner claims a purge the log does not record', async () => {
    // An owner removes more records, up to a later checkpoint, and writes a purge row for it.
    await write(120);
    const [checkpoint] = (
      await h.ownerPool.query<{ audit_slno: number; hash: string }>(
        'SELECT audit_slno, hash FROM audit_checkpoints ORDER BY audit_slno DESC LIMIT 1',
      )
    ).rows;
    if (!checkpoint) throw new Error('no checkpoint');
    await purgeByHand(checkpoint);
    expect(await verifyAuditLog(h.pool, keys(), null, retention())).toMatchObject({
      ok: false,
      firstBadRecord: checkpoint.audit_slno,
      reason: expect.stringMatching(/no audit record says they were purged/),
    });
  });
});
