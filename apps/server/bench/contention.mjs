#!/usr/bin/env node
// `npm run bench` for the server (issue 42): what other people feel while the server does heavy
// work. Against the built server as `npm start` runs it (its own process and embedded PostgreSQL,
// demo mode; sends only to 127.0.0.1 and stops by itself):
//   idle     — an interactive read (Sara's transactions, one page of 10, through the whole stack)
//              at 10 connections for SECONDS seconds: its p50 and p99;
//   loaded   — the same read while two exports of organization 314's 12,000 transactions are
//              written one after another without pause, and a 10-page PDF is signed over and over
//              through the eSign API (request, the signer's approval on the identity app's phone
//              page, the outcome: certificate, PAdES B-LT signing, timestamp).
// Target: the loaded p99 at most 1.5× the idle p99 (the export's file is written in a worker
// thread which reads the rows itself; the PDF signed in a worker thread). ROUNDS rounds, the
// median ratio reported; reported, not asserted; written to bench-results/contention.json.
// BENCH_RATE=<n>: the interactive read offered at n requests a second (open loop; 500 unless set),
// or 0: as fast as the server answers (a closed loop, which measures the server at saturation).
// BENCH_LOAD=exports or signing: one kind of heavy work only. BENCH_NODE_ARGS (the server's Node
// options, e.g. --trace-gc) and BENCH_LOG (a file for its output): to see what holds its thread.
// BENCH_PROF=<folder>: the server's threads write CPU profiles there (to see what holds its thread).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDF } from '@libpdf/core';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBuiltServer } from '../../../scripts/start-server.mjs';
import { embeddedOwnerUrl } from '../dist/db/embedded.js';
import { approveOnPhone, askToSignPdf, benchApplication, benchCalls } from './kit.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const RATE = Number(process.env.BENCH_RATE ?? 500);
const DEVICE = 'bench-device-0003';

const server = await startBuiltServer({
  nodeArgs: [
    ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROF] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ],
  ...(process.env.BENCH_LOG ? { logFile: process.env.BENCH_LOG } : {}),
  env: {
    // The limits that protect one address or person would throttle the load itself.
    RATE_LIMIT_PER_MINUTE: '100000000',
    CONNECTIONS_PER_ADDRESS: '0',
    REQUESTS_AT_ONCE_PER_ADDRESS: '0',
    REQUESTS_AT_ONCE_PER_SESSION: '0',
    EXPORTS_PER_MINUTE: '100000',
    ESIGN_SWEEP_SECONDS: '0',
    LOG_LEVEL: 'warn',
  },
});
const { call, signInAsSara: signIn } = benchCalls(server.baseUrl, DEVICE);
const pool = new pg.Pool({ connectionString: embeddedOwnerUrl(server.pgPort, 'tawqi'), max: 2 });

/** The interactive read at CONNECTIONS connections for SECONDS seconds. */
function interactive(token) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${server.baseUrl}/api/v1/esign/my/transactions`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-device-id': DEVICE,
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ type: 0, limit: 10, page: 0 }),
        connections: CONNECTIONS,
        duration: SECONDS,
        ...(RATE > 0 ? { overallRate: RATE } : {}),
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              requestsPerSecond: Math.round(result.requests.average),
              p50ms: result.latency.p50,
              p99ms: result.latency.p99,
              non2xx: result.non2xx,
            }),
    );
  });
}

/** Organization 314's transactions exported and read to the end, at least once and again until `until`. */
async function exportLoop(token, until) {
  let files = 0;
  do {
    const response = await call(
      'api/v1/excel/report/exportOrgEsignTransactions',
      { orgSlNo: 314, language: 'ar' },
      token,
    );
    await response.arrayBuffer();
    files += 1;
  } while (!until.done);
  return files;
}

/** A 10-page PDF signed through the eSign API, at least once and again until `until`. */
async function signingLoop(client, sara, pdf, until) {
  let signed = 0;
  do {
    // The identity app and the eSign service ask a person only so often: a new window each time.
    await pool.query(
      "DELETE FROM rate_limit_hits WHERE bucket LIKE 'nafath:%' OR bucket LIKE 'esign-ask%'",
    );
    const txnId = `contention-${String(Date.now())}-${String(signed)}`;
    const asked = await askToSignPdf(client, txnId, sara.national_id, pdf);
    await approveOnPhone(server.baseUrl, sara.national_id, asked.body.approval.number);
    const outcome = await client.outcome(txnId);
    if (outcome.body.status !== 'success')
      throw new Error(`outcome: ${JSON.stringify(outcome.body)}`);
    signed += 1;
  } while (!until.done);
  return signed;
}

const rounds = [];
try {
  const token = await signIn();
  const [sara] = (
    await pool.query("SELECT user_slno, national_id FROM users WHERE username = 'sara'")
  ).rows;
  await pool.query(
    'UPDATE purchased_plans SET transactions = transactions + 10000, valid_to = greatest(valid_to, current_date + 30) WHERE user_slno = $1 AND org_slno IS NULL',
    [sara.user_slno],
  );
  const client = await benchApplication(pool, server.baseUrl, 'contention-app');
  const document = PDF.create();
  for (let page = 1; page <= 10; page++)
    document
      .addPage()
      .drawText(`Bench contract, page ${String(page)} of 10`, { x: 72, y: 720, size: 14 });
  const pdf = Buffer.from(await document.save());
  // Warm: the route's code compiled, its statements prepared; one export and one signing done.
  await interactive(token);
  const warm = { done: false };
  const warming = Promise.all([exportLoop(token, warm), signingLoop(client, sara, pdf, warm)]);
  warm.done = true;
  await warming;

  for (let round = 0; round < ROUNDS; round++) {
    const idle = await interactive(token);
    const until = { done: false };
    const load = process.env.BENCH_LOAD;
    const work = Promise.all([
      load === 'signing' ? 0 : exportLoop(token, until),
      load === 'signing' ? 0 : exportLoop(token, until),
      load === 'exports' ? 0 : signingLoop(client, sara, pdf, until),
    ]).catch((error) => {
      // The other loops stop too: a failed bench ends.
      until.done = true;
      throw error;
    });
    const loaded = await interactive(token);
    until.done = true;
    const [exportsA, exportsB, signings] = await work;
    rounds.push({
      idle,
      loaded,
      exportsWritten: exportsA + exportsB,
      pdfsSigned: signings,
      p99Ratio: +(loaded.p99ms / Math.max(1, idle.p99ms)).toFixed(2),
    });
  }
} finally {
  await pool.end();
  await server.stop();
}

const sorted = [...rounds].sort((a, b) => a.p99Ratio - b.p99Ratio);
const median = sorted[Math.floor(sorted.length / 2)];
const out = fileURLToPath(new URL('../bench-results/contention.json', import.meta.url));
mkdirSync(fileURLToPath(new URL('../bench-results', import.meta.url)), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, median, rounds, target: { p99Ratio: 1.5 } }, null, 2)}\n`,
);
console.log(
  `Interactive reads at ${RATE > 0 ? `${String(RATE)}/s over ` : ''}${String(CONNECTIONS)} connections, ${String(ROUNDS)} rounds of ${String(SECONDS)} s, idle and beside 2 continuous exports + 10-page PDF signing:`,
);
rounds.forEach((round, index) => {
  console.log(
    `  round ${String(index + 1)}: idle p50 ${String(round.idle.p50ms)} ms p99 ${String(round.idle.p99ms)} ms (${String(round.idle.requestsPerSecond)} req/s); loaded p50 ${String(round.loaded.p50ms)} ms p99 ${String(round.loaded.p99ms)} ms (${String(round.loaded.requestsPerSecond)} req/s); ${String(round.exportsWritten)} exports, ${String(round.pdfsSigned)} PDFs signed; p99 ${String(round.p99Ratio)}×`,
  );
});
console.log(`median: p99 ${String(median.p99Ratio)}× idle (target ≤ 1.5×)`);
console.log(`Written to ${out}`);
if (rounds.some((round) => round.idle.non2xx > 0 || round.loaded.non2xx > 0)) {
  console.error('Not a measurement: the interactive read answered non-2xx.');
  process.exitCode = 1;
}
