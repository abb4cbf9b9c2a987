#!/usr/bin/env node
// `npm run bench` for the eSign service (issue 19), against the built server as `npm start` runs
// it (its own process, its embedded PostgreSQL, demo mode; loopback only; stops by itself):
//   hash signing — signatures per second on one core: this process (one thread) makes detached
//                  CMS signatures at CAdES B-T over random SHA-256 digests with the server's own
//                  CA — a signer's key, its certificate, the time-stamping authority's token over
//                  each signature — as the service does per document, for SECONDS seconds: with
//                  both keys in the server's PKCS#11 token (SoftHSM, as the service signs), and
//                  again with both in this process (WebCrypto), the figure before issue 40. The
//                  target: 1,500 signatures/s or more through PKCS#11;
//   10-page PDF  — the time to sign a 10-page PDF end to end over HTTP, the person's approval
//                  excluded: the application's request (the PDF checked, the transaction stored,
//                  the identity app asked), then, from the signer's approval on the identity app's
//                  phone page, the outcome read (the short-lived certificate issued, the PDF signed
//                  at PAdES B-LT in a worker thread, the CMS, the counter taken, the answer's JWS), then the signed
//                  PDF downloaded. RUNS runs after WARM not counted (the first reported); median and worst.
// Reported, not asserted; written to bench-results/esign.json.
import { randomBytes, webcrypto } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PDF } from '@libpdf/core';
import pg from 'pg';
import { startBuiltServer } from '../../../scripts/start-server.mjs';
import { embeddedOwnerUrl } from '../dist/db/embedded.js';
import { signDetached } from '../dist/modules/pki/cms.js';
import { approveOnPhone, askToSignPdf, benchApplication, benchSigner } from './kit.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const WARM = Number(process.env.BENCH_WARM_RUNS ?? 12);

const server = await startBuiltServer({
  env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn', ESIGN_SWEEP_SECONDS: '0' },
  // PROFILE_DIR=/tmp/profile writes the server's CPU profile there (open it in Chromium's DevTools).
  nodeArgs: process.env.PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`]
    : [],
});
const pool = new pg.Pool({ connectionString: embeddedOwnerUrl(server.pgPort, 'tawqi'), max: 4 });
const results = {};
try {
  // ── Hash signing on one core ────────────────────────────────────────────────────────────────
  const { authority, signer, certificate, sara } = await benchSigner(pool, server.dataDir);
  const tsa = await authority.timestamper();
  /** Signatures per second for SECONDS seconds, after a warm-up. */
  const rate = async (signer, tsa) => {
    const sign = () =>
      signDetached({
        digest: randomBytes(32),
        certificate,
        signer,
        issuing: authority.issuing,
        tsa,
        now: new Date(),
      });
    for (let warm = 0; warm < 200; warm++) await sign();
    let count = 0;
    const started = performance.now();
    while (performance.now() - started < SECONDS * 1000) {
      await sign();
      count++;
    }
    const elapsed = (performance.now() - started) / 1000;
    return {
      signatures: count,
      seconds: Number(elapsed.toFixed(2)),
      perSecond: Math.round(count / elapsed),
    };
  };
  // The same work with keys in this process: a P-256 signer and a TSA key on the server's TSU
  // curve, of WebCrypto's (the TSA's certificate is the server's, so these tokens would not
  // verify: only the work counts).
  const inProcess = async (namedCurve, hash) => {
    const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve }, false, [
      'sign',
      'verify',
    ]);
    return {
      hash,
      publicKey: keys.publicKey,
      sign: (data) => webcrypto.subtle.sign({ name: 'ECDSA', hash }, keys.privateKey, data),
    };
  };
  results.hashSigning = {
    pkcs11: await rate(signer, tsa),
    inProcess: await rate(await inProcess('P-256', 'SHA-256'), {
      certificate: tsa.certificate,
      signer: await inProcess(tsa.signer.hash === 'SHA-256' ? 'P-256' : 'P-384', tsa.signer.hash),
    }),
    target: 'at least 1,500 signatures/s through PKCS#11',
    note: `CAdES B-T detached CMS: the signer’s ECDSA P-256 signature and the TSA’s token (${tsa.signer.hash === 'SHA-256' ? 'P-256' : 'P-384'}), one thread`,
  };
  console.log(
    `hash signing: ${String(results.hashSigning.pkcs11.perSecond)} signatures/s on one core through PKCS#11 (SoftHSM), ${String(results.hashSigning.inProcess.perSecond)} with keys in process`,
  );

  // ── A 10-page PDF end to end ────────────────────────────────────────────────────────────────
  // Enough counters on Sara's plan for the runs.
  await pool.query(
    'UPDATE purchased_plans SET transactions = transactions + 1000, valid_to = greatest(valid_to, current_date + 30) WHERE user_slno = $1 AND org_slno IS NULL',
    [sara.user_slno],
  );
  const client = await benchApplication(pool, server.baseUrl, 'bench-app');
  const document = PDF.create();
  for (let page = 1; page <= 10; page++)
    document
      .addPage()
      .drawText(`Bench contract, page ${String(page)} of 10`, { x: 72, y: 720, size: 14 });
  const pdf = Buffer.from(await document.save());
  const runs = [];
  let firstMs = 0;
  // The first WARM runs are not counted: V8's optimizing tiers, in the server and in each of the
  // PDF process's warm workers (a server signing all day is past them); the first is reported.
  for (let run = 0; run < WARM + RUNS; run++) {
    // The identity app and the eSign service ask a person only so often (3 requests in 10 minutes
    // each): a new window per run.
    await pool.query(
      "DELETE FROM rate_limit_hits WHERE bucket LIKE 'nafath:%' OR bucket LIKE 'esign-ask%'",
    );
    const txnId = `bench-${String(run)}-${String(Date.now())}`;
    const t0 = performance.now();
    const asked = await askToSignPdf(client, txnId, sara.national_id, pdf);
    const requestMs = performance.now() - t0;
    // The person: the phone page's pending request, the right number picked (not timed).
    await approveOnPhone(server.baseUrl, sara.national_id, asked.body.approval.number);
    const t1 = performance.now();
    const outcome = await client.outcome(txnId);
    if (outcome.body.status !== 'success')
      throw new Error(`outcome: ${JSON.stringify(outcome.body)}`);
    const signMs = performance.now() - t1;
    const signed = await client.signedPdf(txnId, 1);
    if (!signed) throw new Error('no signed PDF');
    const totalMs = requestMs + (performance.now() - t1);
    if (run === 0) firstMs = totalMs;
    if (run >= WARM) runs.push({ requestMs, signMs, totalMs, signedBytes: signed.length });
  }
  const sorted = (key) => runs.map((run) => run[key]).sort((a, b) => a - b);
  const median = (key) => Number(sorted(key)[Math.floor(RUNS / 2)].toFixed(1));
  const worst = (key) => Number(sorted(key).at(-1).toFixed(1));
  results.tenPagePdf = {
    pdfBytes: pdf.length,
    runs: RUNS,
    medianMs: { request: median('requestMs'), signing: median('signMs'), total: median('totalMs') },
    worstMs: { total: worst('totalMs') },
    firstMs: Number(firstMs.toFixed(1)),
    warmRuns: WARM,
  };
  console.log(
    `10-page PDF end to end: median ${String(results.tenPagePdf.medianMs.total)} ms (request ${String(results.tenPagePdf.medianMs.request)} ms, signing ${String(results.tenPagePdf.medianMs.signing)} ms), worst ${String(results.tenPagePdf.worstMs.total)} ms (of ${String(RUNS)} after ${String(WARM)} not counted; the first: ${String(results.tenPagePdf.firstMs)} ms)`,
  );
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/esign.json', `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await pool.end();
  await server.stop();
}
