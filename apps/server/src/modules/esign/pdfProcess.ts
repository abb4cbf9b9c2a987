/**
 * A PDF process: the verify page's reading of uploads, at a low priority, or the eSign
 * service's checking and signing of callers' PDFs, which a person waits for, at the normal one
 * (its role, the first argument), in worker threads of a process of its own (jobProcess.ts),
 * within the same limits as the threads had in the
 * server (pdfWork.ts's `pdfThreads`: memory, CPU time, turns; the second argument). Started by
 * pdfWork.ts's `createPdfWork`. A signing's steps that need the keys are asked of the server; the
 * verify process takes no signing, so it has nothing to ask.
 */
import { serveJobs } from '../../jobProcess.js';
import { UnreadablePdfError } from '../pki/pades.js';
import {
  pdfThreads,
  TooComplexPdf,
  type FromPdfProcess,
  type Limits,
  type PdfProcessRole,
  type PdfProcessTask,
  type Question,
  type ToPdfProcess,
} from './pdfWork.js';

const role = process.argv[2] as PdfProcessRole;
const priority = role === 'esign' ? 'normal' : 'low';
const work = pdfThreads(JSON.parse(process.argv[3] ?? '') as Limits, priority);

serveJobs<PdfProcessTask, ToPdfProcess, FromPdfProcess>(async (task, job) => {
  if ((task.task === 'read') !== (role === 'reading'))
    throw new Error(`the ${role} process does not take ${task.task} work`);
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
    let done: unknown;
    if (task.task === 'read') done = await work.read(Buffer.from(task.pdf));
    else if (task.task === 'check') done = await work.check(Buffer.from(task.pdf), task.placement);
    else
      done = await work.sign(task.signing, {
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
}, priority);
