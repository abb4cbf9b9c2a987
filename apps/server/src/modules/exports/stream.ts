/**
 * One way every export is written (SECURITY.md "Exports", issue 11): before a byte is written the
 * caller's rate (EXPORTS_PER_MINUTE a minute per user), the server's load (EXPORTS_AT_ONCE written
 * at a time) and the size (at most EXPORT_MAX_ROWS rows: a larger export asks for a narrower
 * filter) are checked; then the file streams through the safe cell writer as it is read.
 *
 * Issue 42: an export reads the database on a pool of its own (the writer's `pool`, apart from the
 * requests'), and its file is written in a worker thread (xlsxWorker.ts, on piscina's pool):
 * other people's requests do not wait for an export's connections or its CPU.
 */
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { MessageChannel } from 'node:worker_threads';
import type { Language } from '@tawqi/domain';
import { Piscina } from 'piscina';
import { builtScript } from '../../builtScript.js';
import type { Config } from '../../config.js';
import type { Pool } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import { hit } from '../throttle.js';
import type { CellValue, ExportColumn, SummarySheet } from './xlsx.js';
import type { FromWorker, ToWorker, XlsxTask } from './xlsxWorker.js';

/** Rows sent to the worker at a time. */
const BATCH_ROWS = 500;
/**
 * The longest the server's thread turns an export's rows into cells before it lets other
 * requests in: a batch took ~120 ms at once, which was other people's p99.
 */
const SLICE_MS = 4;

export interface ExportRequest<Row> {
  /** Who asks, for the per-user rate. */
  userSlno: number;
  /** How many rows the export will hold (the same filter as `rows`), read on the exports' pool. */
  count: (pool: Pool) => Promise<number>;
  rows: (pool: Pool) => AsyncIterable<Row> | Iterable<Row>;
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  language: Language;
  /** A report's summary, a sheet of its own before the rows. */
  summary?: (pool: Pool) => Promise<SummarySheet>;
}

export interface ExportWriter {
  stream<Row>(request: ExportRequest<Row>): Promise<PassThrough>;
  /** Exports being written now on this server. */
  readonly running: number;
  /** Ends the worker threads (the server's shutdown). */
  close(): Promise<void>;
}

/** What the writer needs (not `Deps`, which holds the writer: no circle between them). */
export interface ExportWriterDeps {
  /** The exports' own pool (the requests' where a test has one only). */
  pool: Pool;
  config: Config;
  clock: () => Date;
}

export function createExportWriter(deps: ExportWriterDeps): ExportWriter {
  let running = 0;
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
        sheetName: request.sheetName,
        columns: request.columns,
        rows: request.rows(deps.pool),
        language: request.language,
        summary,
      }).then(release);
      return output;
    },
  };
}

/**
 * Writes the sheet in one of `threads`: rows turned into cells here, a batch each time the worker
 * asks (once the download has taken what was written), the file's pieces into `output`. Settles
 * when the file is whole, or is given up (the download closed, a row or the worker failed:
 * `output` is then destroyed with the reason).
 */
function writeInWorker<Row>(
  threads: Piscina,
  output: PassThrough,
  sheet: {
    sheetName: string;
    columns: readonly ExportColumn<Row>[];
    rows: AsyncIterable<Row> | Iterable<Row>;
    language: Language;
    summary: SummarySheet | undefined;
  },
): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  const source = (async function* () {
    yield* sheet.rows;
  })();
  const nextBatch = async (): Promise<ToWorker> => {
    if (output.writableNeedDrain)
      await new Promise((resolve) => {
        output.once('drain', resolve);
        output.once('close', resolve);
      });
    const rows: CellValue[][] = [];
    let slice = performance.now();
    while (rows.length < BATCH_ROWS) {
      const next = await source.next();
      if (next.done) break;
      rows.push(sheet.columns.map((column) => column.value(next.value)));
      if (performance.now() - slice > SLICE_MS) {
        await nextTurn();
        slice = performance.now();
      }
    }
    return rows.length > 0 ? { rows } : { end: true };
  };
  return new Promise<void>((resolve) => {
    let settled = false;
    let batches = Promise.resolve();
    const settle = (failure?: Error) => {
      if (settled) return;
      settled = true;
      if (failure) {
        port1.postMessage({ abandoned: failure.message } satisfies ToWorker);
        output.destroy(failure);
      } else output.end();
      port1.close();
      void source.return(undefined);
      resolve();
    };
    output.once('close', () => {
      settle(new Error('the download was closed before the file was whole'));
    });
    port1.on('message', (message: FromWorker) => {
      if (settled) return;
      if ('chunk' in message) output.write(message.chunk);
      else if ('done' in message) settle();
      // One batch after another, in order (the worker asks for the next one ahead).
      else
        batches = batches.then(nextBatch).then(
          (batch) => {
            if (!settled) port1.postMessage(batch);
          },
          (error: unknown) => {
            settle(error instanceof Error ? error : new Error(String(error)));
          },
        );
    });
    const task: XlsxTask = {
      port: port2,
      sheetName: sheet.sheetName,
      columns: sheet.columns.map(({ value: _value, ...shape }) => shape),
      language: sheet.language,
      summary: sheet.summary,
    };
    threads.run(task, { transferList: [port2] }).catch((error: unknown) => {
      settle(error instanceof Error ? error : new Error(String(error)));
    });
  });
}
