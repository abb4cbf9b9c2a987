/**
 * An export's file is written away from the server's process, in the exports' process
 * (xlsxProcess.ts): reading its rows, turning them into cells, building the sheet's XML and
 * deflating it is CPU work that, on the event loop, raised every other user's p99 several times
 * over. The writer reads the rows itself, from the module a `RowSource` names, on a database
 * connection of its own; the file leaves in pieces on `port`, each acknowledged once the download
 * has taken it, and no more than one piece is waiting at a time (a slow download holds the reading
 * back, and memory stays flat).
 */
import type { MessagePort } from 'node:worker_threads';
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Language } from '@tawqi/domain';
import { createPool, lowPriorityForBackend, type Pool } from '../../db/pool.js';
import { writeXlsx, type CellValue, type ExportColumn, type SummarySheet } from './xlsx.js';

/** A column as the worker knows it: its cells come from the source. */
export type SheetColumn = Omit<ExportColumn<never>, 'value'>;

/**
 * Where an export's rows come from: a module the worker imports (a built script's path or URL)
 * whose default export reads them, given `args` (what the request decided: a filter's WHERE and
 * values, the language) and the worker's database pool, as rows of cells in the columns' order.
 */
export interface RowSource {
  module: string;
  args: unknown;
}

export type ReadRows = (
  args: never,
  pool: Pool,
) => AsyncIterable<CellValue[]> | Iterable<CellValue[]>;

/** The database a worker reads from: the exports' pool's settings. */
export interface ExportDatabase {
  url: string;
  statementTimeoutMs: number;
  /** Its backend at a low CPU priority (demo mode's embedded database), as the thread is. */
  lowPriority: boolean;
}

export interface XlsxTask {
  port: MessagePort;
  source: RowSource;
  database: ExportDatabase;
  sheetName: string;
  columns: SheetColumn[];
  language: Language;
  summary?: SummarySheet | undefined;
}

/** From the server: a piece was taken by the download, or the export was given up. */
export type ToWorker = { taken: true } | { abandoned: string };
/**
 * To the server: a piece of the file, or that the file is whole (after its last piece).
 */
export type FromWorker = { chunk: Uint8Array } | { done: number };

const PIECE_BYTES = 64 * 1024;
/** Rows read between two looks at the messages and whether the download keeps up. */
const ROWS_BETWEEN_LOOKS = 200;

export default async function writeSheet(task: XlsxTask): Promise<number> {
  const { port } = task;
  let waiting = 0;
  let abandoned: string | undefined;
  let wake: (() => void) | undefined;
  port.on('message', (message: ToWorker) => {
    if ('taken' in message) waiting -= 1;
    else abandoned = message.abandoned;
    wake?.();
  });
  // exceljs writes many small pieces: they leave in pieces of PIECE_BYTES, one message each.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    // A copy of its own, moved rather than copied again to the server's thread.
    const piece = new Uint8Array(Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
    waiting += 1;
    port.postMessage({ chunk: piece } satisfies FromWorker, [piece.buffer]);
  };
  const file = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= PIECE_BYTES) flush();
      done();
    },
    final(done) {
      flush();
      done();
    },
  });
  const pool = createPool(
    task.database.url,
    1,
    () => undefined,
    task.database.statementTimeoutMs,
    task.database.lowPriority ? lowPriorityForBackend : undefined,
  );
  async function* rows(): AsyncGenerator<CellValue[]> {
    const { default: read } = (await import(task.source.module)) as { default: ReadRows };
    let count = 0;
    for await (const row of read(task.source.args as never, pool)) {
      count += 1;
      if (count % ROWS_BETWEEN_LOOKS === 0) {
        // The messages and the compression's own events are let in (a source that never waits
        // would hold them back for ever), then the reading waits for the download if it must.
        await nextTurn();
        while (waiting > 1 && abandoned === undefined)
          await new Promise<void>((resolve) => (wake = resolve));
      }
      if (abandoned !== undefined) throw new Error(`export abandoned: ${abandoned}`);
      yield row;
    }
  }
  try {
    const count = await writeXlsx(file, {
      sheetName: task.sheetName,
      columns: task.columns.map((column, index) => ({
        ...column,
        value: (row: CellValue[]) => row[index] ?? null,
      })),
      rows: rows(),
      language: task.language,
      summary: task.summary,
    });
    port.postMessage({ done: count } satisfies FromWorker);
    return count;
  } finally {
    port.close();
    await pool.end();
  }
}
