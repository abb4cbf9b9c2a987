/**
 * Caps on the requests in progress at once: thirty concurrent requests from one
 * address, each within its rate limit, took every database connection and slowed everyone else's
 * reads to seconds.
 *
 * - Any request: at most `perAddress` from one address and `perSession` on one access token; one
 *   past either is answered 429 at once, before it takes a connection.
 * - A request without an access token (signing in, one-time codes, the verify page: anyone may
 *   send them, and most read the database) also takes a slot of its address's
 *   `anonymousPerAddress` and of every anonymous caller's `anonymousTotal`, kept below the
 *   database pool, so that signed-in people keep connections of their own. These wait briefly
 *   for a slot, a few per address in line, and are answered 429 when none frees in `waitMs`.
 *
 * A slot is given back when the answer is sent, or once the client has gone away and the work
 * it asked for has ended: a client that sends its whole request and leaves holds its slots while
 * the server still works for it, and no longer (a slot kept past that would never come back: a
 * few such uploads to the verify page would shut every sign-in out).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export interface InFlightCaps {
  perAddress: number;
  perSession: number;
  anonymousPerAddress: number;
  anonymousTotal: number;
  /** How long an anonymous request waits for a slot. */
  waitMs: number;
}

/**
 * Anonymous requests one address may have waiting in line, per slot it may use: a line holds no
 * connection, so it may be long enough for an office's tabs all refreshing their sessions at once.
 */
export const WAITING_PER_SLOT = 16;

/** Slots of one key: how many are taken, and who waits for one, first come first served. */
interface Slots {
  taken: number;
  waiting: (() => void)[];
}

const counted = Symbol('tawqi in-flight keys');
const gone = Symbol('tawqi client went away');
const answered = Symbol('tawqi answer made');
type Counted = FastifyRequest & { [counted]?: string[]; [gone]?: boolean; [answered]?: boolean };

const refused = () => new AppError(429, 'RATE_LIMITED', { headers: { 'retry-after': '1' } });

export function capRequestsInFlight(
  app: FastifyInstance,
  caps: InFlightCaps,
  applies: (url: string) => boolean,
): void {
  const slots = new Map<string, Slots>();
  const slotsOf = (key: string) => {
    let found = slots.get(key);
    if (!found) slots.set(key, (found = { taken: 0, waiting: [] }));
    return found;
  };
  const release = (key: string) => {
    const held = slots.get(key);
    if (!held) return;
    const next = held.waiting.shift();
    // A slot handed on is still taken: the waiter's.
    if (next) next();
    else if (held.taken > 1) held.taken -= 1;
    else slots.delete(key);
  };
  /** Takes a slot of `key` now, or (with `waitMs`) when one frees in time; false: none. */
  const take = async (key: string, cap: number, waitMs: number, line: number) => {
    const held = slotsOf(key);
    if (held.taken < cap) {
      held.taken += 1;
      return true;
    }
    if (waitMs <= 0 || held.waiting.length >= line) return false;
    return new Promise<boolean>((resolve) => {
      const handOn = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        held.waiting.splice(held.waiting.indexOf(handOn), 1);
        resolve(false);
      }, waitMs);
      held.waiting.push(handOn);
    });
  };

  /**
   * The slots a request takes, in one order (so two requests never wait on each other in turn):
   * an anonymous one waits for its anonymous slots first, holding no other meanwhile.
   */
  const wanted = (request: FastifyRequest) => {
    const keys: { key: string; cap: number; waitMs: number; line: number }[] = [];
    const authorization = request.headers.authorization;
    if (!authorization) {
      const waiting = { waitMs: caps.waitMs };
      if (caps.anonymousPerAddress > 0)
        keys.push({
          key: `anonymous ${request.ip}`,
          cap: caps.anonymousPerAddress,
          line: caps.anonymousPerAddress * WAITING_PER_SLOT,
          ...waiting,
        });
      if (caps.anonymousTotal > 0)
        keys.push({
          key: 'anonymous',
          cap: caps.anonymousTotal,
          line: Number.POSITIVE_INFINITY,
          ...waiting,
        });
    }
    const now = { waitMs: 0, line: 0 };
    if (caps.perAddress > 0)
      keys.push({ key: `address ${request.ip}`, cap: caps.perAddress, ...now });
    if (authorization && caps.perSession > 0)
      keys.push({
        key: `token ${createHash('sha256').update(authorization).digest('base64url')}`,
        cap: caps.perSession,
        ...now,
      });
    return keys;
  };

  const giveBack = (request: Counted) => {
    for (const key of request[counted] ?? []) release(key);
    request[counted] = [];
  };
  app.addHook('onRequest', async (request: Counted, reply) => {
    if (!applies(request.url)) return;
    const started = Date.now();
    request[counted] = [];
    // The connection closed: after the answer was made, or before (the client left) — then the
    // slots are given back once it is made (onSend), or at once if the client was still waiting.
    reply.raw.once('close', () => {
      request[gone] = true;
      if (request[answered]) giveBack(request);
    });
    for (const { key, cap, waitMs, line } of wanted(request)) {
      const left = waitMs > 0 ? Math.max(1, waitMs - (Date.now() - started)) : 0;
      const taken = await take(key, cap, left, line);
      if (taken) request[counted].push(key);
      // A client that left while waiting has its slots given back here: its abort came first.
      if (!taken || request[gone]) {
        giveBack(request);
        throw refused();
      }
    }
  });
  app.addHook('onSend', (request: Counted, reply, payload, done) => {
    request[answered] = true;
    if (request[gone] || reply.raw.destroyed) giveBack(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request: Counted, _reply, done) => {
    giveBack(request);
    done();
  });
  app.addHook('onRequestAbort', (request: Counted, done) => {
    request[gone] = true;
    giveBack(request);
    done();
  });
}
