/**
 * Translation loading (SPEC §4, §8, §9): at most 10 parallel reads, 5 retries, a delay starting at
 * 350 ms and doubling; 5xx, no status and network errors retry; 4xx does not; unparsable JSON is a
 * parse failure.
 */

export const TRANSLATION_LOADING = {
  maxParallelReads: 10,
  maxRetries: 5,
  retryDelayMs: 350,
} as const;

/** How one read of `/locales/{lng}/{ns}.json` ended. */
export type TranslationReadOutcome =
  | { kind: 'loaded' }
  | { kind: 'http-error'; status: number | null }
  | { kind: 'network-error' }
  | { kind: 'parse-error' };

export type TranslationReadStep =
  | { type: 'done' }
  | { type: 'retry'; delayMs: number }
  | { type: 'fail'; failure: 'http' | 'parse' | 'retries-exhausted' };

/** Whether an outcome may be tried again (SPEC §8). */
export function isRetryable(outcome: TranslationReadOutcome): boolean {
  switch (outcome.kind) {
    case 'loaded':
    case 'parse-error':
      return false;
    case 'network-error':
      return true;
    case 'http-error':
      return outcome.status === null || (outcome.status >= 500 && outcome.status <= 599);
  }
}

/** The delay before retry number `retry` (1-based): 350, 700, 1400, 2800, 5600 ms. */
export function retryDelayMs(retry: number): number {
  return TRANSLATION_LOADING.retryDelayMs * 2 ** (retry - 1);
}

/**
 * What to do after a read, given how many retries were already made. A status outside 4xx and
 * 5xx (a 3xx the browser did not follow) is neither rule's case: it fails without retry.
 */
export function afterTranslationRead(
  outcome: TranslationReadOutcome,
  retriesMade: number,
): TranslationReadStep {
  if (outcome.kind === 'loaded') return { type: 'done' };
  if (outcome.kind === 'parse-error') return { type: 'fail', failure: 'parse' };
  if (!isRetryable(outcome)) return { type: 'fail', failure: 'http' };
  if (retriesMade >= TRANSLATION_LOADING.maxRetries) {
    return { type: 'fail', failure: 'retries-exhausted' };
  }
  return { type: 'retry', delayMs: retryDelayMs(retriesMade + 1) };
}
