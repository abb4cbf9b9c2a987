/**
 * The built server in production's configuration, as an operator starts it: TAWQI_MODE=production
 * and its real adapters on loopback — the database by its URLs (the owner's applies the
 * migrations), keys in a PKCS#11 module, clamd by its address, documents in an S3-compatible
 * bucket, /metrics behind its token — and the operator's tools beside it. What only production
 * does is checked here: a defect of its own (every public IPv4 webhook address refused) once
 * passed every test, since demo mode and CI never ran its policies.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSoftHsmToken, findSoftHsm } from '../src/adapters/hsm/softHsm.js';
import { APP_ROLE, asRole } from '../src/db/roles.js';
import { followStart, freePort } from '../../../scripts/start-server.mjs';
import { TEST_APP_PASSWORD } from './globalSetup.js';
import { createTestDatabase, productionEnv } from './harness.js';
import { fakeBucket, S3 } from './s3Bucket.js';

const BUILT = fileURLToPath(new URL('../dist/', import.meta.url));
const TOKEN = 'production-profile';
const PIN = 'production-profile-pin';
const METRICS_TOKEN = 'a'.repeat(8) + 'metrics-token-of-the-production-profile';

let env: NodeJS.ProcessEnv;
let bucket: Awaited<ReturnType<typeof fakeBucket>>;
let server: ChildProcess | undefined;
let origin = '';

/** Runs a built script to its end: its exit code and what it printed on each stream. */
function runBuilt(script: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  const ran = spawnSync(process.execPath, [join(BUILT, script), ...args], {
    env: { ...env, ...extra },
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { code: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

/** Its lines that say something. */
const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

beforeAll(async () => {
  const database = await createTestDatabase();
  ensureSoftHsmToken(findSoftHsm(), TOKEN, PIN);
  bucket = await fakeBucket();
  const dataDir = mkdtempSync(join(tmpdir(), 'tawqi-production-'));
  env = {
    ...process.env,
    ...productionEnv(TOKEN, PIN),
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    AUDIT_ANCHOR_FILE: join(dataDir, 'anchors.jsonl'),
    DATABASE_URL: asRole(database.toString(), APP_ROLE, TEST_APP_PASSWORD),
    DATABASE_OWNER_URL: database.toString(),
    METRICS_TOKEN,
    DOCUMENT_STORE: 's3',
    S3_ENDPOINT: bucket.endpoint,
    S3_BUCKET: 'tawqi-documents',
    S3_REGION: S3.region,
    S3_ACCESS_KEY_ID: S3.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
  };
});

afterAll(async () => {
  const running = server?.exitCode === null ? server : undefined;
  if (running) {
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
  await bucket.close();
});

describe('a production start', { timeout: 600_000 }, () => {
  it('on a new database applies the migrations, then refuses in one line until the key ceremony', () => {
    const refused = runBuilt('main.js', [], { PORT: '0' });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Starting: migrations');
    expect(linesOf(refused.stderr)).toEqual([
      expect.stringMatching(
        /^Tawqi cannot start: There is no certificate authority in this database yet: hold the key ceremony first .* \(NO_AUTHORITY\)$/,
      ),
    ]);
    const ceremony = runBuilt('tools/caKeys.js', ['ceremony', '--operator', 'Production Profile']);
    expect(ceremony.code, ceremony.stderr).toBe(0);
    expect(ceremony.stdout).toMatch(/root/);
  });

  it('refuses in one line when clamd does not answer at its address', () => {
    const refused = runBuilt('main.js', [], {
      PORT: '0',
      CLAMD_ADDRESS: `unix:${join(tmpdir(), 'tawqi-no-clamd-here.sock')}`,
    });
    expect(refused.code).toBe(1);
    expect(linesOf(refused.stderr)).toEqual([
      expect.stringMatching(
        /^Tawqi cannot start: CLAMD_ADDRESS .*clamd does not answer.*\(SCANNER_UNAVAILABLE\)$/,
      ),
    ]);
  });

  it('starts, says it is production, and is ready with its scanner and document store', async () => {
    const port = await freePort();
    const started = spawn(process.execPath, [join(BUILT, 'main.js')], {
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    server = started;
    let said = '';
    started.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await followStart(started);
    expect(said).toMatch(/Tawqi is running at .* — production mode/);
    origin = `http://127.0.0.1:${String(port)}`;
    const ready = await fetch(`${origin}/ready`);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('says it is not ready while its bucket refuses it', async () => {
    bucket.refusing.now = true;
    try {
      const ready = await fetch(`${origin}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'document store unavailable' });
    } finally {
      bucket.refusing.now = false;
    }
    expect((await fetch(`${origin}/ready`)).status).toBe(200);
  });

  it('answers /metrics to its token alone', async () => {
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
    const wrong = await fetch(`${origin}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(404);
    const metrics = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('process_cpu_user_seconds_total');
  });
});

describe(
  'a webhook address given to the operator’s tool in production',
  { timeout: 300_000 },
  () => {
    const folder = mkdtempSync(join(tmpdir(), 'tawqi-production-key-'));
    const keyFile = join(folder, 'client.pem');
    writeFileSync(
      keyFile,
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
        type: 'spki',
        format: 'pem',
      }),
    );
    /** What the tool refused about the webhook (the application itself names no provider here). */
    const webhookRefusals = (webhook: string) =>
      linesOf(
        runBuilt('tools/registerApplication.js', [
          '--client-id',
          'erp-production-profile',
          '--provider',
          'SIP-NONE',
          '--name-en',
          'Profile ERP',
          '--name-ar',
          'نظام التجربة',
          '--public-key',
          keyFile,
          '--return-origin',
          'https://erp.example.sa',
          '--webhook',
          webhook,
        ]).stderr,
      ).filter((line) => line.includes('public address') || line.includes('internal name'));

    it.each([
      'https://93.184.216.34/hook',
      'https://8.8.8.8/hook',
      'https://[2606:4700:4700::1111]/hook',
    ])('takes the public %s', (webhook) => {
      expect(webhookRefusals(webhook)).toEqual([]);
    });

    it.each([
      'https://127.0.0.1/hook',
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest',
      'https://[::127.0.0.1]/hook',
      'https://[::a9fe:a9fe]/hook',
      'https://[::ffff:10.0.0.8]/hook',
      'https://[fd00::1]/hook',
    ])('refuses the special %s', (webhook) => {
      expect(webhookRefusals(webhook)).toEqual([expect.stringMatching(/not a public address/)]);
    });
  },
);
