/**
 * Fixed-window throttling kept in PostgreSQL, so limits hold across instances (the server is
 * stateless). Answers whether one more attempt is allowed, and when the window ends.
 */
import type { Queryable } from '../db/pool.js';

export async function hit(
  pool: Queryable,
  bucket: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const result = await pool.query<{ hits: number; window_ends: Date }>(
    `INSERT INTO rate_limit_hits (bucket, hits, window_ends) VALUES ($1, 1, $2::timestamptz + make_interval(secs => $3))
     ON CONFLICT (bucket) DO UPDATE SET
       hits = CASE WHEN rate_limit_hits.window_ends <= $2 THEN 1 ELSE rate_limit_hits.hits + 1 END,
       window_ends = CASE WHEN rate_limit_hits.window_ends <= $2 THEN $2::timestamptz + make_interval(secs => $3) ELSE rate_limit_hits.window_ends END
     RETURNING hits, window_ends`,
    [bucket, now, windowSeconds],
  );
  const row = result.rows[0] as { hits: number; window_ends: Date };
  return {
    allowed: row.hits <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((row.window_ends.getTime() - now.getTime()) / 1000)),
  };
}
