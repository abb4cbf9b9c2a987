/**
 * Uploaded PDFs are read off the event loop (issue 35): one crafted file used to block every
 * request for seconds. Each file is read in a worker thread of its own with a memory cap and a time
 * limit (the worker is ended when it runs out of either); at most VERIFY_AT_ONCE files are read at
 * once — more are refused at once with a clear message, never queued behind a hostile one — and a
 * file with more signatures or objects than allowed is refused before it is parsed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { ReadSignature, TooComplexError } from './pdfReading.js';

/**
 * The worker's script: beside this module in the built server. Tests run the TypeScript sources,
 * and their worker runs the build (turbo builds the server before its tests).
 */
function workerScript(): string {
  const here = fileURLToPath(new URL('./readingWorker.js', import.meta.url));
  const at = here.lastIndexOf('/src/modules/');
  const script = at === -1 ? here : `${here.slice(0, at)}/dist/modules/${here.slice(at + 13)}`;
  if (!existsSync(script))
    throw new Error(
      `${script} is missing: build the server first (npm run build -w @tawqi/server)`,
    );
  return script;
}

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

const tooComplex = (reason: TooComplexError['reason']) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', { localized: TOO_COMPLEX[reason] });

export type ReadPdf = (pdf: Buffer) => Promise<ReadSignature[]>;

type Limits = Pick<
  Config,
  | 'VERIFY_AT_ONCE'
  | 'VERIFY_TIME_MS'
  | 'VERIFY_MEMORY_MB'
  | 'VERIFY_MAX_SIGNATURES'
  | 'VERIFY_MAX_OBJECTS'
>;

export function createReadingPool(limits: Limits): ReadPdf {
  const script = workerScript();
  let reading = 0;

  const inWorker = (pdf: Buffer) =>
    new Promise<ReadSignature[]>((resolve, reject) => {
      const worker = new Worker(script, {
        workerData: {
          pdf,
          limits: {
            maxSignatures: limits.VERIFY_MAX_SIGNATURES,
            maxObjects: limits.VERIFY_MAX_OBJECTS,
          },
        },
        resourceLimits: { maxOldGenerationSizeMb: limits.VERIFY_MEMORY_MB },
      });
      const end = (outcome: () => void) => {
        clearTimeout(timer);
        worker.removeAllListeners();
        void worker.terminate();
        outcome();
      };
      const timer = setTimeout(() => end(() => reject(tooComplex('time'))), limits.VERIFY_TIME_MS);
      worker.once(
        'message',
        (answer: {
          signatures?: ReadSignature[];
          tooComplex?: TooComplexError['reason'];
          failed?: string;
        }) =>
          end(() => {
            if (answer.signatures) resolve(answer.signatures);
            else if (answer.tooComplex) reject(tooComplex(answer.tooComplex));
            else reject(new Error(`the PDF could not be read: ${answer.failed ?? 'no answer'}`));
          }),
      );
      worker.once('error', (error: Error & { code?: string }) =>
        end(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex('memory') : error)),
      );
    });

  return async (pdf) => {
    if (reading >= limits.VERIFY_AT_ONCE)
      throw new AppError(503, 'SERVICE_UNAVAILABLE', {
        headers: { 'retry-after': '5' },
        localized: {
          en: 'Other files are being verified. Try again in a few seconds.',
          ar: 'يجري التحقق من ملفات أخرى. حاول مرة أخرى بعد ثوانٍ.',
        },
      });
    reading += 1;
    try {
      return await inWorker(pdf);
    } finally {
      reading -= 1;
    }
  };
}
