/**
 * Prometheus metrics, with prom-client: `GET /metrics` answers the token in
 * METRICS_TOKEN (`Authorization: Bearer …`), or, in demo mode without one, callers on this
 * machine; otherwise 404.
 *
 * - Per process: requests by method, route pattern (never the raw path: its ids would make a
 *   series each) and status, with their durations; the pool's connections and waiting clients;
 *   Node's own figures (event-loop lag, memory, GC).
 * - From the database, read when scraped (the same whichever process answers): eSign
 *   transactions by status (signatures made are `status="success"`), webhook deliveries by
 *   outcome (`failed`, `abandoned`), the queues' depths (transactions waiting for their signer,
 *   deliveries due), and the background jobs by queue and state (db/jobs.ts).
 * - Alarms: whether the audit log still matches its anchor outside the database (1 when not).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JOB_SCHEMA } from '../db/jobs.js';
import type { Pool } from '../db/pool.js';

export interface Metrics {
  registry: Registry;
  /** Counts an answered request. */
  observe(request: FastifyRequest, reply: FastifyReply): void;
}

export function createMetrics(
  pool: Pool,
  checks: {
    /** Whether the audit log still holds what its anchor outside the database counted. */
    anchorHolds: () => Promise<boolean>;
  },
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tawqi_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'tawqi_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'tawqi_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'tawqi_db_pool_clients',
    help: 'The database pool: connections open, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'open' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  /** A gauge read from the database at each scrape: one series per value of its label. */
  const counted = (name: string, help: string, label: string, sql: string) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        this.reset();
        const { rows } = await pool.query<{ key: string; n: number }>(sql);
        for (const row of rows) this.set({ [label]: row.key }, row.n);
      },
    });
  counted(
    'tawqi_esign_transactions',
    'eSign transactions by status (signatures made: status="success")',
    'status',
    'SELECT status AS key, count(*) AS n FROM esign_transactions GROUP BY status',
  );
  counted(
    'tawqi_webhook_deliveries',
    'Webhook delivery attempts by outcome (due: the queue; failed and abandoned: failures)',
    'outcome',
    'SELECT outcome AS key, count(*) AS n FROM esign_webhook_deliveries GROUP BY outcome',
  );
  new Gauge({
    name: 'tawqi_jobs',
    help: 'Background jobs by queue and state (created: waiting; failed: retries used up)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await pool.query<{ queue: string; state: string; n: number }>(
        `SELECT name AS queue, state::text AS state, count(*) AS n FROM ${JOB_SCHEMA}.job GROUP BY 1, 2`,
      );
      for (const row of rows) this.set({ queue: row.queue, state: row.state }, row.n);
    },
  });
  new Gauge({
    name: 'tawqi_audit_anchor_mismatch',
    help: 'Whether the audit log no longer holds what its anchor outside the database counted (1: alarm)',
    registers: [registry],
    async collect() {
      this.set((await checks.anchorHolds()) ? 0 : 1);
    },
  });
  return {
    registry,
    observe(request, reply) {
      const labels = {
        method: request.method,
        // Unrouted requests (404s, the portal's pages) share one series.
        route: request.routeOptions.url ?? 'unrouted',
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    },
  };
}

/** Serves `/metrics` to whom may read it, and counts every answer. */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  /** The token to answer, or (none) who else may read: the server's own loopback check. */
  access: { token: string | null; local: ((address: string) => boolean) | null },
): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
  app.get('/metrics', async (request, reply) => {
    const allowed = access.token
      ? sameSecret(request.headers.authorization ?? '', `Bearer ${access.token}`)
      : (access.local?.(request.ip) ?? false);
    if (!allowed) return reply.status(404).send();
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}

/** Compares in constant time (by digests, so lengths tell nothing either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
