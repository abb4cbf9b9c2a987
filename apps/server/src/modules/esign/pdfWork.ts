/**
 * Untrusted PDFs are parsed off the event loop: one crafted file would block every request for
 * seconds. Each piece of PDF work — reading an upload for the verify page, checking an
 * eSign upload, signing a document — runs in a worker thread of its own with a memory cap and a
 * time limit (the worker is ended when it runs out of either), and a file with more signatures or
 * objects than allowed is refused before it is parsed. The time limit is of the thread's own CPU
 * time (Linux tells each thread's): the reader runs niced, and on a busy machine a wall-clock
 * limit ended ordinary files that had only waited for a core (a CI run beside other suites starved
 * one past 15 s), as it did signings whose timestamp answer came slowly. The verify page (anyone
 * may call it) reads VERIFY_AT_ONCE files at once, a short line after them, and one file of an
 * address's at a time (`readingTurns`, below); the eSign service's work (authenticated
 * applications, approved signers) waits its turn, PDF_WORK_AT_ONCE at a time. These threads are
 * those of two processes, one for each (`createPdfWork`, below); what needs the keys is done in
 * the server, asked for by the worker through its process.
 */
import { Worker } from 'node:worker_threads';
import ipaddr from 'ipaddr.js';
import pLimit from 'p-limit';
import { builtScript } from '../../builtScript.js';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { jobProcess } from '../../jobProcess.js';
import { statFields, type Priority } from '../../threadPriority.js';
import { UnreadablePdfError, type PdfSigning, type SigningSteps } from '../pki/pades.js';
import type { StampPlacement } from '../pki/visibleSignature.js';
import type { PdfCheck, ReadingLimits, ReadSignature, TooComplexError } from './pdfReading.js';

/** A job sent to a worker. */
export type WorkerJob =
  | { task: 'read'; pdf: Uint8Array; limits: ReadingLimits }
  | { task: 'check'; pdf: Uint8Array; limits: ReadingLimits; placement: StampPlacement | null }
  | { task: 'sign'; signing: PdfSigning };

/** What a signing worker asks for: the steps that need the keys. */
export type Question =
  | { step: 'signature'; digest: Uint8Array }
  | { step: 'validationData' }
  | { step: 'timestamp'; digest: Uint8Array };

export type WorkerMessage =
  /** The worker's first message: its Linux thread id (undefined elsewhere). */
  | { thread: number | undefined }
  | { question: Question }
  | { done: unknown }
  | { tooComplex: TooComplexError['reason'] }
  | { unreadable: string }
  | { failed: string };

/**
 * The CPU time in milliseconds thread `tid` of this process has used, from /proc (utime + stime);
 * undefined where unreadable.
 */
function threadCpuMs(tid: number): number | undefined {
  try {
    const fields = statFields(`/proc/self/task/${String(tid)}/stat`);
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * A job's own work is bounded by CPU time; this bounds the time it may hold its turn at all
 * (a worker that stopped answering), generous enough for the most starved ordinary file.
 */
const WALL_TIMES_CPU = 10;

const TOO_COMPLEX: Record<TooComplexError['reason'], { en: string; ar: string }> = {
  signatures: {
    en: 'This file has more signatures than the verify page reads.',
    ar: 'في هذا الملف تواقيع أكثر مما تقرؤه صفحة التحقق.',
  },
  objects: {
    en: 'This file has more parts than the verify page reads.',
    ar: 'في هذا الملف أجزاء أكثر مما تقرؤه صفحة التحقق.',
  },
  revisions: {
    en: 'This file has more signed versions than the verify page reads. It was not verified.',
    ar: 'في هذا الملف نسخ موقّعة أكثر مما تقرؤه صفحة التحقق، فلم يُتحقق منه.',
  },
  time: {
    en: 'This file takes too long to read. It was not verified.',
    ar: 'قراءة هذا الملف تستغرق وقتًا طويلًا جدًا، فلم يُتحقق منه.',
  },
  memory: {
    en: 'This file needs too much memory to read. It was not verified.',
    ar: 'قراءة هذا الملف تحتاج ذاكرة كبيرة جدًا، فلم يُتحقق منه.',
  },
};

declare module '../../deps.js' {
  interface Deps {
    /** Untrusted PDFs are parsed and signed in worker threads of the PDF processes, within limits. */
    pdfWork: PdfWork;
  }
}

/** A file the limits refused (the verify page answers 413 with the reason). */
export class TooComplexPdf extends AppError {
  constructor(readonly reason: TooComplexError['reason']) {
    super(413, 'PAYLOAD_TOO_LARGE', { localized: TOO_COMPLEX[reason] });
  }
}

export interface PdfWork {
  /**
   * The verify page's reading of an upload from `address`: VERIFY_AT_ONCE at once, a short line
   * after them, one file of an address's at a time (its next ones wait); refused (503) past that.
   */
  read: (pdf: Buffer, address: string) => Promise<ReadSignature[]>;
  /**
   * Asked before an upload's body is taken in: waits while the address has a file being read,
   * and throws read's refusal when it would.
   */
  admitReading: (address: string) => Promise<void>;
  /**
   * Whether the eSign service can sign `pdf` (readable, unencrypted, within the limits) with its
   * stamp at `placement` (null: none).
   */
  check: (pdf: Buffer, placement?: StampPlacement | null) => Promise<PdfCheck>;
  /** The signed PDF (pades.ts's signPdf in a worker); `steps` are done here, with the keys. */
  sign: (signing: PdfSigning, steps: SigningSteps) => Promise<Uint8Array>;
  /** The PDF process's id while there is one (for the operator's tools and the tests). */
  readonly processId?: number | undefined;
  /** The verify process's id while there is one. */
  readonly readingProcessId?: number | undefined;
  /** Ends the warm workers, or the PDF processes (the server is closing). */
  close: () => Promise<void>;
}

/** A signing step asked for, done with the keys. */
const answerOf = (question: Question, steps?: SigningSteps): Promise<unknown> => {
  if (!steps) return Promise.reject(new Error('this work asks nothing'));
  switch (question.step) {
    case 'signature':
      return steps.signature(question.digest);
    case 'validationData':
      return steps.validationData();
    case 'timestamp':
      return steps.timestamp(question.digest);
  }
};

/** A 503 that says why the service is busy and when to try again. */
const busy = (retryAfterSeconds: number, localized: { en: string; ar: string }) => () =>
  new AppError(503, 'SERVICE_UNAVAILABLE', {
    headers: { 'retry-after': String(retryAfterSeconds) },
    localized,
  });

/** The verify page's answer while it reads as many files as it may (503, try again soon). */
const readingBusy = busy(5, {
  en: 'Other files are being verified. Try again in a few seconds.',
  ar: 'يجري التحقق من ملفات أخرى. حاول مرة أخرى بعد ثوانٍ.',
});

/**
 * The answer when checking a caller's PDF ran out of time: the machine was busy (the same file is
 * checked in well under the limit when it is not), so no verdict on the file.
 */
const checkingBusy = busy(10, {
  en: 'The service is busy and could not check your file in time. Nothing was signed; send it again in a few seconds.',
  ar: 'الخدمة مشغولة ولم تتمكن من فحص ملفك في الوقت المحدد. لم يُوقَّع شيء؛ أرسله مرة أخرى بعد ثوانٍ.',
});

/** The answer to a second file from an address whose first is still being read. */
const ownReadingBusy = busy(5, {
  en: 'Your previous file is still being verified. Send the next one when it is done.',
  ar: 'ما زال التحقق من ملفك السابق جاريًا. أرسل الملف التالي بعد انتهائه.',
});

/**
 * Who an upload is from, for its turn: an IPv4 address, or an IPv6 address's /64 (one household
 * or one server has a whole /64, and would otherwise be a crowd).
 */
export function readerOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

export type Limits = Pick<
  Config,
  | 'VERIFY_AT_ONCE'
  | 'VERIFY_LINE'
  | 'VERIFY_WAIT_MS'
  | 'VERIFY_TIME_MS'
  | 'VERIFY_MEMORY_MB'
  | 'VERIFY_MAX_SIGNATURES'
  | 'VERIFY_MAX_OBJECTS'
  | 'VERIFY_MAX_PARSE_MB'
  | 'PDF_WORK_AT_ONCE'
>;

/**
 * The PDF workers of a process: each started with its memory bound and `priority`, each job's
 * work bounded by the CPU time its thread uses (and, for a worker that stopped answering, by
 * wall time).
 */
function pdfWorkers(limits: Limits, priority: Priority) {
  let script: string | undefined;

  /** Each worker's thread id, told by its first message (null: the worker cannot tell it). */
  const threads = new WeakMap<Worker, number | null>();
  const spawn = () => {
    const worker = new Worker(
      (script ??= builtScript(new URL('./pdfWorker.js', import.meta.url))),
      {
        resourceLimits: { maxOldGenerationSizeMb: limits.VERIFY_MEMORY_MB },
        workerData: { priority },
        // The built script and the built packages it imports (a stamp's words: @tawqi/domain),
        // whatever flags started this process (the tests' resolve @tawqi/* to their sources).
        execArgv: [],
      },
    );
    worker.once('message', (message: WorkerMessage) => {
      if ('thread' in message) threads.set(worker, message.thread ?? null);
    });
    // A worker waiting for work does not keep the process alive.
    worker.unref();
    return worker;
  };

  /**
   * The CPU time `worker` has used, in ms, or where that cannot be read the time since
   * `startedAt`. Before the worker has told its thread, it has used none that counts yet.
   */
  const usedMs = (worker: Worker, startedAt: number) => {
    const tid = threads.get(worker);
    if (tid === undefined) return 0;
    return (tid === null ? undefined : threadCpuMs(tid)) ?? Date.now() - startedAt;
  };

  /**
   * Runs `job` on `worker`. A worker that ran out of time or memory, or failed, is ended; one that
   * answered (done, or refused the file) may take the next job.
   */
  const ended = new WeakSet<Worker>();
  const runOn = <T>(worker: Worker, job: WorkerJob, steps?: SigningSteps) =>
    new Promise<T>((resolve, reject) => {
      const startedAt = Date.now();
      const before = usedMs(worker, startedAt);
      // Looked at a few times a second (reading a /proc file costs microseconds).
      const outOfTime = () =>
        usedMs(worker, startedAt) - before > limits.VERIFY_TIME_MS ||
        Date.now() - startedAt > limits.VERIFY_TIME_MS * WALL_TIMES_CPU;
      const timer = setInterval(
        () => {
          if (outOfTime()) end(false, () => reject(new TooComplexPdf('time')));
        },
        Math.min(100, limits.VERIFY_TIME_MS),
      );
      const end = (reusable: boolean, outcome: () => void) => {
        clearInterval(timer);
        // Its own listeners only: removing all would take Node's own, and no message would come.
        worker.off('message', onMessage).off('error', onError);
        if (!reusable) {
          ended.add(worker);
          void worker.terminate();
        }
        outcome();
      };
      const onMessage = (message: WorkerMessage) => {
        if ('thread' in message) return;
        if ('question' in message) {
          answerOf(message.question, steps).then(
            (answer) => worker.postMessage({ answer }),
            (error: unknown) => worker.postMessage({ error: String(error) }),
          );
          return;
        }
        // Done past the limit between two looks is still past it.
        if ('done' in message && outOfTime()) end(false, () => reject(new TooComplexPdf('time')));
        else if ('done' in message) end(true, () => resolve(message.done as T));
        else if ('tooComplex' in message)
          end(true, () => reject(new TooComplexPdf(message.tooComplex)));
        else if ('unreadable' in message)
          end(true, () => reject(new UnreadablePdfError(message.unreadable)));
        else end(false, () => reject(new Error(`the PDF work failed: ${message.failed}`)));
      };
      const onError = (error: Error & { code?: string }) =>
        end(false, () =>
          reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new TooComplexPdf('memory') : error),
        );
      worker.on('message', onMessage).on('error', onError);
      worker.postMessage({ job });
    });

  return { spawn, runOn, ended };
}

/**
 * PDF work in worker threads of the calling process: a PDF process's (pdfProcess.ts), the verify
 * page's reading in one and the eSign service's work in the other. `priority`: the threads' own
 * (low: the process's event loop comes first, and a hostile file's reading uses the CPU left
 * over; normal: a person waits for their own work).
 */
export function pdfThreads(
  limits: Limits,
  priority: Priority,
): Pick<PdfWork, 'check' | 'sign' | 'close'> & {
  read: (pdf: Buffer) => Promise<ReadSignature[]>;
} {
  const readingLimits: ReadingLimits = {
    maxSignatures: limits.VERIFY_MAX_SIGNATURES,
    maxObjects: limits.VERIFY_MAX_OBJECTS,
    maxParseBytes: limits.VERIFY_MAX_PARSE_MB * 1024 * 1024,
  };
  const { spawn, runOn, ended } = pdfWorkers(limits, priority);

  /**
   * An upload anyone may send is read in a worker of its own, ended after. The next one's worker
   * is started as this one ends (its start, @libpdf/core loaded, is then off the next upload's
   * time); it waits, never having read a file, until an upload takes it.
   */
  let spare: Worker | undefined;
  const startSpare = () => {
    const next = spawn();
    // One that ended by itself is not handed an upload.
    next.once('exit', () => {
      if (spare === next) spare = undefined;
    });
    return next;
  };
  const takeSpare = () => {
    const taken = spare;
    spare = undefined;
    return taken;
  };
  const inFreshWorker = async <T>(job: WorkerJob) => {
    const worker = takeSpare() ?? spawn();
    try {
      return await runOn<T>(worker, job);
    } finally {
      void worker.terminate();
      spare ??= startSpare();
    }
  };

  /**
   * The eSign service's work reuses warm workers (starting one, @libpdf/core loaded, costs a
   * few hundred milliseconds): at most PDF_WORK_AT_ONCE, more wait their turn.
   */
  const warm: Worker[] = [];
  const eSignTurn = pLimit(limits.PDF_WORK_AT_ONCE);
  const inWarmWorker = <T>(job: WorkerJob, steps?: SigningSteps) =>
    eSignTurn(async () => {
      const worker = warm.pop() ?? spawn();
      try {
        return await runOn<T>(worker, job, steps);
      } finally {
        if (!ended.has(worker)) warm.push(worker);
      }
    });

  return {
    // The server admits the verify page's uploads (createPdfWork: VERIFY_AT_ONCE at once).
    read: (pdf) => inFreshWorker<ReadSignature[]>({ task: 'read', pdf, limits: readingLimits }),
    check: (pdf, placement = null) =>
      inWarmWorker<PdfCheck>({ task: 'check', pdf, limits: readingLimits, placement }).catch(
        (error: unknown) => {
          // Out of time says how busy the machine is, not what the file is: the server answers
          // "busy, try again" (createPdfWork's check); the other limits are the file's own.
          if (error instanceof TooComplexPdf && error.reason !== 'time')
            return 'unreadable' as const;
          throw error;
        },
      ),
    sign: (signing, steps) => inWarmWorker<Uint8Array>({ task: 'sign', signing }, steps),
    close: async () => {
      const idle = [...warm.splice(0), takeSpare()].filter((worker) => worker !== undefined);
      await Promise.all(idle.map((worker) => worker.terminate()));
    },
  };
}

/**
 * Work as the PDF processes take it (pdfProcess.ts): the verify process reads, the PDF process
 * checks and signs.
 */
export type PdfProcessTask =
  | { task: 'read'; pdf: Uint8Array }
  | { task: 'check'; pdf: Uint8Array; placement: StampPlacement | null }
  | { task: 'sign'; signing: PdfSigning };
/** Which work a PDF process takes: reading uploads for the verify page, or the eSign service's. */
export type PdfProcessRole = 'reading' | 'esign';
/** What the server tells a PDF process about a job: a question's answer. */
export type ToPdfProcess = { answer: unknown } | { error: string };
/** What a PDF process tells the server about a job: a question, or how it ended. */
export type FromPdfProcess = Extract<
  WorkerMessage,
  { question: Question } | { done: unknown } | { tooComplex: unknown } | { unreadable: string }
>;

/**
 * The server's PDF work, in two processes of their own (pdfProcess.ts, jobProcess.ts), each
 * running its work in worker threads within the limits above: the verify process, at a low
 * priority, reads the files anyone may upload (each in a fresh thread, in the turns of
 * `readingTurns`), and is asked nothing and answered nothing; the PDF
 * process, at the normal priority (a person waits for it; `PDF_WORK_AT_ONCE` bounds it), checks
 * and signs callers' PDFs for the eSign service, and asks the server for the steps that need the
 * keys. No key and no secret of the server's is in a process that parses a file
 * someone sent, and a hostile upload on the verify page cannot reach a signing's questions.
 * Signing a 10-page PDF in a thread of the server's process raised other people's p99 2.5–4.5×
 * (bench/contention.mjs).
 */
export function createPdfWork(limits: Limits, options: { idleMs?: number } = {}): PdfWork {
  // The limits only (the server's whole configuration holds its secrets).
  const settings = JSON.stringify({
    VERIFY_AT_ONCE: limits.VERIFY_AT_ONCE,
    VERIFY_LINE: limits.VERIFY_LINE,
    VERIFY_WAIT_MS: limits.VERIFY_WAIT_MS,
    VERIFY_TIME_MS: limits.VERIFY_TIME_MS,
    VERIFY_MEMORY_MB: limits.VERIFY_MEMORY_MB,
    VERIFY_MAX_SIGNATURES: limits.VERIFY_MAX_SIGNATURES,
    VERIFY_MAX_OBJECTS: limits.VERIFY_MAX_OBJECTS,
    VERIFY_MAX_PARSE_MB: limits.VERIFY_MAX_PARSE_MB,
    PDF_WORK_AT_ONCE: limits.PDF_WORK_AT_ONCE,
  } satisfies Limits);
  const processFor = (role: PdfProcessRole, name: string) =>
    jobProcess<PdfProcessTask, ToPdfProcess, FromPdfProcess>({
      script: new URL('./pdfProcess.js', import.meta.url),
      name,
      execArgv: [],
      args: [role, settings],
      idleMs: options.idleMs ?? 60_000,
    });
  const reading = processFor('reading', 'the verify process');
  const esign = processFor('esign', 'the PDF process');
  type PdfProcess = typeof esign;

  /** Runs `task` in `host`; its questions are answered by `steps` (none: refused). */
  const inProcess = <T>(host: PdfProcess, task: PdfProcessTask, steps?: SigningSteps) =>
    new Promise<T>((resolve, reject) => {
      const job = host.run(task, (answer) => {
        if ('failed' in answer) {
          job.forget();
          reject(new Error(answer.failed));
          return;
        }
        const message = answer.message;
        if ('question' in message) {
          answerOf(message.question, steps).then(
            (answered) => job.tell({ answer: answered }),
            (error: unknown) => job.tell({ error: String(error) }),
          );
          return;
        }
        job.forget();
        if ('done' in message) resolve(message.done as T);
        else if ('tooComplex' in message) reject(new TooComplexPdf(message.tooComplex));
        else reject(new UnreadablePdfError(message.unreadable));
      });
    });

  const turns = readingTurns(limits);
  return {
    admitReading: turns.admit,
    read: (pdf, address) =>
      turns.take(address, () => inProcess<ReadSignature[]>(reading, { task: 'read', pdf })),
    check: (pdf, placement = null) =>
      inProcess<PdfCheck>(esign, { task: 'check', pdf, placement }).catch((error: unknown) => {
        throw error instanceof TooComplexPdf && error.reason === 'time' ? checkingBusy() : error;
      }),
    sign: (signing, steps) => inProcess<Uint8Array>(esign, { task: 'sign', signing }, steps),
    get processId() {
      return esign.processId;
    },
    get readingProcessId() {
      return reading.processId;
    },
    close: async () => {
      await Promise.all([reading.close(), esign.close()]);
    },
  };
}

/** How many more of one address's uploads may wait for its file being read; more are refused. */
export const OWN_WAITING = 2;

/** Whether `promise` settles within `ms`. */
const settlesWithin = (promise: Promise<void>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/**
 * The verify page's turns: VERIFY_AT_ONCE files read at once; after them a line of VERIFY_LINE,
 * each waiting at most VERIFY_WAIT_MS, first come first served; and one file of an address's
 * (readerOf) at a time, reading or in line — so one client flooding the page holds one turn,
 * and everyone else's files are read beside it. An address's next upload waits for its previous
 * one (OWN_WAITING of them, up to VERIFY_WAIT_MS), its body not yet taken in: a person who sends
 * two files has both read, and a client that sends again at once is held, not answered a
 * thousand times a second (the refusals cost more than the reading).
 */
export function readingTurns(
  limits: Pick<Limits, 'VERIFY_AT_ONCE' | 'VERIFY_LINE' | 'VERIFY_WAIT_MS'>,
) {
  /** Each reader's file being read or in line: settled when done, and how many wait behind it. */
  const readers = new Map<string, { done: Promise<void>; waiting: number }>();
  const line: (() => void)[] = [];
  let reading = 0;
  const lineIsFull = () => reading >= limits.VERIFY_AT_ONCE && line.length >= limits.VERIFY_LINE;

  /** Waits until `reader` has no file being read or in line; refused past `until` or the count. */
  const ownTurn = async (reader: string, until: number) => {
    for (let own = readers.get(reader); own; own = readers.get(reader)) {
      if (own.waiting >= OWN_WAITING) throw ownReadingBusy();
      own.waiting += 1;
      try {
        const left = until - Date.now();
        if (left <= 0 || !(await settlesWithin(own.done, left))) throw ownReadingBusy();
      } finally {
        own.waiting -= 1;
      }
    }
  };
  const admit = async (address: string) => {
    await ownTurn(readerOf(address), Date.now() + limits.VERIFY_WAIT_MS);
    if (lineIsFull()) throw readingBusy();
  };
  /** The reader's claim on its one turn, taken once its previous file is done. */
  const claim = async (reader: string) => {
    const until = Date.now() + limits.VERIFY_WAIT_MS;
    // Checked again after each wait (another of the reader's may have claimed it first), and
    // taken in the same step as the last check.
    while (readers.has(reader)) await ownTurn(reader, until);
    if (lineIsFull()) throw readingBusy();
    let release = (): void => undefined;
    readers.set(reader, { done: new Promise<void>((resolve) => (release = resolve)), waiting: 0 });
    return () => {
      readers.delete(reader);
      release();
    };
  };
  const myTurn = () =>
    new Promise<void>((resolve, reject) => {
      if (reading < limits.VERIFY_AT_ONCE) {
        reading += 1;
        resolve();
        return;
      }
      if (line.length >= limits.VERIFY_LINE) {
        reject(readingBusy());
        return;
      }
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        line.splice(line.indexOf(turn), 1);
        reject(readingBusy());
      }, limits.VERIFY_WAIT_MS);
      line.push(turn);
    });
  const done = () => {
    const next = line.shift();
    // A turn handed on is still taken: the next one's.
    if (next) next();
    else reading -= 1;
  };
  return {
    admit,
    async take<T>(address: string, work: () => Promise<T>): Promise<T> {
      const release = await claim(readerOf(address));
      try {
        await myTurn();
        try {
          return await work();
        } finally {
          done();
        }
      } finally {
        release();
      }
    },
  };
}
