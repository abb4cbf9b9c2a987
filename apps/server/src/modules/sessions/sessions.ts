/**
 * Sessions and refresh tokens (SECURITY.md "Sessions", RFC 9700 §4.14): a session is one sign-in
 * on one device; its refresh tokens form a family and rotate on every refresh.
 * - A token's successor is derived from it (HMAC under a server key), so every refresh of one token
 *   inside the grace window — a retry after a lost answer, or twenty tabs at once — receives the
 *   same successor; nothing else is minted.
 * - A spent token presented after the grace window, or after its successor has itself been used,
 *   is reuse: the whole family is revoked at once.
 * - Tokens are bound to the device id; the server enforces the idle and absolute limits. Tokens
 *   are stored only as SHA-256 hashes.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { inTransaction, type PoolClient, type Queryable } from '../../db/pool.js';

/** A second use of a spent token within this window is a retry, not reuse. */
export const REUSE_GRACE_MS = 10_000;
const MINUTE = 60_000;

export interface SessionLimits {
  idleMinutes: number;
  absoluteHours: number;
}

export type RefreshFailure =
  'unknown' | 'revoked' | 'reused' | 'device-mismatch' | 'idle' | 'expired';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The one successor of a refresh token. */
function successorOf(token: string, key: Buffer): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}

/** Starts a session for a user on a device; answers its first refresh token. */
export async function createSession(
  pool: Queryable,
  input: { userSlno: number; deviceId: string; now: Date; limits: SessionLimits },
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  const absolute = new Date(input.now.getTime() + input.limits.absoluteHours * 60 * MINUTE);
  await inTransaction(pool, async (client) => {
    await client.query(
      'INSERT INTO sessions (session_id, user_slno, device_id, created_at, last_seen_at, absolute_expires_at) VALUES ($1, $2, $3, $4, $4, $5)',
      [sessionId, input.userSlno, input.deviceId, input.now, absolute],
    );
    await client.query(
      'INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)',
      [hashToken(refreshToken), sessionId, input.now],
    );
  });
  return { sessionId, refreshToken };
}

interface TokenRow {
  session_id: string;
  used_at: Date | null;
  replaced_by: string | null;
  successor_used_at: Date | null;
  user_slno: number;
  device_id: string;
  last_seen_at: Date;
  absolute_expires_at: Date;
  revoked_at: Date | null;
}

/** Rotates a refresh token: its successor, or why the session is over (and then it is revoked). */
export async function rotateRefreshToken(
  pool: Queryable,
  input: {
    refreshToken: string;
    deviceId: string;
    now: Date;
    limits: SessionLimits;
    /** The key successors are derived with (from SERVER_SECRET). */
    successorKey: Buffer;
  },
): Promise<
  | { ok: true; userSlno: number; sessionId: string; refreshToken: string }
  | { ok: false; reason: RefreshFailure; userSlno: number | null; sessionId: string | null }
> {
  return inTransaction(pool, async (client) => {
    const tokenHash = hashToken(input.refreshToken);
    const found = await client.query<TokenRow>(
      `SELECT t.session_id, t.used_at, t.replaced_by, n.used_at AS successor_used_at,
              s.user_slno, s.device_id, s.last_seen_at, s.absolute_expires_at, s.revoked_at
         FROM refresh_tokens t JOIN sessions s USING (session_id)
         LEFT JOIN refresh_tokens n ON n.token_hash = t.replaced_by
        WHERE t.token_hash = $1
        FOR UPDATE OF t, s`,
      [tokenHash],
    );
    const row = found.rows[0];
    if (!row) return { ok: false, reason: 'unknown', userSlno: null, sessionId: null };
    const who = { userSlno: row.user_slno, sessionId: row.session_id };
    const fail = async (reason: RefreshFailure) => {
      await revoke(client, row.session_id, input.now, reason);
      return { ok: false as const, reason, ...who };
    };
    if (row.revoked_at) return { ok: false, reason: 'revoked', ...who };
    if (row.device_id !== input.deviceId) return fail('device-mismatch');
    const successor = successorOf(input.refreshToken, input.successorKey);
    if (row.used_at) {
      // Spent already: a retry inside the grace window gets the same successor, unless that
      // successor has been used itself — then this token is in someone else's hands.
      const late = input.now.getTime() - row.used_at.getTime() > REUSE_GRACE_MS;
      if (late || row.successor_used_at || row.replaced_by !== hashToken(successor))
        return fail('reused');
    }
    if (input.now.getTime() - row.last_seen_at.getTime() > input.limits.idleMinutes * MINUTE)
      return fail('idle');
    if (input.now >= row.absolute_expires_at) return fail('expired');
    if (!row.used_at) {
      await client.query(
        'UPDATE refresh_tokens SET used_at = $2, replaced_by = $3 WHERE token_hash = $1',
        [tokenHash, input.now, hashToken(successor)],
      );
      await client.query(
        'INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)',
        [hashToken(successor), row.session_id, input.now],
      );
    }
    await client.query('UPDATE sessions SET last_seen_at = $2 WHERE session_id = $1', [
      row.session_id,
      input.now,
    ]);
    return { ok: true, ...who, refreshToken: successor };
  });
}

async function revoke(
  client: PoolClient,
  sessionId: string,
  now: Date,
  reason: string,
): Promise<void> {
  await client.query(
    'UPDATE sessions SET revoked_at = coalesce(revoked_at, $2), revoke_reason = coalesce(revoke_reason, $3) WHERE session_id = $1',
    [sessionId, now, reason],
  );
}

/** Notes that the session's person just confirmed their identity in the identity app. */
export async function confirmIdentity(
  pool: Queryable,
  sessionId: string,
  now: Date,
): Promise<void> {
  await pool.query('UPDATE sessions SET identity_confirmed_at = $2 WHERE session_id = $1', [
    sessionId,
    now,
  ]);
}

export async function revokeSession(
  pool: Queryable,
  sessionId: string,
  now: Date,
  reason: string,
): Promise<void> {
  await pool.query(
    'UPDATE sessions SET revoked_at = coalesce(revoked_at, $2), revoke_reason = coalesce(revoke_reason, $3) WHERE session_id = $1',
    [sessionId, now, reason],
  );
}

/**
 * The statement part that finds live sessions and touches them, for the checks listed in the
 * relation `asked` (columns `i`, `session_id`, `now`): `live` has a row `(i, session_id)` for each
 * check whose session is not revoked, not idle beyond the limit and not past its absolute end. The
 * last-seen time moves on, which is what the idle limit measures (the server's own clock, not a
 * client header) — but at most once a minute: a row is written only when its stored time is a
 * minute old, in the same statement (a revocation still stops the very next request). `$idle` is
 * the placeholder of the idle minutes.
 */
export function liveSessionsCte(asked: string, idle: string): string {
  return `live AS (
       SELECT a.i, s.session_id, s.last_seen_at, a.now FROM ${asked} a
         JOIN sessions s ON s.session_id = a.session_id
        WHERE s.revoked_at IS NULL
          AND s.last_seen_at >= a.now - make_interval(mins => ${idle})
          AND s.absolute_expires_at > a.now
     ), touched AS (
       UPDATE sessions SET last_seen_at = seen.now
         FROM (SELECT session_id, max(now) AS now, min(last_seen_at) AS last_seen_at
                 FROM live GROUP BY session_id) seen
        WHERE sessions.session_id = seen.session_id
          AND seen.last_seen_at < seen.now - interval '1 minute'
     )`;
}
