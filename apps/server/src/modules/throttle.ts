/**
 * Fixed-window throttling kept in PostgreSQL, so limits hold across instances (the server is
 * stateless). Answers whether one more attempt is allowed, how many the window has seen, and
 * when it ends.
 */
import type { Queryable } from '../db/pool.js';

export interface Hit {
  allowed: boolean;
  /** Attempts in this window, these included. */
  hits: number;
  retryAfterSeconds: number;
  /** Milliseconds until the window ends. */
  retryAfterMs: number;
}

export async function hit(
  pool: Queryable,
  bucket: string,
  limit: number,
  windowSeconds: number,
  now: Date,
  /** Attempts counted at once (a process reserving a share of a limit: sharedRateLimit.ts). */
  count = 1,
): Promise<Hit> {
  const result = await pool.query<{ hits: number; window_ends: Date }>(
    `INSERT INTO rate_limit_hits (bucket, hits, window_ends) VALUES ($1, $4, $2::timestamptz + make_interval(secs => $3))
     ON CONFLICT (bucket) DO UPDATE SET
       hits = CASE WHEN rate_limit_hits.window_ends <= $2 THEN $4 ELSE rate_limit_hits.hits + $4 END,
       window_ends = CASE WHEN rate_limit_hits.window_ends <= $2 THEN $2::timestamptz + make_interval(secs => $3) ELSE rate_limit_hits.window_ends END
     RETURNING hits, window_ends`,
    [bucket, now, windowSeconds, count],
  );
  const row = result.rows[0] as { hits: number; window_ends: Date };
  const retryAfterMs = Math.max(0, row.window_ends.getTime() - now.getTime());
  return {
    allowed: row.hits <= limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    retryAfterMs,
  };
}

/**
 * Forgets the windows that ended before `before`: a bucket per address, per transaction polled
 * or per assertion would otherwise stay for good. Answers how many were forgotten.
 */
export async function forgetEndedWindows(pool: Queryable, before: Date): Promise<number> {
  const result = await pool.query('DELETE FROM rate_limit_hits WHERE window_ends < $1', [before]);
  return result.rowCount ?? 0;
}
