// Starts the built server (apps/server/dist) in demo mode on free loopback ports, with its embedded
// PostgreSQL in a temporary folder: the end-to-end tests and the portal's speed benchmark both use
// it, so both measure the product as `npm start` runs it.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
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
