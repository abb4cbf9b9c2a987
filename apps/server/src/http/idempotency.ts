/**
 * One idempotency mechanism for every call the contract marks `idempotent` (SECURITY.md "Money",
 * Stripe's semantics):
 * - the first request with a key claims it and runs; its answer is stored with the key;
 * - the same key with the same request again answers the stored answer, running nothing;
 * - the same key with another request (another quantity, say) is refused with 422;
 * - while the first is still running, the same key answers 409 (try again shortly);
 * - a request that failed releases its key, so a retry runs again; a claim whose server died
 *   mid-way is taken over after LOCK_SECONDS (the handler's own effects are idempotent too: an
 *   order is unique per key).
 * Keys are per caller and per call, kept for a day.
 */
import { createHash } from 'node:crypto';
import type { Pool } from '../db/pool.js';
import { canonicalJson } from '../modules/audit/log.js';
import { AppError } from './errors.js';

const LOCK_SECONDS = 60;
const KEEP_HOURS = 24;

export interface IdempotencyStore {
  run(
    claim: { caller: string; endpoint: string; key: string; request: unknown },
    work: () => Promise<unknown>,
  ): Promise<unknown>;
}

export function createIdempotencyStore(pool: Pool, clock: () => Date): IdempotencyStore {
  const lockUntil = (now: Date) => new Date(now.getTime() + LOCK_SECONDS * 1000);

  async function runClaimed(
    id: { caller: string; endpoint: string; key: string },
    work: () => Promise<unknown>,
  ) {
    let answer: unknown;
    try {
      answer = await work();
    } catch (error) {
      await pool.query(
        'DELETE FROM idempotency_keys WHERE caller = $1 AND endpoint = $2 AND key = $3',
        [id.caller, id.endpoint, id.key],
      );
      throw error;
    }
    await pool.query(
      `UPDATE idempotency_keys SET state = 'done', answer = $4 WHERE caller = $1 AND endpoint = $2 AND key = $3`,
      [id.caller, id.endpoint, id.key, JSON.stringify(answer ?? null)],
    );
    return answer;
  }

  return {
    async run(claim, work) {
      const now = clock();
      const id = { caller: claim.caller, endpoint: claim.endpoint, key: claim.key };
      const requestHash = createHash('sha256').update(canonicalJson(claim.request)).digest('hex');
      const inserted = await pool.query(
        `INSERT INTO idempotency_keys (caller, endpoint, key, request_hash, state, locked_until, created_at)
         VALUES ($1, $2, $3, $4, 'in-flight', $5, $6) ON CONFLICT DO NOTHING`,
        [id.caller, id.endpoint, id.key, requestHash, lockUntil(now), now],
      );
      if (inserted.rowCount === 1) {
        // Keys older than a day are forgotten; the clean-up rides on new claims.
        await pool.query('DELETE FROM idempotency_keys WHERE created_at < $1', [
          new Date(now.getTime() - KEEP_HOURS * 3_600_000),
        ]);
        return runClaimed(id, work);
      }
      const [row] = (
        await pool.query<{
          request_hash: string;
          state: string;
          answer: unknown;
          locked_until: Date;
        }>(
          'SELECT request_hash, state, answer, locked_until FROM idempotency_keys WHERE caller = $1 AND endpoint = $2 AND key = $3',
          [id.caller, id.endpoint, id.key],
        )
      ).rows;
      // Released between our insert and this read: claim it again from the top.
      if (!row) return this.run(claim, work);
      if (row.request_hash !== requestHash) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED');
      if (row.state === 'done') return row.answer;
      const takenOver = await pool.query(
        `UPDATE idempotency_keys SET locked_until = $4
          WHERE caller = $1 AND endpoint = $2 AND key = $3 AND state = 'in-flight' AND locked_until <= $5`,
        [id.caller, id.endpoint, id.key, lockUntil(now), now],
      );
      if (takenOver.rowCount === 1) return runClaimed(id, work);
      throw new AppError(409, 'CONFLICT', {
        detail: 'IN_PROGRESS',
        headers: { 'retry-after': '1' },
      });
    },
  };
}
