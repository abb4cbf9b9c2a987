/**
 * Verifies the audit log (`npm run audit:verify`): every record in order, numbered without gaps,
 * chained by the keyed hash; the head (which a cut tail no longer matches); every signed
 * checkpoint; every purge (signed by the purge command, its cut's signed checkpoint older than the
 * retention period); and, given the latest anchor kept outside the database (anchor.ts), that
 * every record it counted is still there as it was. Names the first record that fails, and why.
 */
import { verify as verifySignature } from 'node:crypto';
import type { Pool, PoolClient, Queryable } from '../../db/pool.js';
import type { Keys } from '../../keys.js';
import {
  GENESIS,
  checkpointMessage,
  purgeMessage,
  headMac,
  recordHash,
  recordOfRow,
  STORED_RECORD_COLUMNS,
  type StoredRecordRow,
  type Checkpoint,
} from './log.js';

export type AuditVerdict =
  | {
      ok: true;
      records: number;
      checkpoints: number;
      purgedThrough: number | null;
      /** Records committed but not yet chained (a pass is under way, or failed and will retry). */
      waiting: number;
    }
  | { ok: false; records: number; firstBadRecord: number | null; reason: string };

const BATCH = 1000;

interface Row extends StoredRecordRow {
  audit_slno: number;
  prev_hash: string;
  hash: string;
}

/** Against what a purge is judged: the retention period, and now. */
export interface Retention {
  months: number;
  now: Date;
}

/**
 * Reads one snapshot of the log (REPEATABLE READ), so appends meanwhile do not confuse it.
 * `retention` is needed once the log was purged (else it throws: a purge is never taken unjudged).
 */
export async function verifyAuditLog(
  pool: Pool,
  keys: Keys,
  anchor: Checkpoint | null = null,
  retention?: Retention,
): Promise<AuditVerdict> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return await verifySnapshot(client, keys, anchor, retention);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

interface PurgeRow {
  at: Date;
  through_slno: string;
  through_hash: string;
  records: string;
  older_than: Date;
  signature: string | null;
}

/** `date` moved back `months` calendar months (UTC), as PostgreSQL's interval arithmetic does. */
function monthsBefore(date: Date, months: number): Date {
  const moved = new Date(date);
  moved.setUTCMonth(moved.getUTCMonth() - months);
  return moved;
}

/**
 * Why a purge does not hold, or null: its statement must carry the purge command's signature, and
 * the cut's signed checkpoint be older than the retention period (now, and when it was purged).
 */
function purgeProblem(
  purge: PurgeRow,
  cut: { at: Date } | undefined,
  keys: Keys,
  retention: Retention,
): string | null {
  const statement = {
    throughSlno: Number(purge.through_slno),
    throughHash: purge.through_hash,
    records: Number(purge.records),
    olderThan: purge.older_than,
    at: purge.at,
  };
  const signed =
    purge.signature !== null &&
    verifySignature(
      null,
      purgeMessage(statement),
      keys.auditPurgePublic,
      Buffer.from(purge.signature, 'base64'),
    );
  if (!signed) return 'records were removed up to here, but the purge command did not sign it';
  if (!cut) return 'records were removed up to here, but no signed checkpoint names the cut';
  const limit = monthsBefore(retention.now, retention.months);
  if (cut.at >= limit || cut.at >= statement.olderThan || purge.at > retention.now)
    return `records were removed up to here, but its signed checkpoint (${cut.at.toISOString()}) is younger than the ${String(retention.months)}-month retention period`;
  return null;
}

/** Where the log fails: its first bad record (null: the log as a whole), and why. */
interface Problem {
  firstBadRecord: number | null;
  reason: string;
}
const problemAt = (firstBadRecord: number | null, reason: string): Problem => ({
  firstBadRecord,
  reason,
});

/**
 * Reads the chain in order from record `from` (after the purged ones), checking each record's
 * link and hash; keeps only the hashes the head, checkpoints and anchor name (`wanted`), so memory
 * stays flat. Answers the next number expected, or the first record that fails.
 */
async function walkChain(
  pool: PoolClient,
  keys: Keys,
  start: { from: number; previous: string; wanted: Set<number>; purgedThrough: number },
): Promise<
  | { next: number; hashes: Map<number, string>; purgeRecorded: boolean }
  | { failed: true; records: number; problem: Problem }
> {
  const { wanted, purgedThrough } = start;
  let { previous } = start;
  let expected = start.from;
  let purgeRecorded = false;
  const hashes = new Map<number, string>();
  const failed = (firstBadRecord: number, reason: string) => ({
    failed: true as const,
    records: expected - 1,
    problem: problemAt(firstBadRecord, reason),
  });
  for (;;) {
    const rows = (
      await pool.query<Row>(
        `SELECT audit_slno, ${STORED_RECORD_COLUMNS}, prev_hash, hash
           FROM audit_log WHERE audit_slno >= $1 ORDER BY audit_slno LIMIT ${String(BATCH)}`,
        [expected],
      )
    ).rows;
    for (const row of rows) {
      if (row.audit_slno !== expected)
        return failed(expected, `record ${String(expected)} is missing`);
      const record = recordOfRow(row, row.audit_slno);
      if (row.prev_hash !== previous)
        return failed(row.audit_slno, 'it does not follow the record before it');
      if (recordHash(keys.auditChain, previous, record) !== row.hash)
        return failed(row.audit_slno, 'its content does not match its hash (edited)');
      if (wanted.has(row.audit_slno)) hashes.set(row.audit_slno, row.hash);
      if (row.action === 'audit.purged' && row.detail.throughSlno === purgedThrough)
        purgeRecorded = true;
      previous = row.hash;
      expected += 1;
    }
    if (rows.length < BATCH) break;
  }
  return { next: expected, hashes, purgeRecorded };
}

/**
 * What the log's seals say of the chain read up to `last`: the head (its MAC, its number and
 * hash), every signed checkpoint, and the anchor kept outside the database. Null: they agree.
 */
function sealProblem(
  keys: Keys,
  seals: {
    head: { last_slno: number; last_hash: string; mac: string } | undefined;
    checkpoints: { audit_slno: number; hash: string; at: Date; signature: string }[];
    anchor: Checkpoint | null;
  },
  chain: { last: number; hashes: Map<number, string>; purgedThrough: number },
): Problem | null {
  const { head, checkpoints, anchor } = seals;
  const { last, hashes, purgedThrough } = chain;
  if (!head) {
    if (last > 0) return problemAt(null, 'the head of the log is missing');
  } else {
    if (head.mac !== headMac(keys.auditChain, head.last_slno, head.last_hash))
      return problemAt(null, 'the head of the log was altered');
    if (head.last_slno > last)
      return problemAt(
        last + 1,
        `the log was cut: the head names record ${String(head.last_slno)}, the last one present is ${String(last)}`,
      );
    if (head.last_slno < last)
      return problemAt(head.last_slno + 1, 'records were added after the head');
    if (head.last_slno > 0 && head.last_hash !== hashes.get(head.last_slno))
      return problemAt(head.last_slno, 'the last record differs from the head');
  }

  for (const checkpoint of checkpoints) {
    const signed = verifySignature(
      null,
      checkpointMessage(checkpoint.audit_slno, checkpoint.hash, checkpoint.at),
      keys.auditPublic,
      Buffer.from(checkpoint.signature, 'base64'),
    );
    if (!signed)
      return problemAt(
        checkpoint.audit_slno,
        'a checkpoint at this record carries a false signature',
      );
    if (checkpoint.audit_slno > last)
      return problemAt(
        last + 1,
        `the log was cut: a signed checkpoint names record ${String(checkpoint.audit_slno)}`,
      );
    // (A checkpoint before the cut names records purged since.)
    if (
      checkpoint.audit_slno >= purgedThrough &&
      hashes.get(checkpoint.audit_slno) !== checkpoint.hash
    )
      return problemAt(checkpoint.audit_slno, 'it differs from its signed checkpoint');
  }
  // The anchor outside the database: what it counted cannot be taken back there.
  if (anchor) {
    const signed = verifySignature(
      null,
      checkpointMessage(anchor.auditSlno, anchor.hash, anchor.at),
      keys.auditPublic,
      Buffer.from(anchor.signature, 'base64'),
    );
    if (!signed)
      return problemAt(null, 'the anchor kept outside the database carries a false signature');
    if (anchor.auditSlno > last)
      return problemAt(
        last + 1,
        `the log was cut: the anchor kept outside the database (${anchor.at.toISOString()}) counted ${String(anchor.auditSlno)} records`,
      );
    if (anchor.auditSlno >= purgedThrough && hashes.get(anchor.auditSlno) !== anchor.hash)
      return problemAt(anchor.auditSlno, 'it differs from the anchor kept outside the database');
  }
  return null;
}

async function verifySnapshot(
  pool: PoolClient,
  keys: Keys,
  anchor: Checkpoint | null,
  retention: Retention | undefined,
): Promise<AuditVerdict> {
  const checkpoints = (
    await pool.query<{ audit_slno: number; hash: string; at: Date; signature: string }>(
      'SELECT audit_slno, hash, at, signature FROM audit_checkpoints ORDER BY checkpoint_slno',
    )
  ).rows;
  const [head] = (
    await pool.query<{ last_slno: number; last_hash: string; mac: string }>(
      'SELECT last_slno, last_hash, mac FROM audit_head',
    )
  ).rows;
  // Records up to the latest purge's cut are gone by design (retention.ts): the chain starts
  // from the cut's hash, which a signed checkpoint and a chained `audit.purged` record must name.
  const purges = (
    await pool.query<PurgeRow>(
      'SELECT at, through_slno, through_hash, records, older_than, signature FROM audit_purges ORDER BY through_slno',
    )
  ).rows;
  const purge = purges.at(-1);
  const purgedThrough = purge ? Number(purge.through_slno) : 0;
  // Only the hashes the head and the checkpoints name are kept, so memory stays flat.
  const wanted = new Set([
    head?.last_slno ?? 0,
    ...checkpoints.map((c) => c.audit_slno),
    ...(anchor ? [anchor.auditSlno] : []),
  ]);
  const previous = purge ? purge.through_hash : GENESIS;
  let expected = purgedThrough + 1;
  const bad = (firstBadRecord: number | null, reason: string): AuditVerdict => ({
    ok: false,
    records: expected - 1,
    firstBadRecord,
    reason,
  });
  const walked = await walkChain(pool, keys, { from: expected, previous, wanted, purgedThrough });
  if ('failed' in walked) return { ok: false, records: walked.records, ...walked.problem };
  expected = walked.next;
  const { hashes, purgeRecorded } = walked;
  const last = expected - 1;
  // Records before it were read in order: a number below an existing one would have been missing.
  const [stray] = (
    await pool.query<{ audit_slno: number }>(
      'SELECT audit_slno FROM audit_log WHERE audit_slno <= $2 OR audit_slno > $1 LIMIT 1',
      [last, purgedThrough],
    )
  ).rows;
  if (stray) return bad(stray.audit_slno, 'it stands outside the numbered chain');
  if (purge) {
    if (!retention) throw new Error('a purged audit log is verified against its retention period');
    if (!purgeRecorded)
      return bad(
        purgedThrough,
        'records were removed up to here, but no audit record says they were purged',
      );
    for (const each of purges) {
      const cut = checkpoints.find(
        (checkpoint) =>
          checkpoint.audit_slno === Number(each.through_slno) &&
          checkpoint.hash === each.through_hash,
      );
      const problem = purgeProblem(each, cut, keys, retention);
      if (problem) return bad(Number(each.through_slno), problem);
    }
    hashes.set(purgedThrough, purge.through_hash);
  }

  const sealed = sealProblem(keys, { head, checkpoints, anchor }, { last, hashes, purgedThrough });
  if (sealed) return bad(sealed.firstBadRecord, sealed.reason);
  const waiting =
    (
      await pool.query<{ n: number }>(
        'SELECT count(*) AS n FROM audit_log WHERE audit_slno IS NULL',
      )
    ).rows[0]?.n ?? 0;
  return {
    ok: true,
    waiting,
    records: last,
    checkpoints: checkpoints.length,
    purgedThrough: purge ? purgedThrough : null,
  };
}

/**
 * Whether the log as it stands still holds what the latest anchor counted: the running server's
 * watch (at start and every minute), cheap beside a whole verification — the head, one record,
 * the latest purge. Null when it holds (or there is no anchor yet), else what differs.
 */
export async function anchorProblem(
  db: Queryable,
  keys: Keys,
  anchor: Checkpoint | null,
): Promise<string | null> {
  if (!anchor) return null;
  const signed = verifySignature(
    null,
    checkpointMessage(anchor.auditSlno, anchor.hash, anchor.at),
    keys.auditPublic,
    Buffer.from(anchor.signature, 'base64'),
  );
  const of = `the anchor of ${anchor.at.toISOString()}`;
  if (!signed) return `${of} carries a false signature`;
  const { rows } = await db.query<{
    last: number | null;
    hash: string | null;
    purged: string | null;
  }>(
    `SELECT (SELECT last_slno FROM audit_head) AS last,
            (SELECT hash FROM audit_log WHERE audit_slno = $1) AS hash,
            (SELECT max(through_slno) FROM audit_purges) AS purged`,
    [anchor.auditSlno],
  );
  const last = rows[0]?.last ?? 0;
  if (last < anchor.auditSlno)
    return `the log was cut: ${of} counted ${String(anchor.auditSlno)} records, its head names ${String(last)}`;
  if (Number(rows[0]?.purged ?? 0) >= anchor.auditSlno) return null;
  if (rows[0]?.hash !== anchor.hash) return `record ${String(anchor.auditSlno)} differs from ${of}`;
  return null;
}
