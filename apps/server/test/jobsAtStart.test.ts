/**
 * Jobs of an hour or more are offered when a process starts (issue 42): a process restarted more
 * often than a job's period (a daily CRL, a nightly deploy) would otherwise never run it. The
 * running server asks for it (main.ts); the tests' servers do not (their counts would race a CRL
 * issued at start), so this file's harness runs none of the queue used here itself.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startRecurringJobs, type Jobs } from '../src/db/jobs.js';
import { startHarness } from './harness.js';

const h = await startHarness();
const started: Jobs[] = [];
afterAll(async () => {
  await Promise.all(started.map((jobs) => jobs.stop()));
});

describe('a process that starts', () => {
  it('offers a daily job at once when asked to', async () => {
    let runs = 0;
    const daily = {
      // The harness's own sweep is off, so only this runner works its queue.
      name: 'esign-sweep' as const,
      everySeconds: 24 * 3600,
      run: async () => {
        runs += 1;
        await Promise.resolve();
      },
    };
    const report = () => undefined;
    started.push(await startRecurringJobs(h.pool, [daily], report, { longJobsAtStart: true }));
    await vi.waitFor(
      () => {
        expect(runs).toBe(1);
      },
      { timeout: 30_000, interval: 200 },
    );
  });
});
