/**
 * The process exports are written in (jobProcess.ts: why a process, at a low priority), started
 * by stream.ts. The exports share its one thread: the file writing uses
 * at most one core however many run.
 *
 * A task is an export's XlsxTask without its port; its messages are ToWorker (from the server)
 * and FromWorker (to it).
 */
import { MessageChannel } from 'node:worker_threads';
import { serveJobs } from '../../jobProcess.js';
import writeSheet, { type FromWorker, type ToWorker, type XlsxTask } from './xlsxWorker.js';

export type ExportsTask = Omit<XlsxTask, 'port'>;

serveJobs<ExportsTask, ToWorker, FromWorker>(async (task, job) => {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', job.send);
  job.onMessage((message) => port1.postMessage(message));
  await writeSheet({ ...task, port: port2 });
}, 'low');
