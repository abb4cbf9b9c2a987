#!/usr/bin/env node
// `npm run bench` for the public verify page under attack (issue 35), against the built server as
// `npm start` runs it (its own process, its embedded PostgreSQL, demo mode, its default limits;
// loopback only; stops by itself):
//   idle    — /health and an ordinary signed request (an integration API call, its assertion
//             checked, the transaction looked up) one after another, SAMPLES times each;
//   hostile — the same while four clients keep uploading a hostile file to the verify call: a
//             signed PDF of many pages whose signature is named 49 times more, with a later
//             revision, so that each signature's reading parses the whole file twice. The server
//             reads one at a time (VERIFY_AT_ONCE) in a worker thread and turns the others away.
//   control — the same while the same clients post the same bytes to a call that does not exist:
//             what a flood of uploads costs any route, so the verify page's own share shows.
// The targets: /health p99 under 50 ms, and the signed request's median within 1.5× of idle.
// Reported, not asserted; written to bench-results/verify.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { PDF } from '@libpdf/core';
import pg from 'pg';
import { startBuiltServer } from '../../../scripts/start-server.mjs';
import { embeddedOwnerUrl } from '../dist/db/embedded.js';
import { signPdf } from '../dist/modules/pki/pades.js';
import { ownSigningSteps } from '../dist/modules/pki/padesSteps.js';
import { benchApplication, benchSigner } from './kit.mjs';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const HOSTILE_CLIENTS = Number(process.env.BENCH_HOSTILE_CLIENTS ?? 4);

const server = await startBuiltServer({
  env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn', ESIGN_SWEEP_SECONDS: '0' },
});
const pool = new pg.Pool({ connectionString: embeddedOwnerUrl(server.pgPort, 'tawqi'), max: 4 });
try {
  // ── The hostile file ────────────────────────────────────────────────────────────────────────
  const { authority, signer, certificate } = await benchSigner(pool, server.dataDir);
  const document = PDF.create();
  for (let page = 1; page <= 300; page++)
    document
      .addPage()
      .drawText(`Page ${String(page)}: ${'text '.repeat(60)}`, { x: 20, y: 700, size: 6 });
  const signed = Buffer.from(
    await signPdf(
      {
        pdf: await document.save(),
        certificates: [certificate, authority.issuing].map((one) => new Uint8Array(one.rawData)),
        now: new Date(),
        reason: 'Bench',
        level: 'B-T',
      },
      ownSigningSteps({
        certificate,
        signer,
        issuing: authority.issuing,
        tsa: await authority.timestamper(),
        now: new Date(),
        validationData: () => Promise.reject(new Error('B-T')),
      }),
    ),
  );
  const range = /\/ByteRange\s*\[[^\]]*\]/.exec(signed.toString('latin1'))?.[0] ?? '';
  const later = await PDF.load(signed);
  later.getPage(0)?.drawText('changed', { x: 20, y: 20, size: 8 });
  const hostile = Buffer.concat([
    Buffer.from(await later.save({ incremental: true })),
    Buffer.from(`%${range}\n`.repeat(49)),
  ]);

  // ── An ordinary signed request: an application's call, its assertion checked ─────────────
  const client = await benchApplication(pool, server.baseUrl, 'bench-verify-app');

  const timed = async (call) => {
    const started = performance.now();
    await call();
    return performance.now() - started;
  };
  const health = () => fetch(`${server.baseUrl}/health`).then((answer) => answer.arrayBuffer());
  const signedRequest = () => client.outcome('no-such-transaction');
  const percentile = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1));
  };
  const measure = async () => {
    const healthMs = [];
    const requestMs = [];
    for (let i = 0; i < SAMPLES; i++) {
      healthMs.push(await timed(health));
      requestMs.push(await timed(signedRequest));
    }
    return {
      health: { p50: percentile(healthMs, 0.5), p99: percentile(healthMs, 0.99) },
      signedRequest: { p50: percentile(requestMs, 0.5), p99: percentile(requestMs, 0.99) },
    };
  };

  for (let warm = 0; warm < 20; warm++) await signedRequest();
  const idle = await measure();

  /** Measures while HOSTILE_CLIENTS keep posting the hostile file to `path`. */
  const measureUnderUploadsTo = async (path) => {
    // The hostile clients run in a thread of their own, as other machines would: the measuring
    // client's event loop is not shared with theirs.
    const attackers = new Worker(
      `
    const { parentPort, workerData } = require('node:worker_threads');
    const { url, hostile, clients } = workerData;
    let attacking = true;
    const outcomes = { read: 0, refusedBusy: 0, refusedTooComplex: 0, other: 0 };
    parentPort.once('message', () => (attacking = false));
    const attacker = async () => {
      while (attacking) {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/pdf' },
          body: hostile,
        });
        await answer.arrayBuffer();
        if (answer.status === 200) outcomes.read += 1;
        else if (answer.status === 503) outcomes.refusedBusy += 1;
        else if (answer.status === 413) outcomes.refusedTooComplex += 1;
        else outcomes.other += 1;
        // A refused client comes back at once: the pressure stays on.
      }
    };
    Promise.all(Array.from({ length: clients }, attacker)).then(() =>
      parentPort.postMessage(outcomes),
    );
    `,
      {
        eval: true,
        workerData: {
          url: `${server.baseUrl}${path}`,
          hostile,
          clients: HOSTILE_CLIENTS,
        },
      },
    );
    const outcomesOf = new Promise((resolve) => attackers.once('message', resolve));
    // One hostile file being read before measuring.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const measured = await measure();
    attackers.postMessage('stop');
    const outcomes = await outcomesOf;
    await attackers.terminate();
    return { ...measured, outcomes };
  };
  const { outcomes, ...underAttack } = await measureUnderUploadsTo('/api/v1/esign/verify');
  // The control: the same flood of uploads to a call that does not exist (404) — what any
  // route pays for bodies arriving this fast, verify page or not.
  const { outcomes: floodOutcomes, ...underFlood } =
    await measureUnderUploadsTo('/api/v1/no-such-call');

  const results = {
    hostileFile: { bytes: hostile.length, signatureEntries: 50 },
    idle,
    underAttack,
    hostileUploads: outcomes,
    healthP99UnderAttackMs: underAttack.health.p99,
    signedRequestSlowdown: Number(
      (underAttack.signedRequest.p50 / idle.signedRequest.p50).toFixed(2),
    ),
    control: { underFlood, uploads: floodOutcomes },
    signedRequestSlowdownUnderFlood: Number(
      (underFlood.signedRequest.p50 / idle.signedRequest.p50).toFixed(2),
    ),
  };
  console.log(
    `verify page under attack: /health p99 ${String(underAttack.health.p99)} ms (idle ${String(idle.health.p99)} ms); signed request median ${String(underAttack.signedRequest.p50)} ms vs ${String(idle.signedRequest.p50)} ms idle (×${String(results.signedRequestSlowdown)}); hostile uploads ${JSON.stringify(outcomes)}; the same flood to an unknown call: ×${String(results.signedRequestSlowdownUnderFlood)}`,
  );
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/verify.json', `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await pool.end();
  await server.stop();
}
