import { describe, expect, it } from 'vitest';
import {
  TRANSLATION_LOADING,
  afterTranslationRead,
  isRetryable,
  retryDelayMs,
} from '../src/index.js';

describe('translation loading (SPEC §8, §9)', () => {
  it('reads at most 10 in parallel and retries at most 5 times from 350 ms', () => {
    expect(TRANSLATION_LOADING).toEqual({ maxParallelReads: 10, maxRetries: 5, retryDelayMs: 350 });
  });

  it('doubles the delay each retry', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('retries 500–599, no status and network errors', () => {
    for (const status of [500, 503, 599, null]) {
      expect(isRetryable({ kind: 'http-error', status })).toBe(true);
    }
    expect(isRetryable({ kind: 'network-error' })).toBe(true);
  });

  it('does not retry 400–499, other statuses, parse failures or a success', () => {
    for (const status of [400, 404, 499, 600, 304]) {
      expect(isRetryable({ kind: 'http-error', status })).toBe(false);
    }
    expect(isRetryable({ kind: 'parse-error' })).toBe(false);
    expect(isRetryable({ kind: 'loaded' })).toBe(false);
  });

  it('is done when loaded', () => {
    expect(afterTranslationRead({ kind: 'loaded' }, 0)).toEqual({ type: 'done' });
  });

  it('reports unparsable JSON as a parse failure, without retrying', () => {
    expect(afterTranslationRead({ kind: 'parse-error' }, 0)).toEqual({
      type: 'fail',
      failure: 'parse',
    });
  });

  it('fails a 4xx at once', () => {
    expect(afterTranslationRead({ kind: 'http-error', status: 404 }, 0)).toEqual({
      type: 'fail',
      failure: 'http',
    });
  });

  it('retries a retryable failure with the growing delay, then gives up after 5 retries', () => {
    const steps = [0, 1, 2, 3, 4, 5].map((made) =>
      afterTranslationRead({ kind: 'network-error' }, made),
    );
    expect(steps).toEqual([
      { type: 'retry', delayMs: 350 },
      { type: 'retry', delayMs: 700 },
      { type: 'retry', delayMs: 1400 },
      { type: 'retry', delayMs: 2800 },
      { type: 'retry', delayMs: 5600 },
      { type: 'fail', failure: 'retries-exhausted' },
    ]);
  });
});
