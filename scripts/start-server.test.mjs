import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { freePort } from './start-server.mjs';

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
