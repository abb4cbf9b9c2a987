/**
 * Two server processes behind HAProxy on one PostgreSQL (issue 42), as CI proves it: both built
 * servers start together on one new database in demo mode, Debian's `haproxy` balances them
 * request by request, and a person's journey goes through the balancer — signing in through the
 * identity app, buying counters through the payment gateway, an application's signing with its
 * webhook, an export — with one process killed (SIGKILL) in the middle of the purchase. The
 * simulated identity app, gateway and demo application keep what they know in the database, so
 * a request made through one process is answered through the other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDF } from '@libpdf/core';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { APP_ROLE, asRole } from '../src/db/roles.js';
import { followStart, freePort } from '../../../scripts/start-server.mjs';
import { TEST_APP_PASSWORD } from './globalSetup.js';
import { createTestDatabase, DEVICE } from './harness.js';
import { exportedSheet } from './sheets.js';

const SERVER = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const STARTING = { timeout: 120_000, interval: 200 };

interface Started {
  child: ChildProcess;
  output: () => string;
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/**
 * HAProxy in the foreground: each request to the next live server, a dead one found within a
 * second (its port refuses at once). A check may take 5 s: without `timeout check` HAProxy gives a
 * check only `inter` (300 ms), and on a loaded CI machine the surviving server's slow answers took
 * it out too — every request then got 503 "No server is available" for two minutes.
 */
function haproxyConfig(port: number, servers: number[]) {
  return `global
  maxconn 512
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  retries 3
  option redispatch 1
frontend tawqi
  bind 127.0.0.1:${String(port)}
  default_backend servers
backend servers
  balance roundrobin
  option forwardfor
  option httpchk GET /health
  timeout check 5s
  # Which server answered: the test sees the balancing.
  http-response set-header x-served-by %s
${servers.map((server, index) => `  server s${String(index)} 127.0.0.1:${String(server)} check inter 300ms fall 2 rise 2`).join('\n')}
`;
}

// Two servers starting beside the rest of the suite on a loaded machine take a while.
describe('two processes behind HAProxy', { timeout: 600_000 }, () => {
  it('carry a journey through the balancer, one of them killed midway', async () => {
    const database = await createTestDatabase({ seeded: true });
    const owner = new pg.Pool({ connectionString: database.toString(), max: 2 });
    afterAll(() => owner.end());
    const [portA, portB, balancerPort] = [await freePort(), await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${String(balancerPort)}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'tawqi-balanced-'));
    const serverEnv = (port: number): NodeJS.ProcessEnv => ({
      ...process.env,
      TAWQI_MODE: 'demo',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      // One data folder: the one hardware module (SoftHSM's token) both processes sign with.
      DATA_DIR: dataDir,
      DATABASE_URL: asRole(database.toString(), APP_ROLE, TEST_APP_PASSWORD),
      CLAMD_ADDRESS: inject('clamdAddress'),
      AUDIT_ANCHOR_FILE: join(dataDir, 'anchors.jsonl'),
      PUBLIC_ORIGIN: origin,
      TRUSTED_PROXIES: '127.0.0.1',
      ESIGN_SWEEP_SECONDS: '1',
    });
    // Both at once, as a deployment starts them.
    const a = run(process.execPath, [SERVER], serverEnv(portA));
    const b = run(process.execPath, [SERVER], serverEnv(portB));
    const configFile = join(dataDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig(balancerPort, [portA, portB]));
    const balancer = run('/usr/sbin/haproxy', ['-db', '-f', configFile], process.env);
    // Each start followed by its progress: a slow one waits, a stuck or dead one fails at once.
    await Promise.all(
      [a, b].map((server) =>
        followStart(server.child).catch((error: unknown) => {
          throw new Error(`${String(error)}\n${server.output()}`);
        }),
      ),
    );
    // Until the balancer has both in its rotation (each passed its health checks).
    const servedBy = new Set<string>();
    await vi.waitFor(async () => {
      expect(balancer.child.exitCode, balancer.output()).toBeNull();
      const health = await fetch(`${origin}/health`);
      expect(health.status).toBe(200);
      servedBy.add(health.headers.get('x-served-by') ?? '');
      expect([...servedBy].sort()).toEqual(['s0', 's1']);
    }, STARTING);
    /** Which process answered each of the journey's requests. */
    const served: string[] = [];
    const through = async (input: string | URL, init?: RequestInit) => {
      const response = await fetch(input, init);
      served.push(response.headers.get('x-served-by') ?? '');
      return response;
    };

    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await through(`${origin}${path}`, {
        method,
        headers: {
          'x-device-id': DEVICE,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, text, body: text.startsWith('{') ? JSON.parse(text) : {} };
    };
    /** The person on the simulated identity app's phone, through the balancer: picks `number`. */
    const approveOnPhone = async (nationalId: string, number: string) => {
      const phone = await (
        await through(`${origin}/simulators/nafath/phone?nationalId=${nationalId}`)
      ).text();
      const transId = [...phone.matchAll(/name="transId" value="([^"]+)"/g)].at(-1)?.[1];
      expect(transId, phone).toBeDefined();
      const answered = await through(`${origin}/simulators/nafath/phone/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ transId: transId ?? '', nationalId, choice: number }),
        redirect: 'manual',
      });
      expect(answered.status).toBe(303);
    };

    // 1. Khalid (Enrolment Admin of 320, the demo application's organization) signs in through
    //    the identity app: asked through one process, answered on the phone and verified through
    //    whichever the balancer picks.
    const [khalid] = (
      await owner.query<{ national_id: string }>(
        "SELECT national_id FROM users WHERE username = 'khalid'",
      )
    ).rows;
    const khalidId = khalid?.national_id ?? '';
    const started = await call('POST', '/api/v1/auth/nafath/login/initiate', {
      nationalID: khalidId,
    });
    expect(started.status, started.text).toBe(200);
    await approveOnPhone(khalidId, String(started.body.random));
    const verified = await call('POST', '/api/v1/auth/nafath/login/verify', {
      nationalID: khalidId,
      transId: started.body.transId,
    });
    expect(verified.body.status, verified.text).toBe('1');
    const token = verified.body.session.token as string;
    // The balancer sent the sign-in's requests to both processes.
    expect(new Set(served)).toEqual(new Set(['s0', 's1']));

    // 2. He buys counters for his organization; one process dies before he pays.
    const packs = await call('POST', '/api/v1/buy/org/counters/plans/500', {}, token);
    const pack = (packs.body.dataList as { paxUniqueId: string }[] | undefined)?.[0];
    expect(pack, packs.text).toBeDefined();
    const order = await through(`${origin}/api/v1/buy/org/checkout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-device-id': DEVICE,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        // The organization's provider query id, as the spec names the tenant of a purchase.
        sipSlNo: 500,
        category: 'counter',
        items: [{ paxUniqueId: pack?.paxUniqueId, quantity: 1 }],
      }),
    });
    const ordered = (await order.json()) as { paymentUrl: string; encodedPaymentSlno: string };
    expect(order.status, JSON.stringify(ordered)).toBe(200);
    a.child.kill('SIGKILL');
    await vi.waitFor(() => expect(a.child.signalCode).toBe('SIGKILL'));
    const beforeKill = served.length;
    const paid = await through(new URL(ordered.paymentUrl, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await vi.waitFor(async () => {
      const status = await call(
        'GET',
        `/api/v1/esign/my/payment/status/${ordered.encodedPaymentSlno}`,
        undefined,
        token,
      );
      expect(status.body.paymentStatus, status.text).toBe('success');
    }, STARTING);

    // 3. The demo application asks a member of his organization to sign a PDF; the signer
    //    approves, the application downloads the outcome and receives the webhook.
    const home = await (await through(`${origin}/simulators/esign-app`)).text();
    const option = /<option value="(tawqi-demo-app-org\|\d{10})">/.exec(home)?.[1];
    expect(option, home).toBeDefined();
    const document = PDF.create();
    document.addPage().drawText('Balanced', { x: 72, y: 720, size: 14 });
    const form = new FormData();
    form.append(
      'document',
      new Blob([new Uint8Array(await document.save())], { type: 'application/pdf' }),
      'balanced.pdf',
    );
    form.append('signer', option ?? '');
    form.append('consent', 'yes');
    const sent = await through(`${origin}/simulators/esign-app/send`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(sent.status, await sent.clone().text()).toBe(303);
    const approvalToken =
      new URL(sent.headers.get('location') ?? '', origin).searchParams.get('request') ?? '';
    const asked = await call('GET', `/api/v1/esign/approval/${approvalToken}`);
    await approveOnPhone(option?.split('|')[1] ?? '', String(asked.body.number));
    let returnUrl = '';
    await vi.waitFor(async () => {
      const approval = await call('GET', `/api/v1/esign/approval/${approvalToken}`);
      expect(approval.body.status, approval.text).toBe('success');
      returnUrl = approval.body.returnUrl as string;
    }, STARTING);
    const outcome = await (await through(returnUrl)).text();
    expect(outcome).toContain('Signed');
    expect(outcome).toContain('The service’s signature on the answer verifies');
    // Sent by the eSign sweep, a job of the queue: if the killed process was running it, the run
    // is taken as lost when it expires (a minute) and the survivor runs it.
    await vi.waitFor(
      async () => {
        const page = await (await through(`${origin}/simulators/esign-app`)).text();
        expect(page).toMatch(/success ✓ HMAC/);
      },
      { timeout: 240_000, interval: 500 },
    );

    // 4. He exports his organization's transactions, the new one among them.
    const transactionId = (
      await owner.query<{ transaction_id: string }>(
        "SELECT transaction_id FROM esign_transactions WHERE app_txn_id LIKE 'DEMO-%' AND status = 'success'",
      )
    ).rows[0]?.transaction_id;
    const { download, sheet } = await exportedSheet(
      origin,
      token,
      '/api/v1/excel/report/exportOrgEsignTransactions',
      { orgSlNo: 320, search: transactionId, language: 'en' },
    );
    expect(download.status).toBe(200);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).text).toBe(transactionId);

    // The survivor served all of it after the kill; the balancer is still up.
    expect(new Set(served.slice(beforeKill))).toEqual(new Set(['s1']));
    expect(b.child.exitCode).toBeNull();
    expect(balancer.child.exitCode).toBeNull();
  });
});
