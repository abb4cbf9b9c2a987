/**
 * One way every export is written (SECURITY.md "Exports"): before a byte is written the
 * caller's rate (EXPORTS_PER_MINUTE a minute per user), the server's load (EXPORTS_AT_ONCE written
 * at a time) and the size (at most EXPORT_MAX_ROWS rows: a larger export asks for a narrower
 * filter) are checked; then the file streams through the safe cell writer as it is read.
 *
 * An export's rows are read, turned into cells and written into its file in a process
 * of its own (xlsxProcess.ts, running xlsxWorker.ts) with a database connection of its own, all
 * at a low priority: the server's thread only checks the request and hands the file's pieces
 * to the download. Reading and turning rows into cells on the server's thread (and the garbage
 * they left on its heap) raised other people's p99 3–5× while two exports ran (`npm run bench`);
 * a worker thread of the server's process still did (see jobProcess.ts).
 */
import { PassThrough } from 'node:stream';
import type { Language } from '@tawqi/domain';
import type { Config } from '../../config.js';
import { lowPriorityForBackend, type Pool } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import { jobProcess, type JobProcess } from '../../jobProcess.js';
import { hit } from '../throttle.js';
import type { SummarySheet } from './xlsx.js';
import type { ExportsTask } from './xlsxProcess.js';
import type { ExportDatabase, FromWorker, RowSource, SheetColumn, ToWorker } from './xlsxWorker.js';

type ExportsProcess = JobProcess<ExportsTask, ToWorker, FromWorker>;

export interface ExportRequest {
  /** Who asks, for the per-user rate. */
  userSlno: number;
  /** How many rows the export will hold (the same filter as `source`), read on the exports' pool. */
  count: (pool: Pool) => Promise<number>;
  /** Where the exports' process reads the rows, as cells in `columns`' order. */
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
  /** The exports' process's id while there is one (for the operator's tools and the tests). */
  readonly processId: number | undefined;
  /** Ends the exports' process (the server's shutdown). */
  close(): Promise<void>;
}

/** What the writer needs (not `Deps`, which holds the writer: no circle between them). */
export interface ExportWriterDeps {
  /**
   * The exports' own pool (the requests' where a test has one only): the rate, the count and a
   * summary are read on it, and the exports' process opens its connections with its settings.
   */
  pool: Pool;
  config: Config;
  clock: () => Date;
  /** How long the exports' process waits for another export before it ends (60 s). */
  idleMs?: number;
}

export function createExportWriter(deps: ExportWriterDeps): ExportWriter {
  let running = 0;
  const settings = deps.pool.options as typeof deps.pool.options & { onConnect?: unknown };
  const database: ExportDatabase = {
    url: settings.connectionString ?? '',
    statementTimeoutMs:
      typeof settings.statement_timeout === 'number' ? settings.statement_timeout : 0,
    lowPriority: settings.onConnect === lowPriorityForBackend,
  };
  // Started at the first export: a server that never exports starts no process. Its heap is
  // bounded as each export's thread was (EXPORTS_AT_ONCE of 256 MB).
  const writer: ExportsProcess = jobProcess({
    script: new URL('./xlsxProcess.js', import.meta.url),
    name: "the exports' process",
    execArgv: ['--max-old-space-size=512'],
    idleMs: deps.idleMs ?? 60_000,
  });
  return {
    get running() {
      return running;
    },
    get processId() {
      return writer.processId;
    },
    close: () => writer.close(),
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
      void writeInProcess(writer, output, {
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
 * Writes the sheet in the exports' process, its pieces into `output`: each piece is acknowledged
 * once the download has taken it, and the writing reads no further than a piece ahead (a slow
 * download holds the reading back; memory stays flat). Settles when the file is whole, or is given
 * up (the download closed, the reading or the process failed: `output` is then destroyed with the
 * reason).
 */
function writeInProcess(
  writer: ExportsProcess,
  output: PassThrough,
  sheet: ExportsTask,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let settled = false;
    const settle = (failure?: Error) => {
      if (settled) return;
      settled = true;
      if (failure) {
        job.tell({ abandoned: failure.message });
        output.destroy(failure);
      } else output.end();
      job.forget();
      resolve();
    };
    const taken = () => {
      if (!settled) job.tell({ taken: true });
    };
    const job = writer.run(sheet, (answer) => {
      if (settled) return;
      if ('failed' in answer) settle(new Error(answer.failed));
      else if ('chunk' in answer.message) {
        if (output.write(answer.message.chunk)) taken();
        else output.once('drain', taken);
      } else settle();
    });
    output.once('close', () => {
      settle(new Error('the download was closed before the file was whole'));
    });
  });
}
