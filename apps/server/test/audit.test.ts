/**
 * The audit log as evidence (issue 11): who, what, from where, with what outcome, for every
 * security and money event; a keyed, numbered chain whose edits, cut tails and false checkpoints
 * the verifier names; records that verify whatever order jsonb keeps their details in.
 */
import pg from 'pg';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deriveKeys } from '../src/keys.js';
import { inTransaction, type PoolClient } from '../src/db/pool.js';
import { CHECKPOINT_EVERY } from '../src/modules/audit/log.js';
import { latestAnchor } from '../src/modules/audit/anchor.js';
import { verifyAuditLog } from '../src/modules/audit/verify.js';
import { DEVICE, startHarness, type Harness } from './harness.js';
import { freshPerson } from './world.js';

const h = await startHarness();
const person = await freshPerson(h);
const keys = () => deriveKeys(h.deps.config.secrets);

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

/** Edits the log as someone with the owner's rights would: the trigger switched off first. */
async function tamper(statement: string, values: unknown[] = []) {
  const client = await h.ownerPool.connect();
  try {
    await client.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
    await client.query(statement, values);
  } finally {
    await client.query('ALTER TABLE audit_log ENABLE TRIGGER USER');
    client.release();
  }
}

async function signInThroughTheApp() {
  const started = await h.call('POST', '/api/v1/auth/nafath/login/initiate', {
    body: { nationalID: person.nationalId },
  });
  await h.simulator.answer(started.body.transId, 'approve');
  return h.call('POST', '/api/v1/auth/nafath/login/verify', {
    body: { nationalID: person.nationalId, transId: started.body.transId },
  });
}

describe('what a record says', () => {
  it('names the request, the user, the address, the device (hashed), the action, the target and the outcome', async () => {
    const signedIn = await signInThroughTheApp();
    const [record] = (
      await h.pool.query(
        "SELECT * FROM audit_log WHERE action = 'session.signed-in' ORDER BY audit_slno DESC LIMIT 1",
      )
    ).rows;
    expect(record).toMatchObject({
      actor: person.userSlno,
      address: expect.stringMatching(/127\.0\.0\.1/),
      device_hash: expect.stringMatching(/^[0-9a-f]{32}$/),
      outcome: 'success',
      detail: { method: 'identity-app' },
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(record.device_hash).not.toContain(DEVICE);
    expect(record.at.getTime()).toBe(h.clock.now.getTime());
    expect(signedIn.body.status).toBe('1');
  });

  it('records failures too, and never a full national id or a secret', async () => {
    const started = await h.call('POST', '/api/v1/auth/nafath/login/initiate', {
      body: { nationalID: person.nationalId },
    });
    await h.simulator.answer(started.body.transId, 'reject');
    await h.call('POST', '/api/v1/auth/nafath/login/verify', {
      body: { nationalID: person.nationalId, transId: started.body.transId },
    });
    await h.call('POST', '/api/v1/auth/credentials/login/initiate', {
      body: { username: person.username, password: 'not her password' },
    });
    const failures = (
      await h.pool.query(
        "SELECT target, detail, outcome FROM audit_log WHERE action = 'session.sign-in-failed'",
      )
    ).rows;
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          target: `******${person.nationalId.slice(-4)}`,
          outcome: 'failure',
        }),
        expect.objectContaining({ detail: expect.objectContaining({ method: 'password' }) }),
      ]),
    );
    const everything = JSON.stringify((await h.pool.query('SELECT * FROM audit_log')).rows);
    expect(everything).not.toContain(person.nationalId);
    expect(everything).not.toContain('not her password');
    expect(everything).not.toContain(DEVICE);
  });
});

describe('a record inside the change it records (issue 13)', () => {
  const head = async () =>
    (await h.pool.query<{ last_slno: number }>('SELECT last_slno FROM audit_head')).rows[0]
      ?.last_slno ?? 0;

  /** A change (a contact message) and its record in one transaction, with other work after. */
  const change = (
    name: string,
    afterRecording: (client: PoolClient) => Promise<unknown> = () => Promise.resolve(),
    pool: pg.Pool = h.pool,
  ) =>
    inTransaction(pool, async (client) => {
      await client.query(
        `INSERT INTO contact_messages (reference_number, name, email, subject, message, created_at)
         VALUES ($1, $1, 'a@b.sa', 'audit', 'audit', now())`,
        [name],
      );
      await h.deps.audit.record(client, h.auditContext(), {
        action: 'export.made',
        target: name,
      });
      await afterRecording(client);
    });

  it('commits with the change and disappears with it', async () => {
    const before = await head();
    await expect(
      change('rolled-back', () => Promise.reject(new Error('the change failed'))),
    ).rejects.toThrow('the change failed');
    expect(await head()).toBe(before);
    await change('kept');
    expect(await head()).toBe(before + 1);
    const { rows } = await h.pool.query(`SELECT target FROM audit_log WHERE audit_slno = $1`, [
      before + 1,
    ]);
    expect(rows).toEqual([{ target: 'kept' }]);
  });

  it('holds no lock across the rest of the transaction: another writer commits meanwhile', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = change('slow', () => gate);
    // While the slow transaction has recorded and waits, a second one records and commits.
    const quick = change('quick');
    const settled = await Promise.race([
      quick.then(() => 'committed'),
      // A bound, not a pause: a blocked writer would wait for the slow one for ever.
      new Promise((resolve) => setTimeout(() => resolve('blocked'), 30_000)),
    ]);
    release();
    await slow;
    expect(settled).toBe('committed');
    const order = await h.pool.query<{ target: string }>(
      `SELECT target FROM audit_log WHERE target IN ('slow', 'quick') ORDER BY audit_slno`,
    );
    // Numbered in commit order.
    expect(order.rows.map((row) => row.target)).toEqual(['quick', 'slow']);
  });

  it('does not queue writers on the chain: a change commits while a chaining pass holds the head, and is chained once it ends (issue 41)', async () => {
    const holder = await h.ownerPool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM audit_head FOR UPDATE');
    const writing = change('while-held');
    try {
      // The change and its record are committed, visible to anyone, though the head is held.
      await vi.waitFor(
        async () => {
          const { rows } = await h.ownerPool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM contact_messages WHERE reference_number = 'while-held'",
          );
          expect(rows[0]?.n).toBe(1);
        },
        { timeout: 30_000, interval: 50 },
      );
      const waiting = await h.ownerPool.query(
        "SELECT audit_slno, hash FROM audit_log WHERE target = 'while-held'",
      );
      expect(waiting.rows).toEqual([{ audit_slno: null, hash: null }]);
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    await writing;
    const chained = await h.pool.query<{ audit_slno: number | null }>(
      "SELECT audit_slno FROM audit_log WHERE target = 'while-held'",
    );
    expect(chained.rows[0]?.audit_slno).toBe(await head());
    expect(await verifyAuditLog(h.pool, keys())).toMatchObject({ ok: true });
    // The application may set a waiting record's number and hashes, and nothing else of any.
    await expect(
      h.pool.query("UPDATE audit_log SET target = 'changed' WHERE target = 'while-held'"),
    ).rejects.toThrow(/permission denied/);
    await expect(
      h.pool.query("UPDATE audit_log SET hash = 'forged' WHERE target = 'while-held'"),
    ).rejects.toThrow(/append-only/);
  });

  it('keeps one unforked chain under 100 concurrent writers', async () => {
    // Twenty-five at once in the database; the others wait for a connection as long as a busy
    // machine makes them (the server's pool gives up after 3 s, which is not what is tested).
    const writers = new pg.Pool({ ...h.pool.options, max: 25, connectionTimeoutMillis: 120_000 });
    const before = await head();
    await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        change(
          `writer-${String(index)}`,
          (client) => client.query('SELECT pg_sleep(0.005)'),
          writers,
        ),
      ),
    );
    await writers.end();
    expect(await head()).toBe(before + 100);
    const { rows } = await h.pool.query<{ audit_slno: number }>(
      `SELECT audit_slno FROM audit_log WHERE target LIKE 'writer-%' ORDER BY audit_slno`,
    );
    expect(rows.map((row) => row.audit_slno)).toEqual(
      Array.from({ length: 100 }, (_, index) => before + 1 + index),
    );
    expect(await verifyAuditLog(h.pool, keys())).toMatchObject({ ok: true });
  });
});

describe('the chain and its verifier (npm run audit:verify)', () => {
  it('verifies a log written by the server, whatever order jsonb keeps details in', async () => {
    await h.deps.audit.record(h.pool, h.auditContext(), {
      action: 'export.made',
      // jsonb stores keys by length, then bytes: this order is not the one written.
      detail: { zebra: 1, a: 'x', middle: true, bb: null },
    });
    const verdict = await verifyAuditLog(h.pool, keys());
    expect(verdict).toMatchObject({ ok: true });
    expect(verdict.records).toBeGreaterThan(1);
  });

  it('names the first edited record, even when its unkeyed hash was recomputed', async () => {
    await h.deps.audit.record(h.pool, h.auditContext(), { action: 'export.made', target: 'A' });
    const [last] = (
      await h.pool.query<{ audit_slno: number }>(
        'SELECT audit_slno FROM audit_log ORDER BY audit_slno DESC LIMIT 1',
      )
    ).rows;
    const slno = last?.audit_slno ?? 0;
    await tamper(
      "UPDATE audit_log SET target = 'B', hash = encode(sha256(convert_to(prev_hash || 'B', 'UTF8')), 'hex') WHERE audit_slno = $1",
      [slno],
    );
    expect(await verifyAuditLog(h.pool, keys())).toMatchObject({
      ok: false,
      firstBadRecord: slno,
      reason: expect.stringMatching(/edited/),
    });
    await tamper("UPDATE audit_log SET target = 'A' WHERE audit_slno = $1", [slno]);
    await tamper('UPDATE audit_log SET hash = $2 WHERE audit_slno = $1', [
      slno,
      (await h.ownerPool.query<{ hash: string }>('SELECT last_hash AS hash FROM audit_head'))
        .rows[0]?.hash,
    ]);
    expect(await verifyAuditLog(h.pool, keys())).toMatchObject({ ok: true });
  });

  it('notices a cut tail, a removed record and a log read with another key', async () => {
    for (const target of ['1', '2', '3'])
      await h.deps.audit.record(h.pool, h.auditContext(), { action: 'export.made', target });
    const [head] = (await h.pool.query<{ last_slno: number }>('SELECT last_slno FROM audit_head'))
      .rows;
    const last = head?.last_slno ?? 0;
    expect(
      await verifyAuditLog(h.pool, deriveKeys({ server: 'x'.repeat(40), audit: 'y'.repeat(40) })),
    ).toMatchObject({ ok: false, firstBadRecord: 1 });

    const saved = (
      await h.ownerPool.query('SELECT * FROM audit_log WHERE audit_slno >= $1', [last - 1])
    ).rows;
    await tamper('DELETE FROM audit_log WHERE audit_slno >= $1', [last - 1]);
    expect(await verifyAuditLog(h.pool, keys())).toMatchObject({
      ok: false,
      firstBadRecord: last - 1,
      reason: expect.stringMatching(/cut/),
    });
    // Put back, then take one out of the middle.
    for (const row of saved)
      await tamper(
        `INSERT INTO audit_log (audit_slno, at, request_id, actor, org_slno, acting_role, address, device_hash, action, target, outcome, detail, prev_hash, hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          row.audit_slno,
          row.at,
          row.request_id,
          row.actor,
          row.org_slno,
          row.acting_role,
          row.address,
          row.device_hash,
          row.action,
          row.target,
          row.outcome,
          row.detail,
          row.prev_hash,
          row.hash,
        ],
      );
    expect(await verifyAuditLog(h.pool, keys())).toMatchObject({ ok: true });
    await tamper('DELETE FROM audit_log WHERE audit_slno = $1', [last - 1]);
    expect(await verifyAuditLog(h.pool, keys())).toMatchObject({
      ok: false,
      firstBadRecord: last - 1,
      reason: expect.stringMatching(/missing/),
    });
  });
});

/**
 * What a database owner can do to hide a cut tail: the records and checkpoints after `head` (a
 * head row kept from earlier, its MAC valid) go, and `head` is put back.
 */
async function cutBackTo(
  owner: Harness['ownerPool'],
  head: { last_slno: number; last_hash: string; mac: string } | undefined,
) {
  if (!head) throw new Error('no head row kept');
  const client = await owner.connect();
  try {
    for (const table of ['audit_log', 'audit_head', 'audit_checkpoints'])
      await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    await client.query('DELETE FROM audit_log WHERE audit_slno > $1', [head.last_slno]);
    await client.query('DELETE FROM audit_checkpoints WHERE audit_slno > $1', [head.last_slno]);
    await client.query('UPDATE audit_head SET last_slno = $1, last_hash = $2, mac = $3', [
      head.last_slno,
      head.last_hash,
      head.mac,
    ]);
  } finally {
    for (const table of ['audit_log', 'audit_head', 'audit_checkpoints'])
      await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    client.release();
  }
}

describe('signed checkpoints', () => {
  // A fresh harness (a new database with the whole world seeded) is slow beside the rest of the suite.
  it(
    'signs one every few records and on demand, and a cut below a checkpoint is caught even with the head rewritten',
    { timeout: 90_000 },
    async () => {
      const fresh = await startHarness();
      // The authority made on first start has recorded its keys' uses already.
      const [head] = (
        await fresh.pool.query<{ last_slno: number }>('SELECT last_slno FROM audit_head')
      ).rows;
      for (let i = head?.last_slno ?? 0; i < CHECKPOINT_EVERY; i += 1)
        await fresh.deps.audit.record(fresh.pool, fresh.auditContext(), {
          action: 'export.made',
          target: String(i),
        });
      const checkpoints = await fresh.pool.query<{ audit_slno: number }>(
        'SELECT audit_slno FROM audit_checkpoints',
      );
      expect(checkpoints.rows).toEqual([{ audit_slno: CHECKPOINT_EVERY }]);
      await fresh.deps.audit.record(fresh.pool, fresh.auditContext(), { action: 'export.made' });
      expect(await fresh.deps.audit.checkpoint(fresh.pool)).toMatchObject({
        auditSlno: CHECKPOINT_EVERY + 1,
      });
      // Nothing new: no new checkpoint.
      expect(await fresh.deps.audit.checkpoint(fresh.pool)).toBeNull();
      const verdict = await verifyAuditLog(fresh.pool, deriveKeys(fresh.deps.config.secrets));
      expect(verdict).toEqual({
        ok: true,
        records: CHECKPOINT_EVERY + 1,
        checkpoints: 2,
        purgedThrough: null,
        waiting: 0,
      });

      // An owner cuts the last records and puts the head back to match the new end.
      const client = await fresh.ownerPool.connect();
      await client.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
      await client.query('ALTER TABLE audit_head DISABLE TRIGGER USER');
      // Below the first checkpoint.
      const kept = Math.floor(CHECKPOINT_EVERY / 2);
      await client.query('DELETE FROM audit_log WHERE audit_slno > $1', [kept]);
      await client.query(
        'UPDATE audit_head SET last_slno = $1, last_hash = (SELECT hash FROM audit_log WHERE audit_slno = $1)',
        [kept],
      );
      await client.query('ALTER TABLE audit_log ENABLE TRIGGER USER');
      await client.query('ALTER TABLE audit_head ENABLE TRIGGER USER');
      client.release();
      expect(await verifyAuditLog(fresh.pool, deriveKeys(fresh.deps.config.secrets))).toMatchObject(
        {
          ok: false,
          reason: expect.stringMatching(/head of the log was altered|cut/),
        },
      );
    },
  );

  it(
    'anchors each checkpoint outside the database, so a tail cut with an older head restored is caught',
    { timeout: 90_000 },
    async () => {
      // A log of its own: the tests above leave this file's log cut and edited.
      const h = await startHarness();
      const keys = () => deriveKeys(h.deps.config.secrets);
      const anchors = h.deps.config.auditAnchorFile;
      const record = () =>
        h.deps.audit.record(h.pool, h.auditContext(), { action: 'export.made', target: 'anchor' });
      await record();
      const first = await h.deps.audit.checkpoint(h.pool);
      // Written once committed, as the database has it.
      expect(latestAnchor(anchors)).toEqual(first);
      // What an attacker keeps: the head as it was at the first checkpoint.
      const [savedHead] = (
        await h.ownerPool.query<{ last_slno: number; last_hash: string; mac: string }>(
          'SELECT last_slno, last_hash, mac FROM audit_head',
        )
      ).rows;
      for (let i = 0; i < 3; i += 1) await record();
      // A quiet hour: the timer's checkpoint is written and anchored even with nothing new.
      const later = await h.deps.audit.checkpoint(h.pool);
      const quiet = await h.deps.audit.checkpoint(h.pool, { evenIfUnchanged: true });
      expect(quiet?.auditSlno).toBe(later?.auditSlno);
      expect(latestAnchor(anchors)).toEqual(quiet);
      expect(await verifyAuditLog(h.pool, keys(), latestAnchor(anchors))).toMatchObject({
        ok: true,
      });

      // The owner deletes the records after the first checkpoint, the checkpoints after it, and
      // puts the saved head back: inside the database everything agrees again.
      await cutBackTo(h.ownerPool, savedHead);
      expect(await verifyAuditLog(h.pool, keys())).toMatchObject({ ok: true });
      // The anchor outside it still counts the records that were cut.
      expect(await verifyAuditLog(h.pool, keys(), latestAnchor(anchors))).toMatchObject({
        ok: false,
        firstBadRecord: (first?.auditSlno ?? 0) + 1,
        reason: expect.stringMatching(/cut: the anchor kept outside the database .* counted/),
      });
    },
  );

  it(
    'anchors new records within a minute, and the running server alarms once the log no longer matches its anchor',
    { timeout: 120_000 },
    async () => {
      const h = await startHarness({ AUDIT_ANCHOR_SECONDS: '1' });
      const anchors = h.deps.config.auditAnchorFile;
      const record = () =>
        h.deps.audit.record(h.pool, h.auditContext(), { action: 'export.made', target: 'watch' });
      const headRow = async () =>
        (
          await h.ownerPool.query<{ last_slno: number; last_hash: string; mac: string }>(
            'SELECT last_slno, last_hash, mac FROM audit_head',
          )
        ).rows[0];
      const alarm = async () => {
        const answer = await fetch(`${h.baseUrl}/metrics`);
        return /^tawqi_audit_anchor_mismatch (\d)$/m.exec(await answer.text())?.[1];
      };
      await record();
      const saved = await headRow();
      // Fewer records than a checkpoint's count: the anchor's timer takes them.
      for (let i = 0; i < 3; i += 1) await record();
      const written = await headRow();
      expect((written?.last_slno ?? 0) - (saved?.last_slno ?? 0)).toBeLessThan(CHECKPOINT_EVERY);
      await vi.waitFor(
        () => {
          expect(latestAnchor(anchors)?.auditSlno).toBe(written?.last_slno);
        },
        { timeout: 60_000, interval: 200 },
      );
      expect(await alarm()).toBe('0');

      // The owner cuts the newest records and puts an older head back.
      await cutBackTo(h.ownerPool, saved);
      expect(await alarm()).toBe('1');
      // A checkpoint now signs the older head, but the anchor is not taken back.
      expect(await h.deps.audit.checkpoint(h.pool, { evenIfUnchanged: true })).toMatchObject({
        auditSlno: saved?.last_slno,
      });
      expect(latestAnchor(anchors)?.auditSlno).toBe(written?.last_slno);
      expect(await alarm()).toBe('1');
    },
  );
});
