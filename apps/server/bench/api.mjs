#!/usr/bin/env node
// `npm run bench` for the server: the hot path of an authenticated read. One run, on loopback, at
// 50 connections for 10 s each (autocannon; stops by itself, sends only to 127.0.0.1):
//   bare     — a bare Fastify route in this process doing the same ES256 verification of the same
//              access token (jose, the key parsed once, the same checks) and answering a small JSON
//   my list  — the built server (as `npm start` runs it, its own process): Sara's transactions,
//              one page of 10, through the whole stack (token, device, session, query)
//   org grid — the same server: organization 314's units, one page of 10, through the tenant
//              context too (membership, roles, the permission table)
// Target (issue 13): each at ≥ 0.4× the bare route's requests per second, and p99 ≤ 25 ms.
// Reported, not asserted; written to bench-results/api.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { SignJWT, generateKeyPair, jwtVerify } from 'jose';
import { startBuiltServer } from '../../../scripts/start-server.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DEVICE = 'bench-device-0001';

const server = await startBuiltServer({
  // The limits that protect one address would throttle the load itself.
  env: { RATE_LIMIT_PER_MINUTE: '100000000', CONNECTIONS_PER_ADDRESS: '0', LOG_LEVEL: 'warn' },
  // PROFILE_DIR=/tmp/profile writes the server's CPU profile there (open it in Chromium's DevTools).
  nodeArgs: process.env.PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`]
    : [],
});

async function call(path, body, token) {
  const response = await fetch(`${server.baseUrl}/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-device-id': DEVICE,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${String(response.status)} ${await response.text()}`);
  return response.json();
}

/** Sara signs in with her demo password and the code the outbox received. */
async function signIn() {
  const { otpReference } = await call('api/v1/auth/credentials/login/initiate', {
    username: 'sara',
    password: 'Tawqi-demo-2026',
  });
  const outbox = await (await fetch(`${server.baseUrl}/dev/outbox`)).json();
  const otp = /\d{6}/.exec(outbox.messages[0]?.body ?? '')?.[0];
  const answer = await call('api/v1/auth/credentials/login/verifyOTP', { otpReference, otp });
  return answer.session.token;
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const summary = (result) => ({
  requestsPerSecond: Math.round(result.requests.average),
  p50ms: result.latency.p50,
  p99ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
});

let results;
try {
  const token = await signIn();
  // The bare route verifies a token of the same shape (ES256, at+jwt, the same claims), signed
  // with a key of its own: the same work as the server's verification.
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const bareToken = await new SignJWT({ sid: 'bench', dev: DEVICE })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'bench' })
    .setSubject('1')
    .setIssuer('tawqi')
    .setAudience('tawqi-api')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);

  const bare = Fastify();
  bare.post('/bare', async (request) => {
    const { payload } = await jwtVerify(request.headers.authorization.slice(7), publicKey, {
      algorithms: ['ES256'],
      typ: 'at+jwt',
      issuer: 'tawqi',
      audience: 'tawqi-api',
    });
    if (payload.dev !== request.headers['x-device-id']) throw new Error('device');
    return { state: 200, dataList: [], totalCount: 0, sub: payload.sub };
  });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  const headers = {
    'content-type': 'application/json',
    'x-device-id': DEVICE,
    authorization: `Bearer ${token}`,
  };
  const body = JSON.stringify({ type: 0, limit: 10, page: 0 });
  const bareResult = summary(
    await load({
      url: `${bareUrl}/bare`,
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${bareToken}` },
      body,
    }),
  );
  const listResult = summary(
    await load({
      url: `${server.baseUrl}/api/v1/esign/my/transactions`,
      method: 'POST',
      headers,
      body,
    }),
  );
  const orgResult = summary(
    await load({
      url: `${server.baseUrl}/api/v1/profile/org/units`,
      method: 'POST',
      headers,
      body: JSON.stringify({ orgSlNo: 314, pageNumber: 1, pageSize: 10 }),
    }),
  );
  await bare.close();
  results = {
    date: new Date().toISOString(),
    connections: CONNECTIONS,
    seconds: SECONDS,
    bare: bareResult,
    myList: {
      ...listResult,
      ratio: +(listResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2),
    },
    orgGrid: {
      ...orgResult,
      ratio: +(orgResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2),
    },
    targets: { ratio: 0.4, p99ms: 25 },
  };
} finally {
  await server.stop();
}

const out = fileURLToPath(new URL('../bench-results/api.json', import.meta.url));
mkdirSync(fileURLToPath(new URL('../bench-results', import.meta.url)), { recursive: true });
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `Authenticated reads at ${String(CONNECTIONS)} connections, ${String(SECONDS)} s each:`,
);
for (const [name, result] of [
  ['bare route', results.bare],
  ['my transactions', results.myList],
  ['org units', results.orgGrid],
])
  console.log(
    `  ${name.padEnd(16)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${String(result.p50ms)} ms  p99 ${String(result.p99ms)} ms  non-2xx ${String(result.non2xx)}`,
  );
for (const [name, result] of [
  ['my transactions', results.myList],
  ['org units', results.orgGrid],
])
  console.log(
    `  ${name}: ratio ${String(result.ratio)}× (target ≥ 0.4×), p99 ${String(result.p99ms)} ms (target ≤ 25 ms)`,
  );
console.log(`Written to ${out}`);
