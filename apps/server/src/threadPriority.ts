import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * A process's or thread's fields from Linux's `stat` file (`/proc/<pid>/stat`,
 * `/proc/self/task/<tid>/stat`), from its state on (the 3rd field, index 0 here): the command's
 * name before it is in parentheses and may hold spaces. Index 3 is the session, 11 and 12 the user
 * and system CPU time in clock ticks of 1/100 s (the value on every Linux Node runs on), 16 the
 * nice value.
 */
export function statFields(path: string): string[] {
  const stat = readFileSync(path, 'latin1');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The calling thread's Linux id (undefined elsewhere: no /proc/thread-self). */
export function thisThread(): number | undefined {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  } catch {
    return undefined;
  }
}

/**
 * The priorities work runs at, as Linux nice values: `low` for work that must not slow the
 * server's requests but that a person still waits for — an export's file, the verify page's
 * uploads — below the server and its database and not starved by a busy machine (at nice 19, a
 * CI run beside a CPU hog took over two minutes to read one ordinary file, and exports timed
 * out); `normal` for a person's own work (the checks and signing of their PDFs).
 */
export const NICE = { low: 10, normal: 0 } as const;
export type Priority = keyof typeof NICE;

/**
 * Gives the calling worker thread `priority`, so that the event loop comes first: on Linux a
 * thread has a nice value of its own, and a worker's CPU work then uses what the server's thread
 * leaves over. Answers the thread's Linux id (undefined elsewhere: no /proc/thread-self, and the
 * worker keeps the server's priority).
 */
export function lowerThisThread(priority: Priority): number | undefined {
  const thread = thisThread();
  if (thread === undefined || priority === 'normal') return thread;
  try {
    setPriority(thread, NICE[priority]);
  } catch {
    return undefined;
  }
  return thread;
}

/**
 * Gives this whole process `priority`: every thread it has (V8's helpers, which collect its
 * garbage, and libuv's among them; threads made later inherit it from the one that makes them),
 * and, where the kernel shares the CPU between sessions before it looks at priorities (Linux's
 * autogroup, on by default in Debian's kernels: each session is a group, and a nice value only
 * orders threads within their group), its session's group too. The process is started in a
 * session of its own for that.
 */
export function lowerThisProcess(priority: Priority): void {
  if (priority === 'normal') return;
  const nice = NICE[priority];
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    setPriority(nice);
  }
  for (const thread of threads) {
    try {
      setPriority(Number(thread), nice);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  try {
    writeFileSync('/proc/self/autogroup', String(nice));
  } catch {
    // No autogroup (another kernel, or turned off): the threads' own priority is what counts.
  }
}
