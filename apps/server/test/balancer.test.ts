/**
 * Behind a load balancer (issue 42): one limit per client across every process, the client's
 * address from the configured balancers' X-Forwarded-For and from nobody else's.
 */
import { request, Agent } from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Pool } from '../src/db/pool.js';
import { sharedRateLimitStore } from '../src/http/sharedRateLimit.js';
import { forgetEndedWindows, hit } from '../src/modules/throttle.js';
import { forgetSimulatorRecords } from '../src/adapters/simulatorStore.js';
import { startHarness } from './harness.js';

// The test's own requests come from 127.0.0.1: here that is the balancer.
const h = await startHarness({
  RATE_LIMIT_PER_MINUTE: '6',
  TRUSTED_PROXIES: '127.0.0.1',
  CONNECTIONS_PER_ADDRESS: '2',
});
// A second process on the same database, as a balancer's second backend is.
const second = await h.appWith({});
const secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
afterAll(() => second.close());
const direct = await startHarness({ RATE_LIMIT_PER_MINUTE: '3' });

const vat = (baseUrl: string, client: string) =>
  fetch(`${baseUrl}/api/v1/common/get/vat`, { headers: { 'x-forwarded-for': client } });

describe('the API limit behind a balancer', () => {
  it('is one count per client across two processes on one database', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push((await vat(i % 2 === 0 ? h.baseUrl : secondUrl, '203.0.113.7')).status);
    // Six in the minute between both processes, not six each.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // Another client behind the same balancer has its own count.
    expect((await vat(secondUrl, '203.0.113.8')).status).toBe(200);
    // And what the audit log says of the flood names the client, not the balancer.
    await vi.waitFor(async () => {
      const { rows } = await h.pool.query<{ address: string }>(
        "SELECT address FROM audit_log WHERE action = 'request.rate-limited'",
      );
      expect(rows.map((row) => row.address)).toEqual(['203.0.113.7']);
    });
  });

  it('admits exactly the limit across processes without a write per request', async () => {
    // Two processes' stores on one database, their statements counted.
    let statements = 0;
    const counted = {
      query: (text: string, values: unknown[]) => {
        statements += 1;
        return h.pool.query(text, values);
      },
    } as unknown as Pool;
    const Store = sharedRateLimitStore(counted);
    const processes = [new Store({}), new Store({})];
    const flood = (requests: number) =>
      Promise.all(
        Array.from(
          { length: requests },
          (_, i) =>
            new Promise<number>((resolve, reject) => {
              processes[i % 2]?.incr(
                'flood 192.0.2.55',
                (error, result) => {
                  if (error || !result) reject(error ?? new Error('no answer'));
                  else resolve(result.current);
                },
                60_000,
                100,
              );
            }),
        ),
      );
    const admitted = (await flood(300)).filter((current) => current <= 100).length;
    expect(admitted).toBe(100);
    // A share of what is left at a time, not a statement per request (it was 300).
    expect(statements).toBeLessThanOrEqual(30);
    // A used-up window is refused without asking again.
    const before = statements;
    expect((await flood(50)).every((current) => current > 100)).toBe(true);
    expect(statements).toBe(before);
  });

  it('believes X-Forwarded-For only from the configured balancers', async () => {
    const statuses: number[] = [];
    // A client that names another address each time is still counted by its own.
    for (let i = 0; i < 5; i += 1)
      statuses.push((await vat(direct.baseUrl, `198.51.100.${String(i)}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it("does not cap the balancer's connections as one client's", async () => {
    // Four connections at once from the balancer, where a client may hold two.
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const held = await Promise.all(
      Array.from(
        { length: 4 },
        (_, i) =>
          new Promise<number>((resolve, reject) => {
            const url = new URL(`${h.baseUrl}/health`);
            const sent = request(
              url,
              { agent, headers: { 'x-forwarded-for': `192.0.2.${String(i)}` } },
              (response) => {
                response.resume();
                response.on('end', () => {
                  resolve(response.statusCode ?? 0);
                });
              },
            );
            sent.on('error', reject);
            sent.end();
          }),
      ),
    );
    agent.destroy();
    expect(held).toEqual([200, 200, 200, 200]);
  });

  it('forgets windows that have ended', async () => {
    const long = new Date('2020-01-01T00:00:00Z');
    await hit(h.pool, 'test:ended', 1, 60, long);
    await hit(h.pool, 'test:open', 1, 60, new Date());
    expect(await forgetEndedWindows(h.pool, new Date(long.getTime() + 3_600_000))).toBe(1);
    const { rows } = await h.pool.query<{ bucket: string }>(
      "SELECT bucket FROM rate_limit_hits WHERE bucket LIKE 'test:%'",
    );
    expect(rows).toEqual([{ bucket: 'test:open' }]);
  });

  it('forgets the simulators’ old records, and never their keys', async () => {
    // They were kept for ever: every demo sign-in and payment a row.
    await h.ownerPool.query(
      `INSERT INTO simulator_records (kind, id, data, created_at) VALUES
         ('identity-request', 'test-old', '{}', now() - interval '40 days'),
         ('identity-request', 'test-new', '{}', now()),
         ('key', 'test-old-key', '{}', now() - interval '400 days')`,
    );
    expect(await forgetSimulatorRecords(h.pool, new Date(Date.now() - 30 * 86_400_000))).toBe(1);
    const { rows } = await h.pool.query<{ id: string }>(
      "SELECT id FROM simulator_records WHERE id LIKE 'test-%' ORDER BY id",
    );
    expect(rows.map((row) => row.id)).toEqual(['test-new', 'test-old-key']);
  });

  it('refuses a balancer list that is not addresses', () => {
    expect(() => loadConfig({ TAWQI_MODE: 'demo', TRUSTED_PROXIES: '10.0.0.0/99' })).toThrow(
      /TRUSTED_PROXIES/,
    );
  });
});
