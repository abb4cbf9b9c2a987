/**
 * The API's per-address limit kept in PostgreSQL: every process behind a balancer
 * counts into one window per address, so N processes allow the limit, not N times it. The count
 * is the same fixed window the modules' own throttles use (`hit`), under a prefix of its own.
 *
 * A request does not wait for a write of its own: one upsert per request queued a busy client's
 * requests on its row and halved an authenticated read (bench/api.mjs). A process reserves a
 * share of what is left of an address's allowance at once — a quarter of it, at most
 * LARGEST_SHARE, one for an address new to the process — and admits from that share without
 * asking; the request after the share is spent reserves the next (requests arriving meanwhile wait
 * for that one answer). Every share is counted in the shared row before it is used, so all the
 * processes together never admit more than the limit. What a process reserved and did not use is
 * lost to that client until the window ends: at most a quarter of what was left, per process. An
 * address whose window is used up is refused here, without asking, until the window ends.
 *
 * @fastify/rate-limit asks a store for `incr`, and a `child` per route with limits of its own;
 * this one store serves them all.
 */
import type { Pool } from '../db/pool.js';
import { hit } from '../modules/throttle.js';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

export interface RateLimitStore {
  incr(key: string, answer: Answer, timeWindow: number, max: number): void;
  child(): RateLimitStore;
}

/** The most one process reserves at a time: one shared write per this many requests at full rate. */
export const LARGEST_SHARE = 50;

interface Share {
  /** When the shared window ends (ms since the epoch). */
  windowEnds: number;
  /** Admissions left in this process's share. */
  left: number;
  /** The shared count as this process knows it: when the share was reserved, plus its own since. */
  current: number;
  /** The shared count has reached the limit: nothing more this window, for any process. */
  usedUp: boolean;
  /** The reservation under way, which requests arriving meanwhile wait for. */
  asking?: Promise<void> | undefined;
}

export function sharedRateLimitStore(pool: Pool): new (settings: unknown) => RateLimitStore {
  return class SharedRateLimitStore implements RateLimitStore {
    private readonly shares = new Map<string, Share>();
    private forgottenAt = Date.now();

    incr(key: string, answer: Answer, timeWindow: number, max: number): void {
      this.take(key, timeWindow, max).then(
        (counted) => {
          answer(null, counted);
        },
        (error: unknown) => {
          answer(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(): RateLimitStore {
      return this;
    }

    private async take(key: string, timeWindow: number, max: number) {
      for (;;) {
        const now = Date.now();
        this.forgetEnded(now, timeWindow);
        const share = this.shares.get(key);
        if (share && share.windowEnds > now) {
          const ttl = share.windowEnds - now;
          if (share.left > 0) {
            share.left -= 1;
            share.current += 1;
            return { current: share.current, ttl };
          }
          if (share.usedUp) return { current: max + 1, ttl };
        }
        if (share?.asking) await share.asking;
        else await this.reserve(key, share, timeWindow, max);
      }
    }

    private reserve(key: string, known: Share | undefined, timeWindow: number, max: number) {
      const current = known && known.windowEnds > Date.now() ? known.current : 0;
      const size = known
        ? Math.min(LARGEST_SHARE, Math.max(1, Math.floor((max - current) / 4)))
        : 1;
      const share: Share = known ?? { windowEnds: 0, left: 0, current: 0, usedUp: false };
      this.shares.set(key, share);
      share.asking = (async () => {
        const seconds = Math.ceil(timeWindow / 1000);
        const counted = await hit(pool, `request:${key}`, max, seconds, new Date(), size);
        const before = counted.hits - size;
        share.windowEnds = Date.now() + counted.retryAfterMs;
        share.left = Math.max(0, Math.min(size, max - before));
        share.current = before;
        share.usedUp = counted.hits >= max;
      })().finally(() => {
        share.asking = undefined;
      });
      return share.asking;
    }

    /** Once a window's length, the shares of windows that have ended (an address each). */
    private forgetEnded(now: number, timeWindow: number) {
      if (now - this.forgottenAt < timeWindow) return;
      this.forgottenAt = now;
      for (const [key, share] of this.shares)
        if (share.windowEnds <= now && !share.asking) this.shares.delete(key);
    }
  };
}
