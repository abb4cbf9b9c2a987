/**
 * An export's file is written in a worker thread of piscina's pool (issue 42): building a sheet's
 * XML and deflating it is CPU work that, on the event loop, raised every other user's p99 5–6×.
 * The rows arrive as cells on `port` a batch at a time, asked for as the file is written (so a
 * slow download holds the reading back, and memory stays flat); the file leaves in chunks on the
 * same port. What reads the database and turns rows into cells stays on the server's thread.
 */
import { on } from 'node:events';
import { Writable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { Language } from '@tawqi/domain';
import { lowestPriorityForThisThread } from '../../threadPriority.js';
import { writeXlsx, type CellValue, type ExportColumn, type SummarySheet } from './xlsx.js';

/** A column as the worker knows it: its cells come written. */
export type SheetColumn = Omit<ExportColumn<never>, 'value'>;

export interface XlsxTask {
  port: MessagePort;
  sheetName: string;
  columns: SheetColumn[];
  language: Language;
  summary?: SummarySheet | undefined;
}

/** From the server: a batch of rows, the end, or that the export was given up. */
export type ToWorker = { rows: CellValue[][] } | { end: true } | { abandoned: string };
/**
 * To the server: a piece of the file, a request for the next batch, or that the file is whole
 * (on this port, after its last piece: piscina's own answer may arrive before them).
 */
export type FromWorker = { chunk: Uint8Array } | { more: true } | { done: number };

const PIECE_BYTES = 64 * 1024;

// Other people's requests come first: a file is written with the CPU the server leaves over.
lowestPriorityForThisThread();

export default async function writeSheet(task: XlsxTask): Promise<number> {
  const { port } = task;
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => {
    port.postMessage(message, transfer);
  };
  // exceljs writes many small pieces: they leave in pieces of PIECE_BYTES, one message each.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    // A copy of its own, moved rather than copied again to the server's thread.
    const piece = new Uint8Array(Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
    send({ chunk: piece }, [piece.buffer]);
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
  const messages = on(port, 'message');
  async function* rows(): AsyncGenerator<CellValue[]> {
    send({ more: true });
    for (;;) {
      const { value } = (await messages.next()) as { value: [ToWorker] };
      const [message] = value;
      if ('abandoned' in message) throw new Error(`export abandoned: ${message.abandoned}`);
      if ('end' in message) return;
      // The next batch is read while this one is written: one batch ahead, no more.
      send({ more: true });
      yield* message.rows;
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
    send({ done: count });
    return count;
  } finally {
    await messages.return?.();
    port.close();
  }
}
