/**
 * One way every export is written (SECURITY.md "Exports", issue 11): before a byte is written the
 * caller's rate (EXPORTS_PER_MINUTE a minute per user), the server's load (EXPORTS_AT_ONCE written
 * at a time) and the size (at most EXPORT_MAX_ROWS rows: a larger export asks for a narrower
 * filter) are checked; then the file streams through the safe cell writer as it is read.
 *
 * Issue 42: an export's rows are read, turned into cells and written into its file in a worker
 * thread (xlsxWorker.ts, on piscina's pool) with a database connection of its own, at the lowest
 * priority: the server's thread only checks the request and hands the file's pieces to the
 * download. Reading and turning rows into cells on the server's thread (and the garbage they left
 * on its heap) raised other people's p99 3–5× while two exports ran (`npm run bench`).
 */
import { PassThrough } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import type { Language } from '@tawqi/domain';
import { Piscina } from 'piscina';
import { builtScript } from '../../builtScript.js';
import type { Config } from '../../config.js';
import { lowestPriorityForBackend, type Pool } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import { hit } from '../throttle.js';
import type { SummarySheet } from './xlsx.js';
import type {
  ExportDatabase,
  FromWorker,
  RowSource,
  SheetColumn,
  ToWorker,
  XlsxTask,
} from './xlsxWorker.js';

export interface ExportRequest {
  /** Who asks, for the per-user rate. */
  userSlno: number;
  /** How many rows the export will hold (the same filter as `source`), read on the exports' pool. */
  count: (pool: Pool) => Promise<number>;
  /** Where the worker thread reads the rows, as cells in `columns`' order. */
  source: RowSource;
  sheetName: string;
  columns: readonly SheetColumn[];
  language: Language;
  /** A report's summary, a sheet of its own before the rows. */
  summary?: (pool: Pool) => Promise<SummarySheet>;
}

export interface ExportWriter {
  stream(request: ExportRequest): Promise<PassThrough>;
  /** Exports being written now on this server. */
  readonly running: number;
  /** Ends the worker threads (the server's shutdown). */
  close(): Promise<void>;
}

/** What the writer needs (not `Deps`, which holds the writer: no circle between them). */
export interface ExportWriterDeps {
  /**
   * The exports' own pool (the requests' where a test has one only): the rate, the count and a
   * summary are read on it, and a worker's connection is opened with its settings.
   */
  pool: Pool;
  config: Config;
  clock: () => Date;
}

export function createExportWriter(deps: ExportWriterDeps): ExportWriter {
  let running = 0;
  const settings = deps.pool.options as typeof deps.pool.options & { onConnect?: unknown };
  const database: ExportDatabase = {
    url: settings.connectionString ?? '',
    statementTimeoutMs:
      typeof settings.statement_timeout === 'number' ? settings.statement_timeout : 0,
    lowestPriority: settings.onConnect === lowestPriorityForBackend,
  };
  // Made at the first export: a server that never exports starts no thread.
  let threads: Piscina | undefined;
  const workers = () =>
    (threads ??= new Piscina({
      filename: builtScript(new URL('./xlsxWorker.js', import.meta.url)),
      // EXPORTS_AT_ONCE are written at a time (more are refused above): a thread each.
      maxThreads: Math.max(1, deps.config.EXPORTS_AT_ONCE),
      minThreads: 0,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      // The built script and the built packages it imports, whatever flags started this process
      // (the tests' resolve @tawqi/* to their TypeScript sources).
      execArgv: [],
    }));
  return {
    get running() {
      return running;
    },
    async close() {
      await threads?.destroy();
      threads = undefined;
    },
    async stream(request) {
      const { config } = deps;
      const rate = await hit(
        deps.pool,
        `export:${String(request.userSlno)}`,
        config.EXPORTS_PER_MINUTE,
        60,
        deps.clock(),
      );
      if (!rate.allowed)
        throw new AppError(429, 'RATE_LIMITED', {
          headers: { 'retry-after': String(rate.retryAfterSeconds) },
        });
      if (running >= config.EXPORTS_AT_ONCE)
        throw new AppError(503, 'SERVICE_UNAVAILABLE', {
          headers: { 'retry-after': '5' },
          localized: {
            en: 'Other exports are being written. Try again in a few seconds.',
            ar: 'يجري إعداد ملفات تصدير أخرى. حاول مرة أخرى بعد ثوانٍ.',
          },
        });
      running += 1;
      let released = false;
      const release = () => {
        if (!released) running -= 1;
        released = true;
      };
      let summary: SummarySheet | undefined;
      try {
        const total = await request.count(deps.pool);
        if (total > config.EXPORT_MAX_ROWS)
          throw new AppError(422, 'EXPORT_TOO_LARGE', {
            detail: `at most ${String(config.EXPORT_MAX_ROWS)} rows; this filter has ${String(total)}`,
          });
        summary = await request.summary?.(deps.pool);
      } catch (error) {
        release();
        throw error;
      }
      const output = new PassThrough();
      output.once('close', release);
      // The file streams as it is written; a failure part-way ends the download broken, not silent.
      // (It settles, never rejects: a failure is told to the download.)
      void writeInWorker(workers(), output, {
        source: request.source,
        database,
        sheetName: request.sheetName,
        columns: [...request.columns],
        language: request.language,
        summary,
      }).then(release);
      return output;
    },
  };
}

/**
 * Writes the sheet in one of `threads`, its pieces into `output`: each piece is acknowledged once
 * the download has taken it, and the worker reads no further than a piece ahead (a slow download
 * holds the reading back; memory stays flat). Settles when the file is whole, or is given up (the
 * download closed, the reading or the worker failed: `output` is then destroyed with the reason).
 */
function writeInWorker(
  threads: Piscina,
  output: PassThrough,
  sheet: Omit<XlsxTask, 'port'>,
): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  return new Promise<void>((resolve) => {
    let settled = false;
    const settle = (failure?: Error) => {
      if (settled) return;
      settled = true;
      if (failure) {
        port1.postMessage({ abandoned: failure.message } satisfies ToWorker);
        output.destroy(failure);
      } else output.end();
      port1.close();
      resolve();
    };
    output.once('close', () => {
      settle(new Error('the download was closed before the file was whole'));
    });
    const taken = () => {
      if (!settled) port1.postMessage({ taken: true } satisfies ToWorker);
    };
    port1.on('message', (message: FromWorker) => {
      if (settled) return;
      if ('chunk' in message) {
        if (output.write(message.chunk)) taken();
        else output.once('drain', taken);
      } else settle();
    });
    threads
      .run({ ...sheet, port: port2 } satisfies XlsxTask, { transferList: [port2] })
      .catch((error: unknown) => {
        settle(error instanceof Error ? error : new Error(String(error)));
      });
  });
}
