/**
 * The malware scanner every upload passes through: ClamAV's daemon, clamd, spoken to
 * with the `clamscan` package (its INSTREAM command over a Unix socket or TCP; no binary here).
 *
 * - Production names the operator's clamd by CLAMD_ADDRESS (`unix:/run/clamav/clamd.ctl` or
 *   `tcp://host:3310`), whose signatures freshclam keeps up to date.
 * - Demo mode and the tests start Debian's clamd themselves (`startClamd`), on a socket in their
 *   own folder, with the small signature set this project ships in `clamav/` (EICAR and the
 *   project's own test pattern): these machines cannot download ClamAV's databases.
 *
 * A scan that cannot be made (clamd down, a timeout, an answer that is neither OK nor FOUND) is
 * an error, never a pass: the upload is refused and may be tried again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import NodeClam from 'clamscan';
import { processAlive } from '../../processAlive.js';

/** What a scan found: nothing, or the name of the signature that matched. */
export type ScanVerdict = { clean: true } | { clean: false; finding: string };

export interface Scanner {
  /** Scans bytes; throws ScannerUnavailable when no verdict could be had. */
  scan(bytes: Buffer): Promise<ScanVerdict>;
  /** Whether clamd answers (a PING). */
  ping(): Promise<boolean>;
  /** Stops the clamd this scanner started, if it started one. */
  close(): Promise<void>;
}

/** No verdict: the scanner is down, slow or answered what it should not. */
export class ScannerUnavailable extends Error {
  /** Said beside the message when a start is refused for it (main.ts). */
  readonly code = 'SCANNER_UNAVAILABLE';
}

/** The signature set demo mode and the tests load (production uses the operator's). */
export const SHIPPED_SIGNATURES = fileURLToPath(new URL('../../../clamav', import.meta.url));

/** Where Debian puts clamd. */
const CLAMD_PATHS = ['/usr/sbin/clamd', '/usr/local/sbin/clamd', '/usr/bin/clamd'];

export function findClamd(): string | null {
  return CLAMD_PATHS.find((path) => existsSync(path)) ?? null;
}

type Endpoint = { socket: string } | { host: string; port: number };

/** `unix:/path`, `/path` or `tcp://host:port`. */
export function endpointOf(address: string): Endpoint {
  if (address.startsWith('unix:')) return { socket: address.slice('unix:'.length) };
  if (address.startsWith('/')) return { socket: address };
  const url = new URL(address);
  if (url.protocol !== 'tcp:' || !url.hostname || !url.port)
    throw new Error(`CLAMD_ADDRESS "${address}" is neither unix:/path nor tcp://host:port`);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) };
}

/** Sends one command and reads clamd's answer to it (PING → PONG). */
function ask(endpoint: Endpoint, command: string, timeoutMs: number): Promise<string> {
  return new Promise((resolvePromise) => {
    const socket =
      'socket' in endpoint
        ? createConnection({ path: endpoint.socket })
        : createConnection({ host: endpoint.host, port: endpoint.port });
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.on('connect', () => socket.end(`z${command}\0`));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      resolvePromise(Buffer.concat(chunks).toString('latin1').replace(/\0/g, '').trim());
    });
  });
}

export function createClamdScanner(
  address: string,
  options: { timeoutMs?: number; onClose?: () => Promise<void> } = {},
): Scanner {
  const endpoint = endpointOf(address);
  const timeoutMs = options.timeoutMs ?? 30_000;
  // No binary and no fallback: only the daemon; whether it answers is asked per scan.
  const client = new NodeClam().init({
    clamscan: { active: false },
    clamdscan: {
      ...('socket' in endpoint
        ? { socket: endpoint.socket }
        : { host: endpoint.host, port: endpoint.port }),
      timeout: timeoutMs,
      localFallback: false,
      bypassTest: true,
      active: true,
    },
    preference: 'clamdscan',
  });
  return {
    async scan(bytes) {
      let result: { isInfected: boolean | null; viruses: string[] };
      try {
        result = await (await client).scanStream(Readable.from([bytes]));
      } catch (error) {
        throw new ScannerUnavailable(`clamd gave no verdict: ${String(error)}`);
      }
      if (result.isInfected === false) return { clean: true };
      if (result.isInfected === true)
        return { clean: false, finding: result.viruses.join(', ') || 'unnamed' };
      throw new ScannerUnavailable('clamd gave no verdict (timed out or answered oddly)');
    },
    async ping() {
      return (await ask(endpoint, 'PING', Math.min(timeoutMs, 5_000))) === 'PONG';
    },
    close: options.onClose ?? (() => Promise.resolve()),
  };
}

/**
 * Starts Debian's clamd in `dir` with the shipped signatures, listening on `dir/clamd.sock`, and
 * answers a scanner of it once it answers PING. The clamd of a folder belongs to no one process:
 * one already answering there (another process on the same data folder, or one left by a process
 * that was killed) is taken up, each scanner of it is written down as its user
 * (`dir/clamd.users/<pid>-<random>`), and clamd is stopped when the last living user closes.
 */
export async function startClamd(options: {
  dir: string;
  signatures?: string;
  /** How long clamd may take to load its signatures (a loaded machine is slow). */
  readyWithinMs?: number;
}): Promise<Scanner> {
  const dir = resolve(options.dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const socket = join(dir, 'clamd.sock');
  const address = `unix:${socket}`;
  const users = sharedUse(dir);
  const shared = () => createClamdScanner(address, { onClose: users.leave });
  if (await createClamdScanner(address).ping()) return shared();

  const binary = findClamd();
  if (!binary) {
    await users.leave();
    throw new ScannerUnavailable(
      'Uploads are scanned with ClamAV, which is not installed: `apt-get install clamav-daemon` (npm start does this when it runs as root), or set CLAMD_ADDRESS to a running clamd.',
    );
  }
  const log = join(dir, 'clamd.log');
  const conf = writeClamdConf(dir, options.signatures ?? SHIPPED_SIGNATURES, log);
  // A process group of its own: a Ctrl-C meant for the process that started it leaves it to the
  // others using it.
  const child: ChildProcess = spawn(binary, ['-c', conf], { stdio: 'ignore', detached: true });
  child.unref();
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const scanner = shared();
  const deadline = Date.now() + (options.readyWithinMs ?? 120_000);
  while (!(await scanner.ping())) {
    if (exited() || Date.now() > deadline) {
      if (!exited()) child.kill('SIGKILL');
      await users.leave();
      const tail = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-3) : [];
      throw new ScannerUnavailable(
        `clamd did not start in ${dir}${tail.length ? `: ${tail.join(' / ')}` : ''}`,
      );
    }
    await new Promise((wake) => setTimeout(wake, 100));
  }
  return scanner;
}

/** clamd's configuration in `dir`: its socket, pid file and log there, the given signatures. */
function writeClamdConf(dir: string, signatures: string, log: string): string {
  const conf = join(dir, 'clamd.conf');
  writeFileSync(
    conf,
    [
      `DatabaseDirectory ${signatures}`,
      `LocalSocket ${join(dir, 'clamd.sock')}`,
      'LocalSocketMode 600',
      'FixStaleSocket yes',
      'Foreground yes',
      `PidFile ${join(dir, 'clamd.pid')}`,
      `LogFile ${log}`,
      'LogTime yes',
      // An upload may be as large as the largest the service takes (the eSign service's PDFs).
      'StreamMaxLength 64M',
      'MaxThreads 4',
      // The shipped set never changes while it runs.
      'SelfCheck 0',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  return conf;
}

/**
 * This scanner written down as a user of the clamd in `dir`; `leave` crosses it out and stops
 * clamd (by its pid file) when no living process is left using it.
 */
function sharedUse(dir: string): { leave: () => Promise<void> } {
  const folder = join(dir, 'clamd.users');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const mine = join(folder, `${String(process.pid)}-${randomBytes(6).toString('hex')}`);
  writeFileSync(mine, '', { mode: 0o600 });
  let left = false;
  return {
    leave: () => {
      if (left) return Promise.resolve();
      left = true;
      rmSync(mine, { force: true });
      const others = readdirSync(folder).filter((name) => {
        if (processAlive(Number(name.split('-')[0]))) return true;
        rmSync(join(folder, name), { force: true });
        return false;
      });
      if (others.length > 0) return Promise.resolve();
      return stopClamd(join(dir, 'clamd.pid'));
    },
  };
}

/** Stops the clamd named by `pidFile`, and waits until it has gone. */
async function stopClamd(pidFile: string): Promise<void> {
  const pid = Number(existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : '');
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 30_000;
  while (processAlive(pid) && Date.now() < deadline)
    await new Promise((wake) => setTimeout(wake, 50));
}
