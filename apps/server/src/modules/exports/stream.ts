/**
 * One way every export is written (SECURITY.md "Exports", issue 11): before a byte is written the
 * caller's rate (EXPORTS_PER_MINUTE a minute per user), the server's load (EXPORTS_AT_ONCE written
 * at a time) and the size (at most EXPORT_MAX_ROWS rows: a larger export asks for a narrower
 * filter) are checked; then the file streams through the safe cell writer as it is read.
 *
 * Issue 42: an export's rows are read, turned into cells and written into its file in a process
 * of its own (xlsxProcess.ts, running xlsxWorker.ts) with a database connection of its own, all
 * at the lowest priority: the server's thread only checks the request and hands the file's pieces
 * to the download. Reading and turning rows into cells on the server's thread (and the garbage
 * they left on its heap) raised other people's p99 3–5× while two exports ran (`npm run bench`);
 * a worker thread of the server's process still did (see xlsxProcess.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { Language } from '@tawqi/domain';
import { builtScript } from '../../builtScript.js';
import type { Config } from '../../config.js';
import { lowestPriorityForBackend, type Pool } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import { hit } from '../throttle.js';
import type { SummarySheet } from './xlsx.js';
import type { FromExportsProcess, ToExportsProcess } from './xlsxProcess.js';
import type { ExportDatabase, RowSource, SheetColumn, ToWorker, XlsxTask } from './xlsxWorker.js';

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
    lowestPriority: settings.onConnect === lowestPriorityForBackend,
  };
  // Started at the first export: a server that never exports starts no process.
  const writer = exportsProcess(deps.idleMs ?? 60_000);
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

/** One export in the exports' process: what the server says to it, and that it is over. */
interface ExportJob {
  tell: (message: ToWorker) => void;
  forget: () => void;
}

/**
 * The exports' process, started when first needed and again after it ended: in a session of its
 * own (`detached`), so that where the kernel groups the CPU by session its lowest priority counts
 * against the server's and the database's sessions too; it ends when the server's end closes its
 * channel. Its heap is bounded as each export's thread was (EXPORTS_AT_ONCE of 256 MB).
 */
function exportsProcess(idleMs: number) {
  let child: ChildProcess | undefined;
  const listeners = new Map<number, (answer: FromExportsProcess) => void>();
  let lastId = 0;
  // Ended after `idleMs` without an export, as the threads before it were: its heap given back.
  let idle: NodeJS.Timeout | undefined;
  const start = () => {
    const started = fork(builtScript(new URL('./xlsxProcess.js', import.meta.url)), [], {
      detached: true,
      serialization: 'advanced',
      // The built script, whatever flags started this process (the tests' resolve @tawqi/* to
      // their TypeScript sources).
      execArgv: ['--max-old-space-size=512'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (answer: FromExportsProcess) => listeners.get(answer.id)?.(answer));
    const ended = (why: string) => {
      if (child === started) child = undefined;
      for (const [id, listener] of listeners) listener({ id, failed: why });
      listeners.clear();
    };
    started.once('exit', (code, signal) => {
      ended(`the exports' process ended (${signal ?? String(code)})`);
    });
    started.once('error', (error) => {
      ended(`the exports' process failed: ${error.message}`);
    });
    // A process waiting for exports does not keep the server's alive.
    started.unref();
    started.channel?.unref();
    return started;
  };
  const close = async () => {
    clearTimeout(idle);
    const running = child;
    child = undefined;
    if (running?.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill();
    await exited;
  };
  const forget = (id: number) => {
    listeners.delete(id);
    if (listeners.size > 0 || !child) return;
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (listeners.size === 0) void close();
    }, idleMs);
    idle.unref();
  };
  return {
    run(task: Omit<XlsxTask, 'port'>, listener: (answer: FromExportsProcess) => void): ExportJob {
      clearTimeout(idle);
      const host = (child ??= start());
      const id = (lastId += 1);
      listeners.set(id, listener);
      const send = (message: ToExportsProcess) => {
        if (host.connected) host.send(message);
      };
      send({ id, task });
      return { tell: (message) => send({ id, message }), forget: () => forget(id) };
    },
    get processId() {
      return child?.pid;
    },
    close,
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
  writer: ReturnType<typeof exportsProcess>,
  output: PassThrough,
  sheet: Omit<XlsxTask, 'port'>,
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
