/**
 * The audit log as evidence (SECURITY.md "Audit"): one writer for every security and money event.
 *
 * - Each record says when (UTC), which request, who (user, acting organization and role), from
 *   where (address, a hash of the device id), what (action, target, outcome) and a few details;
 *   never a secret or a full national id (callers pass masked ids).
 * - Records are numbered without gaps and chained: each record's hash is an HMAC, under a key
 *   derived from AUDIT_KEY, of the previous hash and the record's canonical JSON (keys sorted, so
 *   jsonb's own key order cannot break it). Without the key nobody can recompute the chain after
 *   an edit.
 * - The head row holds the last number and hash under its own HMAC: cutting records off the end
 *   leaves a head that no longer matches, and a head cannot be forged without the key.
 * - Every CHECKPOINT_EVERY records, and on a timer, a checkpoint (number, hash, time) is signed
 *   with an Ed25519 key derived from AUDIT_KEY and also written to the server's log and the anchor
 *   file, so a copy lives outside the database (anchor.ts).
 * - The application's database role may only insert and read these tables, and set a waiting
 *   record's number and hashes once (its chaining); a trigger refuses any other UPDATE, DELETE
 *   and TRUNCATE for everyone (migrations 002, 036, 037), a documented purge aside.
 *
 * Records are written in the transaction of the change they record, as its last step before
 * COMMIT (`beforeCommit`), unchained and taking no lock: they commit or roll back with the change.
 * Once it has committed, a chaining pass numbers and chains every record waiting, in the order
 * written, under the head row's lock (so the chain never forks), held by that pass alone: writers
 * no longer queue on one another's commits, and one pass chains what many wrote. The
 * caller goes on once its records are chained; a pass that fails leaves them to the next one
 * (anyone's, or the checkpoint timer's). A record's `at` is when its event happened; its number
 * is its place in the chain.
 */
import { createHash, sign } from 'node:crypto';
import pg from 'pg';
import type { FastifyRequest } from 'fastify';
import {
  afterCommit,
  beforeCommit,
  inTransaction,
  type Pool,
  type PoolClient,
} from '../../db/pool.js';
import { hmac, type Keys } from '../../keys.js';

export const AUDIT_ACTIONS = [
  'session.signed-in',
  'session.sign-in-failed',
  'session.logout',
  'session.revoked',
  'session.token-reused',
  'session.device-mismatch',
  'device.removed',
  'account.contact-changed',
  'account.password-set',
  'otp.sent',
  'account.locked',
  'user.enrolled',
  'kyc.renewed',
  'membership.changed',
  'role.changed',
  'identity.verification-failed',
  'approval.requested',
  'approval.cancelled',
  'approval.decided',
  'approval.proposed',
  'order.created',
  'payment.started',
  'payment.superseded',
  'payment.settled',
  'payment.failed',
  'payment.amount-mismatch',
  'payment.extra-capture',
  'payment.refunded',
  'allocation.made',
  'certificate.issued',
  'certificate.revoked',
  'certificate.key-refused',
  // Every use of the certificate authority's keys: made, loaded, signing.
  'ca.key-made',
  'ca.key-loaded',
  'ca.certificate-signed',
  'ca.crl-signed',
  'ca.key-ceremony',
  'ca.key-rolled',
  'signature.created',
  'export.made',
  // Refreshes, documents in and out, refusals, quarantined uploads and purges.
  'session.refreshed',
  'document.uploaded',
  'document.downloaded',
  'access.denied',
  'request.rate-limited',
  'upload.quarantined',
  'audit.purged',
  // An organization's logo on its signatures.
  'organization.logo.uploaded',
  'organization.logo.removed',
  // Envelopes sent to others to sign, and declined.
  'envelope.sent',
  'envelope.declined',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditOutcome = 'success' | 'failure' | 'denied';

/** Where an event came from: the request, its address and device, and who was calling. */
export interface AuditContext {
  requestId: string | null;
  address: string | null;
  deviceHash: string | null;
  actor: number | null;
  orgSlno: number | null;
  role: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  outcome?: AuditOutcome;
  /** What the event is about: an order's encoded id, a session id, a masked national id … */
  target?: string | null;
  /** Overrides the context's actor (a sign-in names the user it signed in). */
  actor?: number | null;
  orgSlno?: number | null;
  role?: string | null;
  detail?: Record<string, string | number | boolean | null>;
}

/** A system event (a gateway notification, a timer): no request, no caller. */
export const SYSTEM_CONTEXT: AuditContext = {
  requestId: null,
  address: null,
  deviceHash: null,
  actor: null,
  orgSlno: null,
  role: null,
};

export function deviceHash(deviceId: string | null | undefined): string | null {
  return deviceId ? createHash('sha256').update(deviceId).digest('hex').slice(0, 32) : null;
}

/** The context of a request, before or after its caller is known. */
export function auditContextOf(
  request: FastifyRequest,
  caller: { userSlno: number } | null,
  deviceId?: string,
): AuditContext {
  const device = deviceId ?? request.headers['x-device-id'];
  return {
    requestId: request.id,
    address: request.ip,
    deviceHash: deviceHash(typeof device === 'string' ? device : null),
    actor: caller?.userSlno ?? null,
    orgSlno: null,
    role: null,
  };
}

/** JSON with every object's keys sorted: the bytes the chain covers. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

export interface AuditRecord {
  auditSlno: number;
  at: Date;
  requestId: string | null;
  actor: number | null;
  orgSlno: number | null;
  actingRole: string | null;
  address: string | null;
  deviceHash: string | null;
  action: string;
  target: string | null;
  outcome: string;
  detail: Record<string, unknown>;
}

export const GENESIS = 'genesis';
/** With the anchor job's minute (AUDIT_ANCHOR_SECONDS), what may wait to be anchored: a few records. */
export const CHECKPOINT_EVERY = 10;
/** Records chained per transaction of a chaining pass. */
const CHAIN_BATCH = 1000;

/** A record's columns as stored, before its number and hashes. */
export interface StoredRecordRow {
  at: Date;
  request_id: string | null;
  actor: number | null;
  org_slno: number | null;
  acting_role: string | null;
  address: string | null;
  device_hash: string | null;
  action: string;
  target: string | null;
  outcome: string;
  detail: Record<string, unknown>;
}

/** The columns of StoredRecordRow, for a SELECT. */
export const STORED_RECORD_COLUMNS =
  'at, request_id, actor, org_slno, acting_role, address, device_hash, action, target, outcome, detail';

/** The record a stored row holds, numbered `auditSlno`: what its hash covers. */
export function recordOfRow(row: StoredRecordRow, auditSlno: number): AuditRecord {
  return {
    auditSlno,
    at: row.at,
    requestId: row.request_id,
    actor: row.actor,
    orgSlno: row.org_slno,
    actingRole: row.acting_role,
    address: row.address,
    deviceHash: row.device_hash,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    detail: row.detail,
  };
}

export function recordHash(key: Buffer, previous: string, record: AuditRecord): string {
  return hmac(key, previous, canonicalJson({ ...record, at: record.at.toISOString() }));
}

export function headMac(key: Buffer, lastSlno: number, lastHash: string): string {
  return hmac(key, 'head', String(lastSlno), lastHash);
}

/** What the purge command signs: how far it cut, how many records went, and against what time. */
export interface PurgeStatement {
  throughSlno: number;
  throughHash: string;
  records: number;
  olderThan: Date;
  at: Date;
}

export function purgeMessage(purge: PurgeStatement): Buffer {
  return Buffer.from(
    `tawqi-audit-purge\n${String(purge.throughSlno)}\n${purge.throughHash}\n${String(purge.records)}\n${purge.olderThan.toISOString()}\n${purge.at.toISOString()}`,
  );
}

export function checkpointMessage(auditSlno: number, hash: string, at: Date): Buffer {
  return Buffer.from(`tawqi-audit-checkpoint\n${String(auditSlno)}\n${hash}\n${at.toISOString()}`);
}

export interface Checkpoint {
  auditSlno: number;
  hash: string;
  at: Date;
  signature: string;
}

export interface AuditLog {
  /**
   * Records an event: inside the caller's transaction when given its client (made with
   * `inTransaction`), chained as that transaction's last step and committed or rolled back with
   * the change it records; given the pool, in a transaction of its own (events with no other
   * change, such as a refused sign-in).
   */
  record(db: Pool | PoolClient, context: AuditContext, event: AuditEvent): Promise<void>;
  /**
   * Signs the head when it moved since the last checkpoint (or, `evenIfUnchanged`, in any case:
   * the timer's, so that the latest anchor is recent even on a quiet day); answers the new one.
   */
  checkpoint(pool: Pool, options?: { evenIfUnchanged?: boolean }): Promise<Checkpoint | null>;
}

/** Signs the head (under its lock) when it moved since the last checkpoint, or in any case. */
async function signCheckpoint(
  client: PoolClient,
  keys: Keys,
  at: Date,
  evenIfUnchanged = false,
): Promise<Checkpoint | null> {
  const [head] = (
    await client.query<{ last_slno: number; last_hash: string }>(
      'SELECT last_slno, last_hash FROM audit_head FOR UPDATE',
    )
  ).rows;
  if (!head || head.last_slno === 0) return null;
  const [latest] = (
    await client.query<{ audit_slno: number }>(
      'SELECT audit_slno FROM audit_checkpoints ORDER BY checkpoint_slno DESC LIMIT 1',
    )
  ).rows;
  if (latest?.audit_slno === head.last_slno && !evenIfUnchanged) return null;
  const signature = sign(
    null,
    checkpointMessage(head.last_slno, head.last_hash, at),
    keys.auditSigning,
  ).toString('base64');
  await client.query(
    'INSERT INTO audit_checkpoints (audit_slno, hash, at, signature) VALUES ($1, $2, $3, $4)',
    [head.last_slno, head.last_hash, at, signature],
  );
  return { auditSlno: head.last_slno, hash: head.last_hash, at, signature };
}

/** The record of an event as it happens; its number comes when its transaction commits. */
function recordOf(
  context: AuditContext,
  event: AuditEvent,
  at: Date,
): Omit<AuditRecord, 'auditSlno'> {
  return {
    at,
    requestId: context.requestId,
    actor: event.actor !== undefined ? event.actor : context.actor,
    orgSlno: event.orgSlno !== undefined ? event.orgSlno : context.orgSlno,
    actingRole: event.role !== undefined ? event.role : context.role,
    address: context.address,
    deviceHash: context.deviceHash,
    action: event.action,
    target: event.target ?? null,
    outcome: event.outcome ?? 'success',
    detail: event.detail ?? {},
  };
}

/** Writes a transaction's records, unchained, as its last step before COMMIT: no lock taken. */
async function writeRecords(client: PoolClient, pending: Omit<AuditRecord, 'auditSlno'>[]) {
  await client.query(
    `INSERT INTO audit_log (at, request_id, actor, org_slno, acting_role, address, device_hash, action, target, outcome, detail)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::integer[], $4::integer[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::jsonb[])`,
    [
      pending.map((record) => record.at),
      pending.map((record) => record.requestId),
      pending.map((record) => record.actor),
      pending.map((record) => record.orgSlno),
      pending.map((record) => record.actingRole),
      pending.map((record) => record.address),
      pending.map((record) => record.deviceHash),
      pending.map((record) => record.action),
      pending.map((record) => record.target),
      pending.map((record) => record.outcome),
      pending.map((record) => JSON.stringify(record.detail)),
    ],
  );
}

/**
 * One batch chained under the head's lock (inside the caller's transaction): the committed records
 * still waiting, numbered and chained in the order written; a checkpoint signed when one is due.
 */
async function chainBatch(
  client: PoolClient,
  keys: Keys,
  clock: () => Date,
): Promise<{ chained: number; checkpoint: Checkpoint | null }> {
  let checkpoint: Checkpoint | null = null;
  await client.query(
    `INSERT INTO audit_head (id, last_slno, last_hash, mac) VALUES (true, 0, $1, $2) ON CONFLICT (id) DO NOTHING`,
    [GENESIS, headMac(keys.auditChain, 0, GENESIS)],
  );
  const [head] = (
    await client.query<{ last_slno: number; last_hash: string }>(
      'SELECT last_slno, last_hash FROM audit_head FOR UPDATE',
    )
  ).rows;
  if (!head) throw new Error('the audit head is missing');
  const waiting = (
    await client.query<StoredRecordRow & { entry_slno: number }>(
      `SELECT entry_slno, ${STORED_RECORD_COLUMNS}
         FROM audit_log WHERE audit_slno IS NULL ORDER BY entry_slno LIMIT ${String(CHAIN_BATCH)}`,
    )
  ).rows;
  if (waiting.length > 0) {
    let { last_slno: lastSlno, last_hash: lastHash } = head;
    const numbers: number[] = [];
    const previous: string[] = [];
    const hashes: string[] = [];
    let checkpointDue = false;
    for (const row of waiting) {
      const record = recordOfRow(row, lastSlno + 1);
      const hash = recordHash(keys.auditChain, lastHash, record);
      numbers.push(record.auditSlno);
      previous.push(lastHash);
      hashes.push(hash);
      lastSlno = record.auditSlno;
      lastHash = hash;
      checkpointDue ||= lastSlno % CHECKPOINT_EVERY === 0;
    }
    await client.query(
      `UPDATE audit_log l SET audit_slno = c.audit_slno, prev_hash = c.prev_hash, hash = c.hash
         FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) AS c (entry_slno, audit_slno, prev_hash, hash)
        WHERE l.entry_slno = c.entry_slno`,
      [waiting.map((row) => row.entry_slno), numbers, previous, hashes],
    );
    await client.query('UPDATE audit_head SET last_slno = $1, last_hash = $2, mac = $3', [
      lastSlno,
      lastHash,
      headMac(keys.auditChain, lastSlno, lastHash),
    ]);
    if (checkpointDue) checkpoint = await signCheckpoint(client, keys, clock());
  }
  return { chained: waiting.length, checkpoint };
}

export function createAuditLog(options: {
  keys: Keys;
  clock: () => Date;
  /**
   * Where signed checkpoints are also written, outside the database (the server's log and the
   * anchor file): once the checkpoint has committed, never for one rolled back.
   */
  publish?: (checkpoint: Checkpoint) => void;
  /** Hears of a chaining pass that failed (its records wait for the next pass). */
  report?: (error: unknown) => void;
}): AuditLog {
  const { keys } = options;

  /**
   * One chaining pass on `client` (outside any transaction): under the head's lock, numbers and
   * chains every committed record still waiting, in the order written, in batches.
   */
  async function chainWaiting(client: PoolClient): Promise<void> {
    for (;;) {
      await client.query('BEGIN');
      let batch: Awaited<ReturnType<typeof chainBatch>>;
      try {
        batch = await chainBatch(client, keys, options.clock);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      if (batch.checkpoint) options.publish?.(batch.checkpoint);
      if (batch.chained < CHAIN_BATCH) return;
    }
  }

  /**
   * Chaining passes in this process run one at a time; a caller arriving during one waits for the
   * next, which takes its records too (however many callers came meanwhile: one pass for all).
   */
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  function chainSoon(client: PoolClient): Promise<void> {
    if (queued) return queued;
    const pass = () =>
      chainWaiting(client).finally(() => {
        running = null;
      });
    if (!running) return (running = pass());
    const next = running.then(
      () => {
        queued = null;
        return (running = pass());
      },
      () => {
        queued = null;
        return (running = pass());
      },
    );
    return (queued = next);
  }

  /** The records each open transaction has made, written when it commits. */
  const pendingOf = new WeakMap<object, Omit<AuditRecord, 'auditSlno'>[]>();

  function record(client: PoolClient, context: AuditContext, event: AuditEvent): void {
    const transaction = beforeCommit(client);
    let pending = pendingOf.get(transaction);
    if (!pending) {
      const list: Omit<AuditRecord, 'auditSlno'>[] = [];
      pending = list;
      pendingOf.set(transaction, list);
      beforeCommit(client, () => writeRecords(client, list));
      // Chained once committed, before the transaction's caller goes on. A pass that fails
      // (the database busy) leaves them waiting for the next pass, anyone's: the change stands.
      afterCommit(client, () =>
        chainSoon(client).catch((error: unknown) => options.report?.(error)),
      );
    }
    pending.push(recordOf(context, event, options.clock()));
  }

  return {
    async record(db, context, event) {
      if (db instanceof pg.Pool)
        await inTransaction(db, (client) => {
          record(client, context, event);
          return Promise.resolve();
        });
      else record(db, context, event);
    },
    async checkpoint(pool, checkpointOptions) {
      // What waits is chained first (records of a process that stopped before chaining them).
      const client = await pool.connect();
      try {
        await chainSoon(client);
      } finally {
        client.release();
      }
      return inTransaction(pool, async (transaction) => {
        const checkpoint = await signCheckpoint(
          transaction,
          keys,
          options.clock(),
          checkpointOptions?.evenIfUnchanged,
        );
        const { publish } = options;
        if (checkpoint && publish)
          afterCommit(transaction, () => {
            publish(checkpoint);
          });
        return checkpoint;
      });
    },
  };
}
