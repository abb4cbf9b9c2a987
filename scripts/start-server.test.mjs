import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { spawn } from 'node:child_process';
import { isRunning, processesOf } from './processes.mjs';
import { followStart, freePort, startBuiltServer } from './start-server.mjs';

describe('a free port for a server the tests start', () => {
  // listen(0) gave ports of the ephemeral range, which any outgoing connection may take before
  // the server listens: CI met EADDRINUSE.
  it('is below the range outgoing connections take their ports from, and free', async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      assert.ok(port >= 1024 && port < low, `${port} is below ${low}`);
      await new Promise((resolve, reject) => {
        const server = createServer();
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => server.close(resolve));
      });
    }
  });
});

describe('following a start by its progress', () => {
  const fake = (script) =>
    spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });

  it('fails a start that stops moving, naming the phase it hung in', async () => {
    const child = fake("console.log('Starting: scanner …'); setInterval(() => {}, 1000);");
    await assert.rejects(followStart(child, { silenceMs: 500 }), /no progress .* "scanner"/);
    child.kill('SIGKILL');
  });

  it('lets a start that keeps moving take longer than the silence allowed', async () => {
    // Thirty phases 200 ms apart: six seconds in all, more than the five allowed between two.
    const child = fake(
      "let n = 0; const t = setInterval(() => { if (++n > 30) { console.log('Tawqi is running'); clearInterval(t); } else console.log(`Starting: phase ${n} …`); }, 200);",
    );
    const phases = [];
    await followStart(child, { silenceMs: 5_000, onPhase: (phase) => phases.push(phase) });
    assert.equal(phases.length, 30);
    assert.equal(phases[29], 'phase 30');
  });

  it('fails at once when the server exits, naming the phase', async () => {
    const child = fake(
      "console.log('Starting: database (the embedded PostgreSQL in /x) …'); process.exit(3);",
    );
    await assert.rejects(followStart(child), /exited in its phase "database" \(3\)/);
  });
});

describe('a built server whose start fails midway', () => {
  it('leaves none of the processes it started running', { timeout: 600_000 }, async () => {
    let seen = [];
    const start = startBuiltServer({
      onPhase: (phase, pid) => {
        // By now PostgreSQL and its backends, and clamd, are running: the server then dies.
        if (phase !== 'signing keys') return;
        seen = processesOf({ roots: [pid] }).map((each) => ({
          pid: each,
          name: readFileSync(`/proc/${String(each)}/comm`, 'utf8').trim(),
        }));
        process.kill(pid, 'SIGKILL');
      },
    });
    await assert.rejects(start, /exited in its phase "signing keys" \(SIGKILL\)/);
    const names = seen.map((each) => each.name);
    assert.ok(names.includes('postgres'), `PostgreSQL was among ${names.join(', ')}`);
    assert.ok(names.includes('clamd'), `clamd was among ${names.join(', ')}`);
    assert.deepEqual(
      seen.filter((each) => isRunning(each.pid)),
      [],
      'every process of the failed start has ended',
    );
  });
});
