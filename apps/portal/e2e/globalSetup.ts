/** Starts the built server (embedded PostgreSQL, demo data, the built portal) on free ports. */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    accessTokenSeconds: number;
  }
}

const ACCESS_TOKEN_SECONDS = 10;

const SERVER = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

async function freePort(): Promise<number> {
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

let child: ChildProcess | null = null;
let dataDir = '';

export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'tawqi-e2e-'));
  const port = await freePort();
  child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      TAWQI_MODE: 'demo',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: process.env.E2E_SERVER_LOG ? 'info' : 'warn',
      // Short enough to test within the run: tokens expire after 10 s (the client refreshes and
      // retries), and a minute without activity signs the user out (tests move the page's clock).
      ACCESS_TOKEN_SECONDS: String(ACCESS_TOKEN_SECONDS),
      INACTIVITY_MINUTES: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 90 s')), 90_000);
    child?.stdout?.on('data', (chunk: Buffer) => {
      if (process.env.E2E_SERVER_LOG) appendFileSync(process.env.E2E_SERVER_LOG, chunk);
      if (chunk.toString().includes('Tawqi is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child?.once('exit', (code) => {
      reject(new Error(`the server exited (${String(code)})`));
    });
  });
  project.provide('baseUrl', baseUrl);
  project.provide('accessTokenSeconds', ACCESS_TOKEN_SECONDS);
}

export async function teardown(): Promise<void> {
  if (child?.exitCode === null) {
    const running = child;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
