/**
 * The worker thread that reads one uploaded PDF (pdfReading.ts) for the verify page, away from the
 * server's event loop; readingPool.ts starts it, bounds its time and memory, and ends it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readSignatures, TooComplexError, type ReadingLimits } from './pdfReading.js';

const { pdf, limits } = workerData as { pdf: Uint8Array; limits: ReadingLimits };
try {
  parentPort?.postMessage({ signatures: await readSignatures(Buffer.from(pdf), limits) });
} catch (error) {
  parentPort?.postMessage(
    error instanceof TooComplexError ? { tooComplex: error.reason } : { failed: String(error) },
  );
}
