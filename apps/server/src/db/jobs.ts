/**
 * The server's background work on one PostgreSQL-backed job queue: pg-boss, a kept
 * library (10.x, the last line for Node 20), not a timer and a loop per feature. Each recurring
 * job is a queue of its own:
 *
 * - every process offers the job once per period (`sendThrottled`: one job per period's window
 *   whichever process offers it first), so N processes do the work once a period, not N times;
 * - the queue is `stately`: at most one waiting and one running, so a slow run is not piled on;
 * - a run that throws is retried (`RETRY_LIMIT`, with backoff) and its failure kept for the
 *   operator (`tawqi_jobs{queue,state="failed"}` in /metrics, and `pgboss.job`);
 * - any process's worker may take it; a process that dies mid-run leaves the job to expire and be
 *   retried by another.
 *
 * pg-boss makes its tables itself (`pgboss` schema) — with the owner's connection, at start beside
 * the migrations (`installJobQueue`), so its own upgrades follow the library's version; the
 * application's role may use them and not change them. The queue's work runs on a pool of its
 * own, apart from the requests' (`createServer`'s `jobsPool`).
 */
import PgBoss from 'pg-boss';
import type { Pool } from './pool.js';

export const JOB_SCHEMA = 'pgboss';

/** Every recurring job of the server (each module's work, named here so the owner makes them). */
export const JOB_NAMES = [
  'esign-sweep',
  'payment-reconcile',
  'audit-checkpoint',
  'audit-anchor',
  'crl-refresh',
  'throttle-forget',
  'simulator-forget',
  'documents-tidy',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

const RETRY_LIMIT = 3;
/** A job of this period or more is also offered when a process starts (startRecurringJobs). */
const LONG_PERIOD_SECONDS = 3600;

export interface RecurringJob {
  name: JobName;
  everySeconds: number;
  run: () => Promise<void>;
}

/** pg-boss on one of our pools (its own pool would be one more per process). */
function bossOn(pool: Pool, options: PgBoss.ConstructorOptions = {}): PgBoss {
  return new PgBoss({
    db: {
      // Its schema's plans are several statements with no values: the simple protocol.
      executeSql: (text: string, values: unknown[] | undefined) =>
        values && values.length > 0 ? pool.query(text, values) : pool.query(text),
    },
    schema: JOB_SCHEMA,
    schedule: false,
    // Done and failed jobs stay two days for the operator; a daily job's window fits inside.
    archiveCompletedAfterSeconds: 2 * 24 * 3600,
    ...options,
  });
}

/** Makes or upgrades the queue's tables and the server's queues (the owner's connection). */
export async function installJobQueue(owner: Pool): Promise<void> {
  const boss = bossOn(owner, { migrate: true, supervise: false });
  boss.on('error', () => undefined);
  await boss.start();
  for (const name of JOB_NAMES)
    await boss.createQueue(name, {
      name,
      policy: 'stately',
      retryLimit: RETRY_LIMIT,
      retryBackoff: true,
    });
  await boss.stop({ graceful: false, wait: true, close: false });
}

export interface Jobs {
  /** Offers every job now, as the period's tick would (a test's or an operator's nudge). */
  offerAll(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the recurring jobs on `pool` (the application's role). A job whose period is 0 is not
 * run here (the tests drive the eSign sweep and the reconciliation themselves). With
 * `longJobsAtStart`, a job of an hour or more is also offered at once: a process restarted more
 * often than its period (a daily CRL, a nightly deploy) would otherwise never run it; still once
 * in its period, whoever offers. The server's process asks for it (main.ts); the tests' servers
 * do not, so a CRL and its audit record do not appear in the middle of a test that counts them.
 */
export async function startRecurringJobs(
  pool: Pool,
  jobs: RecurringJob[],
  report: (message: string, error: unknown) => void,
  { longJobsAtStart = false }: { longJobsAtStart?: boolean } = {},
): Promise<Jobs> {
  // Supervision (expiring runs whose process died) every 15 s across the processes, not 120 s.
  const boss = bossOn(pool, { migrate: false, supervise: true, maintenanceIntervalSeconds: 15 });
  boss.on('error', (error) => {
    report('job queue', error);
  });
  try {
    await boss.start();
  } catch (error) {
    throw new Error(
      `the job queue's tables are missing or older than this release (${(error as Error).message}): start once with DATABASE_OWNER_URL, which makes them`,
      { cause: error },
    );
  }
  const running = jobs.filter((job) => job.everySeconds > 0);
  const offer = (job: RecurringJob) =>
    boss
      .sendThrottled(
        job.name,
        {},
        // A run that outlives this is taken as lost (its process died) and retried: a queue is
        // stately, so until then nobody runs the job (the eSign sweep, every 2 s: a minute).
        {
          retryLimit: RETRY_LIMIT,
          retryBackoff: true,
          expireInSeconds: Math.min(15 * 60, Math.max(60, job.everySeconds * 30)),
        },
        job.everySeconds,
      )
      .catch((error: unknown) => {
        report(`${job.name} not offered`, error);
      });
  const tickers: NodeJS.Timeout[] = [];
  for (const job of running) {
    await boss.work(
      job.name,
      {
        pollingIntervalSeconds: Math.min(2, Math.max(0.5, job.everySeconds)),
        includeMetadata: true,
      },
      async ([taken]) => {
        try {
          await job.run();
        } catch (error) {
          // pg-boss keeps the failure and retries; the log says so when it happens.
          report(`${job.name} failed (attempt ${String((taken?.retryCount ?? 0) + 1)})`, error);
          throw error;
        }
      },
    );
    if (longJobsAtStart && job.everySeconds >= LONG_PERIOD_SECONDS) void offer(job);
    const ticker = setInterval(() => void offer(job), job.everySeconds * 1000);
    ticker.unref();
    tickers.push(ticker);
  }
  return {
    async offerAll() {
      await Promise.all(running.map(offer));
    },
    async stop() {
      for (const ticker of tickers) clearInterval(ticker);
      // A run in progress finishes (the server's grace covers it); nothing new is taken.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
    },
  };
}
