/**
 * A cap on the requests one address, and one access token, may have in progress at once (issue
 * 41): thirty concurrent requests from one address, each within its rate limit, took every
 * database connection and slowed everyone else's reads to seconds. One past the cap is answered
 * 429 at once, before it takes a connection; the count drops when the answer is sent or the
 * client goes away.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

const counted = Symbol('tawqi in-flight keys');
type Counted = FastifyRequest & { [counted]?: string[] };

export function capRequestsInFlight(
  app: FastifyInstance,
  caps: { perAddress: number; perSession: number },
  applies: (url: string) => boolean,
): void {
  const inFlight = new Map<string, number>();
  const keysOf = (request: FastifyRequest) => {
    const keys: [string, number][] = [];
    if (caps.perAddress > 0) keys.push([`address ${request.ip}`, caps.perAddress]);
    const authorization = request.headers.authorization;
    if (caps.perSession > 0 && authorization)
      keys.push([
        `token ${createHash('sha256').update(authorization).digest('base64url')}`,
        caps.perSession,
      ]);
    return keys;
  };
  const release = (request: Counted) => {
    for (const key of request[counted] ?? []) {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    }
    request[counted] = [];
  };
  app.addHook('onRequest', (request: Counted, _reply, done) => {
    if (!applies(request.url)) {
      done();
      return;
    }
    const keys = keysOf(request);
    if (keys.some(([key, cap]) => (inFlight.get(key) ?? 0) >= cap)) {
      done(new AppError(429, 'RATE_LIMITED', { headers: { 'retry-after': '1' } }));
      return;
    }
    for (const [key] of keys) inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    request[counted] = keys.map(([key]) => key);
    done();
  });
  app.addHook('onResponse', (request: Counted, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onRequestAbort', (request: Counted, done) => {
    release(request);
    done();
  });
}
