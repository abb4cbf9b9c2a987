import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Gives the calling worker thread the lowest priority, so that the event loop comes first: on
 * Linux a thread has a nice value of its own, and a worker's CPU work then uses only what the
 * server's thread leaves over. Answers the thread's Linux id (undefined elsewhere: no
 * /proc/thread-self, and the worker keeps the server's priority).
 */
export function lowestPriorityForThisThread(): number | undefined {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    setPriority(thread, 19);
    return thread;
  } catch {
    return undefined;
  }
}
