/**
 * A worker thread that does PDF work away from the server's event loop, one job at a time: reading
 * an upload for the verify page, checking an eSign upload, or signing a document. pdfWork.ts
 * starts it, sends it jobs, bounds each one's time and the thread's memory, answers its questions
 * (what needs the keys) and ends it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThread, type Priority } from '../../threadPriority.js';
import { signPdf, UnreadablePdfError } from '../pki/pades.js';
import { readableForSigning, readSignatures, TooComplexError } from './pdfReading.js';
import type { Question, WorkerJob, WorkerMessage } from './pdfWork.js';

const port = parentPort;
if (!port) throw new Error('pdfWorker.ts runs as a worker thread');
const post = (message: WorkerMessage) => port.postMessage(message);

// The verify page's reading lets the event loop come first (low: a hostile file's reading uses
// what the process leaves over); a person's own work keeps the normal priority. Its id is told
// first: its work's time limit is of this thread's CPU time.
const { priority } = workerData as { priority: Priority };
const thread = lowerThisThread(priority);
post({ thread });

// One job at a time, and one question at a time within it: the signing steps are asked in turn.
let answer: ((message: { answer?: unknown; error?: string }) => void) | undefined;
const ask = <T>(question: Question) =>
  new Promise<T>((resolve, reject) => {
    answer = (message) =>
      message.error === undefined ? resolve(message.answer as T) : reject(new Error(message.error));
    post({ question });
  });

async function run(job: WorkerJob): Promise<unknown> {
  switch (job.task) {
    case 'read':
      return readSignatures(Buffer.from(job.pdf), job.limits);
    case 'check':
      return readableForSigning(Buffer.from(job.pdf), job.limits, job.placement);
    case 'sign':
      return signPdf(job.signing, {
        signature: (digest) => ask({ step: 'signature', digest }),
        validationData: () => ask({ step: 'validationData' }),
        timestamp: (digest) => ask({ step: 'timestamp', digest }),
      });
  }
}

async function perform(job: WorkerJob): Promise<void> {
  try {
    post({ done: await run(job) });
  } catch (error) {
    post(
      error instanceof TooComplexError
        ? { tooComplex: error.reason }
        : error instanceof UnreadablePdfError
          ? { unreadable: error.message }
          : { failed: String(error) },
    );
  }
}

port.on('message', (message: { job: WorkerJob } | { answer?: unknown; error?: string }) => {
  if ('job' in message) void perform(message.job);
  else answer?.(message);
});
