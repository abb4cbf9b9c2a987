/**
 * Untrusted PDFs are parsed off the event loop (issue 35): one crafted file used to block every
 * request for seconds. Each piece of PDF work — reading an upload for the verify page, checking an
 * eSign upload, signing a document — runs in a worker thread of its own with a memory cap and a
 * time limit (the worker is ended when it runs out of either), and a file with more signatures or
 * objects than allowed is refused before it is parsed. The time limit is of the thread's own CPU
 * time (Linux tells each thread's): the reader runs niced, and on a busy machine a wall-clock
 * limit ended ordinary files that had only waited for a core (a CI run beside other suites starved
 * one past 15 s), as it did signings whose timestamp answer came slowly. The verify page (anyone
 * may call it) reads at most VERIFY_AT_ONCE files at once and turns more away at once, never
 * queued behind a hostile one; the eSign service's work (authenticated applications, approved signers) waits its turn,
 * PDF_WORK_AT_ONCE at a time. A signing's CMS signature and timestamp tokens are built in the
 * worker too (signingSteps.ts; pkijs's work took 4–5 ms of the server's thread a signature): the
 * keys stay here, and the worker asks for each signature value and for the validation data (read
 * from the database).
 */
import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import { builtScript } from '../../builtScript.js';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { CaMember } from '../pki/authority.js';
import { UnreadablePdfError, type PdfSigning, type ValidationData } from '../pki/pades.js';
import type { Signer } from '../pki/signer.js';
import type { StampPlacement } from '../pki/visibleSignature.js';
import type { PdfCheck, ReadingLimits, ReadSignature, TooComplexError } from './pdfReading.js';

/** A key's public half as a worker is told it: it signs by asking (`Question`'s `sign`). */
export interface PublicHalf {
  spki: Uint8Array<ArrayBuffer>;
  curve: string;
  hash: Signer['hash'];
}

/** What a signing worker builds the signatures with: the signer's and the TSA's public halves. */
export interface SigningKeysInWorker {
  signer: PublicHalf;
  tsa: PublicHalf & { certificate: Uint8Array<ArrayBuffer> };
  /** The time the signatures and tokens say. */
  now: Date;
}

/** A job sent to a worker. */
export type WorkerJob =
  | { task: 'read'; pdf: Uint8Array; limits: ReadingLimits }
  | { task: 'check'; pdf: Uint8Array; limits: ReadingLimits; placement: StampPlacement | null }
  | { task: 'sign'; signing: PdfSigning; keys: SigningKeysInWorker }
  | {
      task: 'cms';
      digest: Uint8Array;
      /** The signer's certificate first, then the issuing CA's (DER). */
      certificates: Uint8Array[];
      keys: SigningKeysInWorker;
    };

/** What a signing worker asks for: a signature value of one of the keys, the validation data. */
export type Question =
  | { step: 'sign'; key: 'signer' | 'tsa'; data: Uint8Array<ArrayBuffer> }
  | { step: 'validationData' };

/** The keys a signing uses, held here: the one-hour signer's and the TSA's. */
export interface DocumentKeys {
  signer: Signer;
  tsa: CaMember;
  /** The time the signatures and tokens say. */
  now: Date;
}

/** A PDF signing's keys, and its validation data (read from the database). */
export interface SigningKeys extends DocumentKeys {
  /** Asked for B-LT and B-LTA only. */
  validationData: () => Promise<ValidationData>;
}

export type WorkerMessage =
  /** The worker's first message: its Linux thread id (undefined elsewhere). */
  | { thread: number | undefined }
  | { question: Question; id: number }
  | { done: unknown }
  | { tooComplex: TooComplexError['reason'] }
  | { unreadable: string }
  | { failed: string };

/**
 * The CPU time in milliseconds thread `tid` of this process has used, from /proc (utime + stime,
 * in clock ticks of 1/100 s, the value on every Linux Node runs on); undefined where unreadable.
 */
function threadCpuMs(tid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${String(tid)}/stat`, 'latin1');
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
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
  time: {
    en: 'This file takes too long to read. It was not verified.',
    ar: 'قراءة هذا الملف تستغرق وقتًا طويلًا جدًا، فلم يُتحقق منه.',
  },
  memory: {
    en: 'This file needs too much memory to read. It was not verified.',
    ar: 'قراءة هذا الملف تحتاج ذاكرة كبيرة جدًا، فلم يُتحقق منه.',
  },
};

/** A file the limits refused (the verify page answers 413 with the reason). */
export class TooComplexPdf extends AppError {
  constructor(readonly reason: TooComplexError['reason']) {
    super(413, 'PAYLOAD_TOO_LARGE', { localized: TOO_COMPLEX[reason] });
  }
}

export interface PdfWork {
  /** The verify page's reading of an upload; more than VERIFY_AT_ONCE at once: 503. */
  read: (pdf: Buffer) => Promise<ReadSignature[]>;
  /** Throws read's 503 when it would: asked before an upload's body is taken in. */
  admitReading: () => void;
  /** Whether an eSign upload is a PDF we can sign: readable, unencrypted, within the limits. */
  /** Whether the eSign service can sign `pdf` with its stamp at `placement` (null: none). */
  check: (pdf: Buffer, placement?: StampPlacement | null) => Promise<PdfCheck>;
  /** The signed PDF (pades.ts's signPdf in a worker), signed with `keys` (held here). */
  sign: (signing: PdfSigning, keys: SigningKeys) => Promise<Uint8Array>;
  /**
   * A document's detached CMS signature over its SHA-256 (cms.ts's signDetached in a worker), by
   * the holder of `certificates` (its own first, then its issuer's) with `keys` (held here).
   */
  cms: (digest: Uint8Array, certificates: Uint8Array[], keys: DocumentKeys) => Promise<Buffer>;
  /** Ends the warm workers (the server is closing). */
  close: () => Promise<void>;
}

type Limits = Pick<
  Config,
  | 'VERIFY_AT_ONCE'
  | 'VERIFY_TIME_MS'
  | 'VERIFY_MEMORY_MB'
  | 'VERIFY_MAX_SIGNATURES'
  | 'VERIFY_MAX_OBJECTS'
  | 'PDF_WORK_AT_ONCE'
>;

export function createPdfWork(limits: Limits): PdfWork {
  let script: string | undefined;
  const readingLimits: ReadingLimits = {
    maxSignatures: limits.VERIFY_MAX_SIGNATURES,
    maxObjects: limits.VERIFY_MAX_OBJECTS,
  };

  const answerOf = (question: Question, keys?: DocumentKeys): Promise<unknown> => {
    if (!keys) return Promise.reject(new Error('this work asks nothing'));
    if (question.step === 'validationData')
      return 'validationData' in keys
        ? (keys as SigningKeys).validationData()
        : Promise.reject(new Error('a document signature has no validation data'));
    return (question.key === 'signer' ? keys.signer : keys.tsa.signer).sign(question.data);
  };

  /** Each worker's thread id, told by its first message (null: the worker cannot tell it). */
  const threads = new WeakMap<Worker, number | null>();
  const spawn = () => {
    const worker = new Worker(
      (script ??= builtScript(new URL('./pdfWorker.js', import.meta.url))),
      {
        resourceLimits: { maxOldGenerationSizeMb: limits.VERIFY_MEMORY_MB },
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
  const runOn = <T>(worker: Worker, job: WorkerJob, keys?: DocumentKeys) =>
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
          const { id } = message;
          answerOf(message.question, keys).then(
            (answer) => worker.postMessage({ id, answer }),
            (error: unknown) => worker.postMessage({ id, error: String(error) }),
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

  /** An upload anyone may send is read in a worker of its own, ended after. */
  const inFreshWorker = async <T>(job: WorkerJob) => {
    const worker = spawn();
    try {
      return await runOn<T>(worker, job);
    } finally {
      void worker.terminate();
    }
  };

  /**
   * The eSign service's work reuses warm workers (starting one, @libpdf/core loaded, costs a
   * few hundred milliseconds): at most PDF_WORK_AT_ONCE, more wait their turn.
   */
  const warm: Worker[] = [];
  const eSignTurn = pLimit(limits.PDF_WORK_AT_ONCE);
  const inWarmWorker = <T>(job: WorkerJob, keys?: DocumentKeys) =>
    eSignTurn(async () => {
      const worker = warm.pop() ?? spawn();
      try {
        return await runOn<T>(worker, job, keys);
      } finally {
        if (!ended.has(worker)) warm.push(worker);
      }
    });

  let reading = 0;

  const admitReading = () => {
    if (reading >= limits.VERIFY_AT_ONCE)
      throw new AppError(503, 'SERVICE_UNAVAILABLE', {
        headers: { 'retry-after': '5' },
        localized: {
          en: 'Other files are being verified. Try again in a few seconds.',
          ar: 'يجري التحقق من ملفات أخرى. حاول مرة أخرى بعد ثوانٍ.',
        },
      });
  };

  return {
    admitReading,
    async read(pdf) {
      admitReading();
      reading += 1;
      try {
        return await inFreshWorker<ReadSignature[]>({ task: 'read', pdf, limits: readingLimits });
      } finally {
        reading -= 1;
      }
    },
    check: (pdf, placement = null) =>
      inWarmWorker<PdfCheck>({ task: 'check', pdf, limits: readingLimits, placement }).catch(
        (error: unknown) => {
          if (error instanceof TooComplexPdf) return 'unreadable' as const;
          throw error;
        },
      ),
    sign: async (signing, keys) =>
      inWarmWorker<Uint8Array>({ task: 'sign', signing, keys: await toldToWorker(keys) }, keys),
    cms: async (digest, certificates, keys) =>
      Buffer.from(
        await inWarmWorker<Uint8Array>(
          { task: 'cms', digest, certificates, keys: await toldToWorker(keys) },
          keys,
        ),
      ),
    close: async () => {
      await Promise.all(warm.splice(0).map((worker) => worker.terminate()));
    },
  };
}

/** A signing's keys as a worker is told them. */
async function toldToWorker(keys: DocumentKeys): Promise<SigningKeysInWorker> {
  return {
    signer: await publicHalf(keys.signer),
    tsa: {
      ...(await publicHalf(keys.tsa.signer)),
      certificate: new Uint8Array(keys.tsa.certificate.rawData),
    },
    now: keys.now,
  };
}

/** A signer's public half as a worker is told it. */
async function publicHalf(signer: Signer): Promise<PublicHalf> {
  const algorithm = signer.publicKey.algorithm as EcKeyAlgorithm;
  return {
    spki: new Uint8Array(await webcrypto.subtle.exportKey('spki', signer.publicKey)),
    curve: algorithm.namedCurve,
    hash: signer.hash,
  };
}
