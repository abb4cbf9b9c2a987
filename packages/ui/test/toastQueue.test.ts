/**
 * The toast queue: how long a toast is shown (SPEC §9's 4000 ms, and the whole of a 429's wait).
 * The region's timer runs each toast's timeout; here the timeout it is given is read.
 */
import { describe, expect, it } from 'vitest';
import { createToastQueue } from '../src/components/Toast/queue.js';

function timeoutOf(message: Parameters<ReturnType<typeof createToastQueue>['show']>[0]) {
  const toasts = createToastQueue({ timeoutMs: 4000 });
  toasts.show(message);
  return toasts.queue.visibleToasts[0]?.timeout;
}

describe('how long a toast is shown', () => {
  it('4000 ms; one with an action until dismissed', () => {
    expect(timeoutOf({ variant: 'error', title: 'Error' })).toBe(4000);
    expect(
      timeoutOf({
        variant: 'error',
        title: 'Error',
        action: { label: 'OK', onAction: () => undefined },
      }),
    ).toBeUndefined();
  });

  it('the whole wait a 429 named, when longer', () => {
    const timeout = timeoutOf({ variant: 'error', title: 'Error', retryAt: Date.now() + 60_000 });
    expect(timeout).toBeGreaterThan(59_000);
    expect(timeout).toBeLessThanOrEqual(60_000);
    expect(timeoutOf({ variant: 'error', title: 'Error', retryAt: Date.now() + 1000 })).toBe(4000);
  });
});
