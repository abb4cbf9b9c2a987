#!/usr/bin/env node
// `npm run bench` for the public verify page under attack (issues 35 and 64), against the built
// server as `npm start` runs it (its own process, its embedded PostgreSQL, demo mode, its default
// limits; loopback only; stops by itself):
//   refusal  — how long the server takes to refuse the hostile file, alone: a signed PDF of 3,000
//              pages followed by 49 small revisions, each named by a copy of its signature's byte
//              range ending there — fifty signatures, as many as the page reads (each signed
//              revision is parsed to compare with the whole file: fifty parses of 1.6 MB took a
//              core for 38 s before the file was refused);
//   idle     — /health and an ordinary signed request (an integration API call, its assertion
//              checked, the transaction looked up) one after another, SAMPLES times each;
//   hostile  — the same while one client (one address, HOSTILE_CLIENTS connections) keeps
//              uploading the hostile file to the verify call;
//   genuine  — meanwhile, GENUINE verifications of an ordinary signed PDF from other addresses
//              (127.0.0.10 on), one after another: how many are answered, and how fast;
//   control  — the same flood to a call that does not exist: what bodies arriving this fast cost
//              any route, so the verify page's own share shows.
// Targets: /health p99 under 50 ms; the signed request's median within 1.5× of idle; the hostile
// file refused within about 2 s; under the flood at least 99 % of genuine verifications answered,
// p99 at most 3 s. Reported, not asserted; written to bench-results/verify.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
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
const GENUINE = Number(process.env.BENCH_GENUINE ?? 100);

/** Posts `body` as a PDF from `localAddress` (a loopback address of its own); the status. */
function upload(url, body, localAddress) {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/pdf', 'content-length': body.length },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const server = await startBuiltServer({
  env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn', ESIGN_SWEEP_SECONDS: '0' },
});
const pool = new pg.Pool({ connectionString: embeddedOwnerUrl(server.pgPort, 'tawqi'), max: 4 });
try {
  // ── The hostile file ────────────────────────────────────────────────────────────────────────
  const { authority, signer, certificate } = await benchSigner(pool, server.dataDir);
  const document = PDF.create();
  for (let page = 1; page <= 3000; page++)
    document
      .addPage()
      .drawText(`Page ${String(page)}: ${'text '.repeat(60)}`, { x: 20, y: 700, size: 6 });
  /** `document` signed by the bench's signer (B-T). */
  const signedBy = async (document) =>
    Buffer.from(
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
  const signed = await signedBy(document);
  // 49 revisions after the signed one, each named by a copy of its byte range ending there.
  const [, offset, length, next] = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    signed.toString('latin1'),
  );
  let hostile = signed;
  for (let i = 0; i < 49; i += 1) {
    const piece = (rest) =>
      `%/ByteRange [${offset} ${length} ${next} ${String(rest).padStart(10, '0')}]\n%%EOF\n`;
    const end = hostile.length + piece(0).length;
    hostile = Buffer.concat([hostile, Buffer.from(piece(end - Number(next)))]);
  }
  // The genuine file: one page, signed the same way.
  const small = PDF.create();
  small.addPage().drawText('A contract', { x: 72, y: 720, size: 14 });
  const genuine = await signedBy(small);

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
  const verifyUrl = `${server.baseUrl}/api/v1/esign/verify`;

  /** GENUINE verifications, one after another, each from an address of its own. */
  const verifyGenuine = async () => {
    const ms = [];
    const statuses = {};
    for (let i = 0; i < GENUINE; i++) {
      const started = performance.now();
      const status = await upload(verifyUrl, genuine, `127.0.0.${String(10 + (i % 200))}`);
      ms.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    return {
      answered: Number(((100 * (statuses[200] ?? 0)) / GENUINE).toFixed(1)),
      statuses,
      p50: percentile(ms, 0.5),
      p99: percentile(ms, 0.99),
    };
  };

  for (let warm = 0; warm < 20; warm++) await signedRequest();
  const idle = await measure();
  const genuineIdle = await verifyGenuine();
  console.error(`idle measured; genuine verification p99 ${String(genuineIdle.p99)} ms`);
  const refusal = await timed(() => upload(verifyUrl, hostile, '127.0.0.2'));
  console.error(
    `the hostile file (${String(hostile.length)} bytes) answered in ${refusal.toFixed(0)} ms`,
  );

  /** Measures while one client (127.0.0.2, HOSTILE_CLIENTS connections) keeps posting to `path`. */
  const measureUnderUploadsTo = async (path, measuring) => {
    // The hostile client runs in a thread of its own, as another machine would: the measuring
    // client's event loop is not shared with it.
    const attackers = new Worker(
      `
    const { parentPort, workerData } = require('node:worker_threads');
    const { request } = require('node:http');
    const { url, hostile, clients } = workerData;
    let attacking = true;
    const outcomes = { read: 0, refusedBusy: 0, refusedTooComplex: 0, heldBack: 0, other: 0 };
    parentPort.once('message', () => (attacking = false));
    const send = () =>
      new Promise((resolve) => {
        const sent = request(url, {
          method: 'POST',
          localAddress: '127.0.0.2',
          headers: { 'content-type': 'application/pdf', 'content-length': hostile.length },
        }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode));
        });
        sent.on('error', () => resolve(0));
        sent.end(Buffer.from(hostile));
      });
    const attacker = async () => {
      while (attacking) {
        const status = await send();
        if (status === 200) outcomes.read += 1;
        else if (status === 503) outcomes.refusedBusy += 1;
        else if (status === 413) outcomes.refusedTooComplex += 1;
        // 429: past the address's anonymous requests in flight and their line.
        else if (status === 429) outcomes.heldBack += 1;
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
    const measured = await measuring();
    attackers.postMessage('stop');
    const outcomes = await outcomesOf;
    await attackers.terminate();
    return { ...measured, outcomes };
  };
  const both = async () => {
    const [measured, genuineVerifications] = await Promise.all([measure(), verifyGenuine()]);
    return { ...measured, genuineVerifications };
  };
  const { outcomes, ...underAttack } = await measureUnderUploadsTo('/api/v1/esign/verify', both);
  // The control: the same flood of uploads to a call that does not exist (404) — what any
  // route pays for bodies arriving this fast, verify page or not.
  const { outcomes: floodOutcomes, ...underFlood } = await measureUnderUploadsTo(
    '/api/v1/no-such-call',
    measure,
  );

  const results = {
    hostileFile: { bytes: hostile.length, signatureEntries: 50, revisions: 50 },
    hostileAnsweredInMs: Number(refusal.toFixed(0)),
    idle,
    genuineIdle,
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
  const verifications = underAttack.genuineVerifications;
  console.log(
    `verify page under attack: the hostile file (${String(hostile.length)} bytes) answered in ${String(results.hostileAnsweredInMs)} ms; genuine verifications under its flood ${String(verifications.answered)} % answered (${JSON.stringify(verifications.statuses)}), p50 ${String(verifications.p50)} ms, p99 ${String(verifications.p99)} ms (idle p99 ${String(genuineIdle.p99)} ms); /health p99 ${String(underAttack.health.p99)} ms (idle ${String(idle.health.p99)} ms); signed request median ${String(underAttack.signedRequest.p50)} ms vs ${String(idle.signedRequest.p50)} ms idle (×${String(results.signedRequestSlowdown)}); hostile uploads ${JSON.stringify(outcomes)}; the same flood to an unknown call: ×${String(results.signedRequestSlowdownUnderFlood)}`,
  );
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/verify.json', `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await pool.end();
  await server.stop();
}
