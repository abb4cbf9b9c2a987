/**
 * A process of its own for the server's heavy work: the exports' files, the verify page's reading
 * and the eSign service's PDF work. Worker threads of the server's own process were not apart
 * enough: V8's helper threads, shared by the whole process, collected the workers' garbage at the
 * server's priority (0.4 of a core under two exports), and where the kernel shares the CPU between
 * sessions first (Linux's autogroup) niced threads still stood level with every PostgreSQL
 * backend, each a session of its own — other people's p99 rose 5–15× (bench/contention.mjs).
 *
 * Priorities (threadPriority.ts): exports and the verify page's uploads low, a person's own work
 * (the checks and signing of their PDFs) at the normal one — lower, a machine busy with anything
 * else starved it: a signing that takes 8 s took over a minute, and the demo application's 30 s
 * call gave up.
 *
 * The server's side (`jobProcess`) starts the process when first needed and again after it
 * ended, in a session of its own (`detached`), and ends it after a while without work, with the
 * server, or when asked; the process's side (`serveJobs`) sets every thread it has and its
 * session's group to its priority, and ends when the server's end of its channel closes, however
 * the server ended.
 * Jobs are told apart by id: `{ id, task }` starts one, `{ id, message }` goes either way while it
 * runs, `{ id, failed }` ends it failed (a process that ended fails every job it had).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { builtScript } from './builtScript.js';
import { lowerThisProcess, type Priority } from './threadPriority.js';

export type ToJobProcess<Task, In> = { id: number; task: Task } | { id: number; message: In };
export type FromJobProcess<Out> = { id: number; message: Out } | { id: number; failed: string };

/** One job in the process: what the server says to it, and that it is over. */
export interface ProcessJob<In> {
  tell: (message: In) => void;
  forget: () => void;
}

export interface JobProcess<Task, In, Out> {
  /** Starts `task`; `listener` hears its messages, and its failure (the process ended among them). */
  run(task: Task, listener: (answer: FromJobProcess<Out>) => void): ProcessJob<In>;
  /** The process's id while there is one (for the operator's tools and the tests). */
  readonly processId: number | undefined;
  /** Ends the process (the server's shutdown). */
  close(): Promise<void>;
}

/** Node's CPU-profile flags this process was started with (`--cpu-prof`, its folder). */
const PROFILING = process.execArgv.filter((flag) => /^--cpu-prof(-dir=.*)?$/u.test(flag));

export function jobProcess<Task, In, Out>(options: {
  /** The built script (its `serveJobs`), beside the module that names it. */
  script: URL;
  /** What it is, in the failure its jobs are told when it ends ("the exports' process"). */
  name: string;
  /** Node's options for it (its heap's bound): none of the flags that started this process. */
  execArgv: string[];
  /** Arguments for the script (its settings). */
  args?: string[];
  /** How long it waits for another job before it ends, its heap given back. */
  idleMs: number;
}): JobProcess<Task, In, Out> {
  let child: ChildProcess | undefined;
  const listeners = new Map<number, (answer: FromJobProcess<Out>) => void>();
  let lastId = 0;
  let idle: NodeJS.Timeout | undefined;
  const start = () => {
    const started = fork(builtScript(options.script), options.args ?? [], {
      detached: true,
      serialization: 'advanced',
      // The built script, whatever flags started this process (the tests' resolve @tawqi/* to
      // their TypeScript sources); but a server profiled has its job processes profiled too.
      execArgv: [...options.execArgv, ...PROFILING],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (answer: FromJobProcess<Out>) => listeners.get(answer.id)?.(answer));
    const ended = (why: string) => {
      if (child === started) child = undefined;
      for (const [id, listener] of listeners) listener({ id, failed: why });
      listeners.clear();
    };
    started.once('exit', (code, signal) => {
      ended(`${options.name} ended (${signal ?? String(code)})`);
    });
    started.once('error', (error) => {
      ended(`${options.name} failed: ${error.message}`);
    });
    // A process waiting for work does not keep the server's alive.
    started.unref();
    started.channel?.unref();
    return started;
  };
  const close = async () => {
    clearTimeout(idle);
    const running = child;
    child = undefined;
    if (running?.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill();
    await exited;
  };
  const forget = (id: number) => {
    listeners.delete(id);
    if (listeners.size > 0 || !child) return;
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (listeners.size === 0) void close();
    }, options.idleMs);
    idle.unref();
  };
  return {
    run(task, listener) {
      clearTimeout(idle);
      const host = (child ??= start());
      const id = (lastId += 1);
      listeners.set(id, listener);
      const send = (message: ToJobProcess<Task, In>) => {
        if (host.connected) host.send(message);
      };
      send({ id, task });
      return { tell: (message) => send({ id, message }), forget: () => forget(id) };
    },
    get processId() {
      return child?.pid;
    },
    close,
  };
}

/**
 * The process's side: everything at `priority` (below normal, every thread and the session's
 * group are lowered; `normal` leaves them as started), each task given to `perform` with a way to send its
 * messages and to hear the server's; a task whose `perform` throws is told failed.
 */
// The caller names the messages' types, which check its `perform`.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function serveJobs<Task, In, Out>(
  perform: (
    task: Task,
    job: { send: (message: Out) => void; onMessage: (listener: (message: In) => void) => void },
  ) => Promise<void>,
  priority: Priority,
): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('a job process runs as a child process with an IPC channel');
  lowerThisProcess(priority);
  const jobs = new Map<number, (message: In) => void>();
  process.on('message', (received: ToJobProcess<Task, In>) => {
    const { id } = received;
    if ('message' in received) {
      jobs.get(id)?.(received.message);
      return;
    }
    const job = {
      send: (message: Out) => send({ id, message } satisfies FromJobProcess<Out>),
      onMessage: (listener: (message: In) => void) => jobs.set(id, listener),
    };
    perform(received.task, job)
      .catch((error: unknown) => {
        send({
          id,
          failed: error instanceof Error ? error.message : String(error),
        } satisfies FromJobProcess<Out>);
      })
      .finally(() => jobs.delete(id));
  });
  // The server ended, however it ended, or ends this process: it exits (and a CPU profile asked
  // for is written, which a signal's default end would not).
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
}
