// Starts the built server (apps/server/dist) in demo mode on free loopback ports, with its embedded
// PostgreSQL in a temporary folder: the end-to-end tests and the portal's speed benchmark both use
// it, so both measure the product as `npm start` runs it.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * @param {{ env?: Record<string, string>, logFile?: string, nodeArgs?: string[] }} [options] extra
 *   environment (it wins over the demo defaults), a file to append the server's output to, and
 *   options for Node (a benchmark's `--cpu-prof`, for one)
 * @returns {Promise<{ baseUrl: string, pid: number, pgPort: number, dataDir: string, stop: () => Promise<void> }>}
 *   where it answers, its process (a benchmark reads its memory), its embedded PostgreSQL's port
 *   and its DATA_DIR (where its SoftHSM token is: a benchmark signs with the server's keys)
 */
export async function startBuiltServer({ env = {}, logFile, nodeArgs = [] } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tawqi-run-'));
  const port = await freePort();
  const pgPort = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, SERVER], {
    env: {
      ...process.env,
      TAWQI_MODE: 'demo',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: logFile ? 'info' : 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not start in 90 s')), 90_000);
      child.stdout.on('data', (chunk) => {
        if (logFile) appendFileSync(logFile, chunk);
        if (chunk.toString().includes('Tawqi is running')) {
          clearTimeout(timer);
          resolve(undefined);
        }
      });
      child.once('exit', (code) => {
        reject(new Error(`the server exited (${String(code)})`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${String(port)}`,
    pid: child.pid ?? 0,
    pgPort,
    dataDir,
    stop,
  };
}
