/**
 * The background work on one job queue (issue 42): two processes offering the same recurring job
 * run it once; a run that fails is retried; the operator sees the queue in /metrics.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startRecurringJobs, type Jobs, type RecurringJob } from '../src/db/jobs.js';
import { startHarness } from './harness.js';

// The harness runs neither of these queues itself (its sweep and reconciliation are off).
const h = await startHarness();
const started: Jobs[] = [];
/** What the runners told the log. */
const reports: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((jobs) => jobs.stop()));
});

/** A process's runner of `job`, its period long enough that only the test offers it. */
async function runner(job: Omit<RecurringJob, 'everySeconds'>): Promise<Jobs> {
  const jobs = await startRecurringJobs(h.pool, [{ ...job, everySeconds: 3600 }], (message) =>
    reports.push(message),
  );
  started.push(jobs);
  return jobs;
}

const jobStates = async (queue: string) =>
  (
    await h.pool.query<{ state: string }>(
      'SELECT state::text AS state FROM pgboss.job WHERE name = $1 ORDER BY created_on',
      [queue],
    )
  ).rows.map((row) => row.state);

describe('recurring jobs', () => {
  it('run once a period whichever of two processes offers them', async () => {
    let runs = 0;
    const job = {
      name: 'esign-sweep' as const,
      run: async () => {
        runs += 1;
        await Promise.resolve();
      },
    };
    const first = await runner(job);
    const second = await runner(job);
    await Promise.all([first.offerAll(), second.offerAll(), first.offerAll()]);
    await vi.waitFor(async () => {
      expect(await jobStates('esign-sweep')).toEqual(['completed']);
    }, 30_000);
    expect(runs).toBe(1);
    // Offered again in the same period: still the one run.
    await second.offerAll();
    expect(await jobStates('esign-sweep')).toEqual(['completed']);
    expect(runs).toBe(1);
  });

  it('retry a run that fails, and show the queue to the operator', async () => {
    let attempts = 0;
    const jobs = await runner({
      name: 'payment-reconcile',
      run: async () => {
        attempts += 1;
        await Promise.resolve();
        if (attempts === 1) throw new Error('the gateway did not answer');
      },
    });
    await jobs.offerAll();
    await vi.waitFor(
      async () => {
        expect(await jobStates('payment-reconcile')).toEqual(['completed']);
      },
      { timeout: 60_000, interval: 200 },
    );
    expect(attempts).toBe(2);
    // The failed attempt is in the log when it happens, not only in the queue's tables.
    expect(reports).toContain('payment-reconcile failed (attempt 1)');
    const metrics = await h.call('GET', '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.raw.toString()).toMatch(
      /tawqi_jobs\{queue="payment-reconcile",state="completed"\} 1/,
    );
  });
});
