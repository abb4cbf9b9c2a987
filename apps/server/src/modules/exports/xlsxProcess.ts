/**
 * The process exports are written in (issue 42), started by stream.ts in a session of its own and
 * ended with the server. Worker threads of the server's own process were not low enough: V8's
 * helper threads, shared by the whole process, collected the workers' garbage at the server's
 * priority (0.4 of a core under two exports), and where the kernel shares the CPU between sessions
 * first (autogroup) the niced workers still stood level with every PostgreSQL backend, each a
 * session of its own — other people's p99 rose 5–15× (bench/contention.mjs). Here everything runs
 * at the lowest priority, this session's group included, and the exports share this process's one
 * thread: the file writing uses at most one core however many run.
 *
 * It takes `{ id, task }` (an export's XlsxTask without its port) and `{ id, message }` (ToWorker)
 * and answers `{ id, message }` (FromWorker) and `{ id, failed }`.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { lowestPriorityForThisProcess } from '../../threadPriority.js';
import writeSheet, { type FromWorker, type ToWorker, type XlsxTask } from './xlsxWorker.js';

export type ToExportsProcess =
  { id: number; task: Omit<XlsxTask, 'port'> } | { id: number; message: ToWorker };
export type FromExportsProcess =
  { id: number; message: FromWorker } | { id: number; failed: string };

if (!process.send) throw new Error('xlsxProcess.ts runs as a child process with an IPC channel');
const send = (answer: FromExportsProcess) => process.send?.(answer);

lowestPriorityForThisProcess();

const exports = new Map<number, MessagePort>();
process.on('message', (received: ToExportsProcess) => {
  const { id } = received;
  if ('message' in received) {
    exports.get(id)?.postMessage(received.message);
    return;
  }
  const { port1, port2 } = new MessageChannel();
  exports.set(id, port1);
  port1.on('message', (message: FromWorker) => send({ id, message }));
  port1.once('close', () => exports.delete(id));
  writeSheet({ ...received.task, port: port2 }).catch((error: unknown) => {
    send({ id, failed: error instanceof Error ? error.message : String(error) });
  });
});
// The server ended, however it ended: so does this process.
process.on('disconnect', () => process.exit(0));
