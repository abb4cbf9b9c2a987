/**
 * The API's per-address limit kept in PostgreSQL (issue 42): every process behind a balancer
 * counts into one window per address, so N processes allow the limit, not N times it. The count
 * is the same fixed window the modules' own throttles use (`hit`), under a prefix of its own.
 * @fastify/rate-limit asks a store for `incr` (and `read` for a peek), and a `child` per route
 * with limits of its own; this one store serves them all.
 */
import type { Pool } from '../db/pool.js';
import { hit } from '../modules/throttle.js';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

export interface RateLimitStore {
  incr(key: string, answer: Answer, timeWindow: number, max: number): void;
  child(): RateLimitStore;
}

export function sharedRateLimitStore(pool: Pool): new (settings: unknown) => RateLimitStore {
  return class SharedRateLimitStore implements RateLimitStore {
    incr(key: string, answer: Answer, timeWindow: number, max: number): void {
      hit(pool, `request:${key}`, max, Math.ceil(timeWindow / 1000), new Date()).then(
        (counted) => {
          answer(null, { current: counted.hits, ttl: counted.retryAfterMs });
        },
        (error: unknown) => {
          answer(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(): RateLimitStore {
      return this;
    }
  };
}
