/**
 * The PDF process (issue 42): the eSign service's checking and signing of callers' PDFs, in worker
 * threads of a process of the lowest priority (lowPriorityProcess.ts), within the same limits as
 * in the server (pdfWork.ts's threads: memory, CPU time, turns). Started by pdfWork.ts with the
 * limits as its argument; a signing's steps that need the keys are asked of the server.
 */
import { serveJobs } from '../../lowPriorityProcess.js';
import { UnreadablePdfError } from '../pki/pades.js';
import {
  pdfThreads,
  TooComplexPdf,
  type FromPdfProcess,
  type Limits,
  type PdfProcessTask,
  type Question,
  type ToPdfProcess,
} from './pdfWork.js';

const work = pdfThreads(JSON.parse(process.argv[2] ?? '') as Limits);

serveJobs<PdfProcessTask, ToPdfProcess, FromPdfProcess>(async (task, job) => {
  // One question at a time, as the worker asks them.
  let answered: ((message: ToPdfProcess) => void) | undefined;
  job.onMessage((message) => answered?.(message));
  const ask = <T>(question: Question) =>
    new Promise<T>((resolve, reject) => {
      answered = (message) => {
        if ('error' in message) reject(new Error(message.error));
        else resolve(message.answer as T);
      };
      job.send({ question });
    });
  try {
    const done =
      task.task === 'check'
        ? await work.check(Buffer.from(task.pdf), task.placement)
        : await work.sign(task.signing, {
            signature: (digest) => ask({ step: 'signature', digest }),
            validationData: () => ask({ step: 'validationData' }),
            timestamp: (digest) => ask({ step: 'timestamp', digest }),
          });
    job.send({ done });
  } catch (error) {
    if (error instanceof TooComplexPdf) job.send({ tooComplex: error.reason });
    else if (error instanceof UnreadablePdfError) job.send({ unreadable: error.message });
    else throw error;
  }
});
