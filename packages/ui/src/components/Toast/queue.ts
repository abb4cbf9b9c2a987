/**
 * The toast queue, apart from the region that shows it: an app can hold the queue (and report to
 * it) on its lightest pages and load the region with the first toast.
 */
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { flushSync } from 'react-dom';

export type ToastVariant = 'info' | 'success' | 'warning' | 'error';

export interface ToastMessage {
  variant: ToastVariant;
  title: string;
  description?: string;
  /** A toast with an action stays until dismissed, so the action cannot vanish unused. */
  action?: { label: string; onAction: () => void };
  /**
   * When the server allows another try (epoch ms, a 429's Retry-After): the toast counts down to
   * it and stays until then (or until dismissed), however long the wait.
   */
  retryAt?: number;
}

/** The behaviour asked of toasts (SPEC §9): at most 3 visible, each for 4000 ms. */
export const TOAST_LIMITS = { maxVisible: 3, timeoutMs: 4000 } as const;

/**
 * A queue of toasts for an app; show one with `queue.show(message)`. Timers pause while the
 * region is hovered or has focus (React Aria).
 */
export function createToastQueue(limits: { maxVisible?: number; timeoutMs?: number } = {}) {
  const timeout = limits.timeoutMs ?? TOAST_LIMITS.timeoutMs;
  const queue = new ToastQueue<ToastMessage>({
    maxVisibleToasts: limits.maxVisible ?? TOAST_LIMITS.maxVisible,
    // Updates outside a React event (a failed fetch) render at once, so the toast is announced.
    wrapUpdate: (update) => {
      flushSync(update);
    },
  });
  return {
    queue,
    show: (message: ToastMessage) =>
      queue.add(
        message,
        message.action ? {} : { timeout: Math.max(timeout, (message.retryAt ?? 0) - Date.now()) },
      ),
    close: (key: string) => {
      queue.close(key);
    },
    /** Closes every toast (a new screen state, a test or story starting afresh). */
    clear: () => {
      queue.clear();
    },
  };
}
export type AppToastQueue = ReturnType<typeof createToastQueue>;
