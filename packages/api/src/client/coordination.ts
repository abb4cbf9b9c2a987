/**
 * Refreshing once for many failed calls, across the tabs of one browser too (SECURITY.md:
 * "Concurrent 401s cause exactly one refresh, across tabs too").
 *
 * Refreshes run one at a time under a lock shared by the tabs (Web Locks), and a tab that
 * refreshed tells the others the new session (BroadcastChannel). A tab that waited for the lock
 * then finds a session newer than the one its call failed with and retries with it, without
 * refreshing again, and without spending a rotated refresh token twice (which the server treats as
 * reuse and answers by revoking the whole session).
 */

export interface SessionCoordinator<S> {
  /** Runs `task` while no other tab or caller runs one. */
  runExclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Tells the other tabs about a new session. */
  publish(session: S): void;
  /** Hears the sessions other tabs publish; returns the unsubscribe. */
  subscribe(listener: (session: S) => void): () => void;
  /** Releases what it holds (the broadcast channel). */
  close(): void;
}

const LOCK_NAME = 'tawqi-session-refresh';
const CHANNEL_NAME = 'tawqi-session';

/** The browser's coordinator; falls back to one for this tab alone where an API is missing. */
export function browserCoordinator<S>(
  scope: typeof globalThis = globalThis,
): SessionCoordinator<S> {
  const local = localCoordinator<S>();
  const locks = (scope.navigator as Partial<Navigator> | undefined)?.locks;
  const channel =
    typeof scope.BroadcastChannel === 'function' ? new scope.BroadcastChannel(CHANNEL_NAME) : null;
  return {
    runExclusive: locks
      ? <T>(task: () => Promise<T>) => locks.request(LOCK_NAME, task) as Promise<T>
      : (task) => local.runExclusive(task),
    publish: (session) => {
      channel?.postMessage(session);
    },
    subscribe: (listener) => {
      if (!channel)
        return () => {
          // Nothing to stop listening to.
        };
      const onMessage = (event: MessageEvent<S>) => {
        listener(event.data);
      };
      channel.addEventListener('message', onMessage);
      return () => {
        channel.removeEventListener('message', onMessage);
      };
    },
    close: () => {
      channel?.close();
    },
  };
}

/**
 * A coordinator within one JavaScript realm. Several clients sharing one behave as tabs sharing a
 * browser: the tests use that to prove the cross-tab rule.
 */
export function localCoordinator<S>(): SessionCoordinator<S> {
  let tail: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(session: S) => void>();
  return {
    runExclusive<T>(task: () => Promise<T>): Promise<T> {
      const run = tail.then(task, task);
      tail = run.catch(() => undefined);
      return run;
    },
    publish(session) {
      for (const listener of listeners) listener(session);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
    },
  };
}
