// Starts the built server (apps/server/dist) in demo mode on free loopback ports, with its embedded
// PostgreSQL in a temporary folder: the end-to-end tests and the portal's speed benchmark both use
// it, so both measure the product as `npm start` runs it.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endProcesses } from './processes.mjs';

const SERVER = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

/** Whether `port` on 127.0.0.1 can be listened on now. */
function canListen(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The kernel's range for outgoing connections' ports (and for listen(0)). */
function ephemeralRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch {
    // Not Linux: the IANA range.
  }
  return [49152, 65535];
}

/**
 * A port free to listen on, below the kernel's ephemeral range: a port from listen(0) is of that
 * range, so between being found and being listened on (a server starting takes seconds) any
 * outgoing connection on the machine could take it — CI met EADDRINUSE with the suites running
 * side by side. Below the range only another listener can, and the pick is random.
 */
export async function freePort() {
  const [low] = ephemeralRange();
  const top = Math.min(low, 65536);
  const bottom = Math.min(10_000, top - 1000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (await canListen(port)) return port;
  }
  throw new Error('no free port below the ephemeral range');
}

/**
 * How long a start may go without reaching its next phase before it counts as stuck: generous,
 * since a loaded 2-core machine is slow, but a start that moves is never cut.
 */
export const START_SILENCE_MS = Number(process.env.START_SILENCE_MS ?? 300_000);

/** `Starting: <phase> (…) …`, as the server prints each slow part of its start (main.ts). */
const PHASE_LINE = /^Starting: ([^(…]+?)(?: \(.*\))? …$/m;
const RUNNING_LINE = 'Tawqi is running';

/**
 * Follows a server's start by its output: resolves when it says it is running; rejects when it
 * exits first, or when no new phase has begun for `silenceMs` (naming the phase it hung in).
 * @param {import('node:child_process').ChildProcess} child with its stdout piped
 * @param {{ silenceMs?: number, onOutput?: (chunk: Buffer) => void, onPhase?: (phase: string) => void, ready?: string }} [options]
 *   `ready`: the line that ends the start (the server's banner by default)
 * @returns {Promise<void>}
 */
export function followStart(
  child,
  { silenceMs = START_SILENCE_MS, onOutput, onPhase, ready = RUNNING_LINE } = {},
) {
  return new Promise((resolve, reject) => {
    let phase = 'launch';
    let pending = '';
    let timer;
    const done = (error) => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        done(
          new Error(
            `the server's start made no progress for ${String(silenceMs / 1000)} s: it hung in its phase "${phase}"`,
          ),
        );
      }, silenceMs);
    };
    const onData = (chunk) => {
      onOutput?.(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes(ready)) return done();
        const started = PHASE_LINE.exec(line);
        if (started) {
          phase = started[1];
          arm();
          onPhase?.(phase);
        }
      }
    };
    const onExit = (code, signal) => {
      done(new Error(`the server exited in its phase "${phase}" (${String(signal ?? code)})`));
    };
    child.stdout.on('data', onData);
    child.once('exit', onExit);
    arm();
  });
}

/**
 * @param {{ env?: Record<string, string>, logFile?: string, nodeArgs?: string[], silenceMs?: number, onPhase?: (phase: string, pid: number) => void }} [options]
 *   extra environment (it wins over the demo defaults), a file to append the server's output to,
 *   options for Node (a benchmark's `--cpu-prof`, for one), the start's allowed silence, and a
 *   listener told as each phase of the start begins
 * @returns {Promise<{ baseUrl: string, pid: number, pgPort: number, dataDir: string, mark: string, stop: () => Promise<void> }>}
 *   where it answers, its process (a benchmark reads its memory), its embedded PostgreSQL's port,
 *   its DATA_DIR (where its SoftHSM token is: a benchmark signs with the server's keys) and the
 *   mark in the environment of every process it starts
 */
export async function startBuiltServer({
  env = {},
  logFile,
  nodeArgs = [],
  silenceMs,
  onPhase,
} = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tawqi-run-'));
  const port = await freePort();
  const pgPort = await freePort();
  const mark = `TAWQI_TEST_RUN=${randomUUID()}`;
  const child = spawn(process.execPath, [...nodeArgs, SERVER], {
    env: {
      ...process.env,
      TAWQI_MODE: 'demo',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: logFile ? 'info' : 'warn',
      [mark.split('=')[0]]: mark.split('=')[1],
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const leftovers = {
    roots: [child.pid ?? 0],
    mark,
    pidFiles: [join(dataDir, 'postgres', 'postmaster.pid')],
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // What a server stopped cleanly has stopped already; what a crash left is ended here.
    await endProcesses(leftovers);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const keepOutput = (chunk) => {
    if (logFile) appendFileSync(logFile, chunk);
  };
  try {
    await followStart(child, {
      silenceMs,
      onOutput: keepOutput,
      onPhase: (phase) => onPhase?.(phase, child.pid ?? 0),
    });
  } catch (error) {
    await endProcesses(leftovers);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  child.stdout.on('data', keepOutput);
  return {
    baseUrl: `http://127.0.0.1:${String(port)}`,
    pid: child.pid ?? 0,
    pgPort,
    dataDir,
    mark,
    stop,
  };
}
