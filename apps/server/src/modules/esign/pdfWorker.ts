/**
 * A worker thread that does PDF work away from the server's event loop, one job at a time: reading
 * an upload for the verify page, checking an eSign upload, or signing a document. pdfWork.ts
 * starts it, sends it jobs, bounds each one's time and the thread's memory, answers its questions
 * (what needs the keys) and ends it.
 */
import { webcrypto } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { lowestPriorityForThisThread } from '../../threadPriority.js';
import { signPdf, UnreadablePdfError, type ValidationData } from '../pki/pades.js';
import { signDetached } from '../pki/cms.js';
import type { Signer } from '../pki/signer.js';
import { ownSigningSteps } from '../pki/signingSteps.js';
import * as x509 from '../pki/x509.js';
import { readableForSigning, readSignatures, TooComplexError } from './pdfReading.js';
import type {
  PublicHalf,
  Question,
  SigningKeysInWorker,
  WorkerJob,
  WorkerMessage,
} from './pdfWork.js';

const port = parentPort;
if (!port) throw new Error('pdfWorker.ts runs as a worker thread');
const post = (message: WorkerMessage) => port.postMessage(message);

// The event loop comes first (the lowest priority: a hostile file's reading uses only the CPU the
// server leaves over). Its id is told first: its work's time limit is of this thread's CPU time.
const thread = lowestPriorityForThisThread();
post({ thread });

// One job at a time; its questions are told apart by their ids.
interface Answer {
  id: number;
  answer?: unknown;
  error?: string;
}
const waiting = new Map<number, (message: Answer) => void>();
let lastQuestion = 0;
const ask = <T>(question: Question) =>
  new Promise<T>((resolve, reject) => {
    const id = (lastQuestion += 1);
    waiting.set(id, (message) => {
      waiting.delete(id);
      if (message.error === undefined) resolve(message.answer as T);
      else reject(new Error(message.error));
    });
    post({ question, id });
  });

/** A key held by the server, used here by its public half: each signature value is asked for. */
async function signerAsking(key: 'signer' | 'tsa', half: PublicHalf): Promise<Signer> {
  return {
    publicKey: await webcrypto.subtle.importKey(
      'spki',
      half.spki,
      { name: 'ECDSA', namedCurve: half.curve },
      true,
      ['verify'],
    ),
    hash: half.hash,
    sign: (data) =>
      ask<ArrayBuffer>({
        step: 'sign',
        key,
        data: ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice()
          : new Uint8Array(data.slice(0)),
      }),
  };
}

/** The certificates and keys a signing's CMS is built with here (the keys answer by message). */
async function keysOf(certificates: Uint8Array[], keys: SigningKeysInWorker) {
  const [certificate, issuing] = certificates.map(
    (der) => new x509.X509Certificate(new Uint8Array(der)),
  );
  if (!certificate || !issuing) throw new Error('a signing names its certificate and its issuer');
  return {
    certificate,
    signer: await signerAsking('signer', keys.signer),
    issuing,
    tsa: {
      certificate: new x509.X509Certificate(keys.tsa.certificate),
      signer: await signerAsking('tsa', keys.tsa),
    },
    now: keys.now,
  };
}

async function run(job: WorkerJob): Promise<unknown> {
  switch (job.task) {
    case 'read':
      return readSignatures(Buffer.from(job.pdf), job.limits);
    case 'check':
      return readableForSigning(Buffer.from(job.pdf), job.limits, job.placement);
    case 'sign':
      return signPdf(
        job.signing,
        ownSigningSteps({
          ...(await keysOf(job.signing.certificates, job.keys)),
          validationData: () => ask<ValidationData>({ step: 'validationData' }),
        }),
      );
    case 'cms':
      return signDetached({
        ...(await keysOf(job.certificates, job.keys)),
        digest: job.digest,
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

port.on('message', (message: { job: WorkerJob } | Answer) => {
  if ('job' in message) void perform(message.job);
  else waiting.get(message.id)?.(message);
});
