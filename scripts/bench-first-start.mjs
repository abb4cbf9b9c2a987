#!/usr/bin/env node
// A newcomer's first minutes (issue 38, item 11): from a fresh clone of this checkout's HEAD,
// `npm ci` and then the first `npm start` until the portal answers on 127.0.0.1, timed. Target:
// ready within 120 s on a 2-core machine. Also reports npm's engine warnings (there should be
// none: every dependency runs on the README's Node) and how many lines `npm start` printed
// before its banner (the start is meant to be quiet). Stops the server it started and removes the
// clone. Run with `npm run bench` (or alone: `node scripts/bench-first-start.mjs`).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_SECONDS = 120;
const GIVE_UP_SECONDS = 600;

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

const seconds = (since) => (performance.now() - since) / 1000;

const clone = mkdtempSync(join(tmpdir(), 'tawqi-first-start-'));
// Others may pass through it, as through a home folder: the embedded PostgreSQL runs as its own
// user when this runs as root (CI).
chmodSync(clone, 0o755);
let server;
try {
  spawnSync('git', ['clone', '--quiet', ROOT, clone], { stdio: 'inherit' });
  const env = {
    ...process.env,
    TURBO_TELEMETRY_DISABLED: '1',
    STORYBOOK_DISABLE_TELEMETRY: '1',
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
  };
  delete env.DATABASE_URL;

  const installStart = performance.now();
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: clone,
    env,
    encoding: 'utf8',
  });
  const installSeconds = seconds(installStart);
  if (install.status !== 0) throw new Error(`npm ci failed:\n${install.stderr}`);
  const engineWarnings = (install.stderr.match(/EBADENGINE Unsupported engine/g) ?? []).length;

  const startStart = performance.now();
  server = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: 'pipe' });
  let printed = '';
  server.stdout.on('data', (chunk) => (printed += String(chunk)));
  server.stderr.on('data', (chunk) => (printed += String(chunk)));
  const url = `http://127.0.0.1:${env.PORT}/`;
  let ready = false;
  while (!ready && seconds(startStart) < GIVE_UP_SECONDS) {
    if (server.exitCode !== null) throw new Error(`npm start ended:\n${printed}`);
    ready = await fetch(url, { signal: AbortSignal.timeout(2000) })
      .then((answer) => answer.ok)
      .catch(() => false);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const startSeconds = seconds(startStart);
  // The banner names the address; what came before it is what a newcomer scrolls past.
  const lines = printed.split('\n');
  const bannerAt = lines.findIndex((line) => line.includes(url.replace(/\/$/, '')));
  const total = installSeconds + startSeconds;
  console.log(
    [
      `npm ci: ${installSeconds.toFixed(1)} s, ${String(engineWarnings)} engine warning(s)`,
      `first npm start: ${ready ? `${startSeconds.toFixed(1)} s to the first page` : 'not ready'}`,
      `lines before the banner: ${bannerAt < 0 ? 'no banner seen' : String(bannerAt)}`,
      `ready from a fresh clone in ${total.toFixed(1)} s (target ${String(TARGET_SECONDS)} s): ${
        ready && total <= TARGET_SECONDS ? 'met' : 'MISSED'
      }`,
    ].join('\n'),
  );
  if (!ready || engineWarnings > 0) process.exitCode = 1;
} finally {
  // The whole process group: npm, turbo and the server under them.
  if (server?.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  rmSync(clone, { recursive: true, force: true });
}
