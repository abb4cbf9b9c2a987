/**
 * Hardening, second round (issue 41): what an attacker still found, each a test.
 */
import { randomBytes } from 'node:crypto';
import { createServer, request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ENDPOINTS, errorCodesOf, type ErrorCode } from '@tawqi/api';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { guardedLookup, UnreachableAddressError } from '../src/adapters/outbound/publicAddress.js';
import { isCanonicalPath } from '../src/http/canonicalPath.js';
import { WAITING_PER_SLOT } from '../src/http/inFlight.js';
import { postTo } from '../src/modules/esign/webhooks.js';
import type * as x509 from '../src/modules/pki/x509.js';
import { routePath } from '../src/http/contractRoutes.js';
import { arbitraryOf } from './contractArbitrary.js';
import { DEVICE, serviceSigner, startHarness, validNationalId, type Harness } from './harness.js';
import { freshPerson, freshProvider } from './world.js';

const h = await startHarness({ RATE_LIMIT_PER_MINUTE: '5', PKI_RATE_LIMIT_PER_MINUTE: '4' });
const [one, another] = [await freshPerson(h), await freshPerson(h)];
/** A server whose per-address limit is out of the way, for the tests that send many requests. */
const open = await startHarness({
  RATE_LIMIT_PER_MINUTE: '1000000',
  REQUESTS_AT_ONCE_PER_ADDRESS: '4',
  REQUESTS_AT_ONCE_PER_SESSION: '2',
});

/**
 * A request with its path sent as written (fetch would resolve dot segments first) and any method
 * (fetch refuses TRACE).
 */
function rawRequest(
  server: { baseUrl: string },
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const sent = request(new URL(server.baseUrl), { method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: response.statusCode ?? 0,
          body: text ? JSON.parse(text) : null,
          allow: response.headers.allow,
        });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('paths written another way than routing reads them', () => {
  it('are refused with 400 before routing, so they pass neither the rate limit nor no-store', async () => {
    const session = await h.signIn(one.nationalId);
    // Routing would decode %61 to "a": these reached /api/… past the limit and without no-store.
    for (const path of [
      '/%61pi/v1/common/get/vat',
      '/api/%761/common/get/vat',
      '/api/v1/profile/%6dy',
      '/api/v1/./profile/my',
      '/api//v1/profile/my',
      '/api/v1/profile/my%00',
      '/api/v1/profile/my%zz',
    ]) {
      const answer = await rawRequest(h, 'GET', path, {
        authorization: `Bearer ${session.token}`,
        'accept-language': 'en',
      });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(answer.body.message).toMatch(/not written in its plain form/);
      expect(JSON.stringify(answer.body)).not.toContain('nationalId');
    }
    const arabic = await h.call('GET', '/%61pi/v1/common/get/vat', { language: 'ar' });
    expect(arabic.body.message).toMatch(/غير مكتوب بصيغته المباشرة/);

    // The limit is five a minute; signing in took two. The refused requests took none: three
    // plain ones are served, then the limit holds.
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push((await h.call('GET', '/api/v1/common/get/vat')).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    // Encoded, the same path is still refused, not served past the limit.
    expect((await h.call('GET', '/%61pi/v1/common/get/vat')).status).toBe(400);
  });

  it('keeps the escapes a path needs: reserved characters, spaces, non-ASCII', () => {
    expect(isCanonicalPath('/pki/ocsp/MEIwQDA%2BMDwwOjAJBgUrDgMCGgUABBQ%2F%3D')).toBe(true);
    expect(isCanonicalPath('/app/my/dsc/manage?q=%61')).toBe(true);
    expect(isCanonicalPath('/locales/ar/%D8%B9.json')).toBe(true);
    expect(isCanonicalPath('/files/a%20b.pdf')).toBe(true);
    expect(isCanonicalPath('/%7Euser')).toBe(false);
    expect(isCanonicalPath('/a/..')).toBe(false);
    expect(isCanonicalPath('/a\\b')).toBe(false);
  });
});

/** A path parameter as a client would write it: a value's text, or JSON for anything else. */
const valueText = (value: unknown): string =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value ?? null);

/** What the contract's custom checks take, which a schema cannot tell a generator. */
const KNOWN_FIELDS = {
  nationalID: fc.constantFrom(one.nationalId, another.nationalId, validNationalId('100000010')),
  mobile: fc.stringMatching(/^05\d{8}$/),
  mobileNo: fc.stringMatching(/^(?:\+966|0)5\d{8}$/),
  // A token is base64 of JSON: these are well-formed as base64 and JSON, but not as a token.
  captchaToken: fc.oneof(
    fc.base64String({ minLength: 4 }),
    fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value)).toString('base64')),
  ),
};

/** An OCSP question about `certificate` (DER), with a nonce when asked. */
async function ocspQuestion(
  server: Harness,
  certificate: x509.X509Certificate,
  nonce = false,
): Promise<Uint8Array> {
  const question = new pkijs.OCSPRequest();
  await question.createForCertificate(pkijs.Certificate.fromBER(certificate.rawData), {
    hashAlgorithm: 'SHA-256',
    issuerCertificate: pkijs.Certificate.fromBER(server.deps.authority.issuing.rawData),
  });
  if (nonce)
    question.tbsRequest.requestExtensions = [
      new pkijs.Extension({
        extnID: '1.3.6.1.5.5.7.48.1.2',
        extnValue: new asn1js.OctetString({ valueHex: randomBytes(16) }).toBER(false),
      }),
    ];
  return new Uint8Array(question.toSchema(true).toBER(false));
}

const askOcsp = (server: Harness, question: Uint8Array) =>
  server.call('POST', '/pki/ocsp', {
    body: question,
    headers: { 'content-type': 'application/ocsp-request' },
  });

describe('the OCSP responder and the TSA', () => {
  it('count each address apart from its API calls, and refuse it past the limit', async () => {
    const { certificate, key } = await serviceSigner(h, one);
    const question = await ocspQuestion(h, certificate);
    // The API allowance of this address is used up (the first test): the responder still answers.
    expect((await h.call('GET', '/api/v1/common/get/vat')).status).toBe(429);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await askOcsp(h, question)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await askOcsp(h, question);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The time-stamping authority shares the count.
    const stamp = await h.call('POST', '/pki/tsa', {
      body: new Uint8Array([0x30, 0x00]),
      headers: { 'content-type': 'application/timestamp-query' },
    });
    expect(stamp.status).toBe(429);
    key.discard();
  });

  it('hands out the same signed answer to a question without a nonce, until the status changes', async () => {
    const { certificate, key } = await serviceSigner(open, await freshPerson(open));
    const question = await ocspQuestion(open, certificate);
    const first = await askOcsp(open, question);
    const again = await askOcsp(open, question);
    expect(first.status).toBe(200);
    // ECDSA signatures differ each time: the same bytes are the same answer, not a new signature.
    expect(again.raw.equals(first.raw)).toBe(true);
    // With a nonce, an answer of its own, the nonce echoed.
    const withNonce = await askOcsp(open, await ocspQuestion(open, certificate, true));
    expect(withNonce.raw.equals(first.raw)).toBe(false);
    // Revoked: the next answer says so at once.
    await open.deps.authority.revoke(open.pool, certificate.serialNumber.toUpperCase(), 1);
    const after = await askOcsp(open, question);
    expect(after.raw.equals(first.raw)).toBe(false);
    const bytes = pkijs.OCSPResponse.fromBER(new Uint8Array(after.raw)).responseBytes?.response
      .valueBlock.valueHexView;
    const basic = pkijs.BasicOCSPResponse.fromBER(new Uint8Array(bytes ?? []));
    expect(basic.tbsResponseData.responses[0]?.certStatus.idBlock.tagNumber).toBe(1);
    // Ten minutes on, the kept answer is not handed out any more.
    const revokedAnswer = after.raw;
    expect((await askOcsp(open, question)).raw.equals(revokedAnswer)).toBe(true);
    open.clock.advance(10 * 60_000 + 1);
    expect((await askOcsp(open, question)).raw.equals(revokedAnswer)).toBe(false);
    key.discard();
  });
});

describe('requests in progress at once', () => {
  it('are capped per address and per access token: one more is refused at once, others go on', async () => {
    let entered = 0;
    let release: (value: unknown) => void = () => undefined;
    const gate = new Promise((resolve) => {
      release = resolve;
    });
    // A call that holds its connection until the test lets it go (as slow work would).
    const app = await open.appWith({
      vat: async () => {
        entered += 1;
        await gate;
        return { vat: 15 };
      },
    });
    const ask = (token?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/common/get/vat',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const until = async (count: number) => {
      while (entered < count) await new Promise((resolve) => setImmediate(resolve));
    };
    const held = [ask('session-a'), ask('session-a')];
    await until(2);
    // A third request of that session is refused at once, while its two are in progress…
    const third = await ask('session-a');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // …another session from the same address goes on, up to the address's four…
    held.push(ask('session-b'), ask());
    await until(4);
    expect((await ask('session-c')).statusCode).toBe(429);
    // …and once they are answered, the counts are back.
    release(null);
    expect((await Promise.all(held)).map((answer) => answer.statusCode)).toEqual([
      200, 200, 200, 200,
    ]);
    expect((await ask('session-a')).statusCode).toBe(200);
    await app.close();
  });

  it('without an access token, a few per address and some per server: they wait briefly in line, never take the signed-in people’s connections', async () => {
    let anonymousNow = 0;
    let anonymousMost = 0;
    let signedIn = 0;
    let release: (value: unknown) => void = () => undefined;
    const gate = new Promise((resolve) => {
      release = resolve;
    });
    const app = await open.appWith({
      vat: async ({ request }) => {
        if (request.headers.authorization) {
          signedIn += 1;
          return { vat: 15 };
        }
        anonymousNow += 1;
        anonymousMost = Math.max(anonymousMost, anonymousNow);
        await gate;
        anonymousNow -= 1;
        return { vat: 15 };
      },
    });
    const config = open.deps.config;
    const ask = (token?: string, ip = '198.51.100.7') =>
      app.inject({
        method: 'GET',
        url: '/api/v1/common/get/vat',
        remoteAddress: ip,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    // One-time-code checks at once from one address, more than its slots and its line hold.
    const perAddress = config.ANONYMOUS_AT_ONCE_PER_ADDRESS;
    const flood = Array.from({ length: perAddress * (1 + WAITING_PER_SLOT) + 10 }, () => ask());
    while (anonymousNow < config.ANONYMOUS_AT_ONCE_PER_ADDRESS)
      await new Promise((resolve) => setImmediate(resolve));
    // Past its slots and its line, the address is refused at once, not queued without end.
    const refusedAtOnce = await Promise.race(
      flood.map((answer) => answer.then((a) => a.statusCode)),
    );
    expect(refusedAtOnce).toBe(429);
    // Other addresses go on up to the server's anonymous share; signed-in people beside them.
    const others = Array.from({ length: config.ANONYMOUS_AT_ONCE }, (_, i) =>
      ask(undefined, `203.0.113.${String(i + 1)}`),
    );
    while (anonymousNow < config.ANONYMOUS_AT_ONCE)
      await new Promise((resolve) => setImmediate(resolve));
    expect((await ask('a-signed-in-session', '192.0.2.9')).statusCode).toBe(200);
    release(null);
    const statuses = (await Promise.all([...flood, ...others])).map((answer) => answer.statusCode);
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(
      config.ANONYMOUS_AT_ONCE,
    );
    expect(anonymousMost).toBe(config.ANONYMOUS_AT_ONCE);
    expect(signedIn).toBe(1);
    await app.close();
  });
  it('gives an anonymous slot back when the client goes away before its answer is sent', async () => {
    let entered = 0;
    let answered = 0;
    let release: (value: unknown) => void = () => undefined;
    const gate = new Promise((resolve) => {
      release = resolve;
    });
    // The verify page's upload, a whole body taken before the slow work: its sender may leave.
    const app = await open.appWith({
      contactUs: async () => {
        entered += 1;
        await gate;
        answered += 1;
        return { status: 'OK', errorMessage: null, referenceNumber: 'CU-1' };
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify({
      name: 'Reem',
      email: 'reem@example.sa',
      subject: 'Plans',
      message: 'Please call me.',
    });
    // As many as the address may have at once, each leaving once the server works for it.
    const leaving = Array.from({ length: open.deps.config.ANONYMOUS_AT_ONCE_PER_ADDRESS }, () =>
      connect(port, '127.0.0.1'),
    );
    for (const socket of leaving)
      socket.write(
        `POST /api/v1/common/contactUs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body}`,
      );
    await expect.poll(() => entered, { timeout: 30_000 }).toBe(leaving.length);
    for (const socket of leaving) socket.destroy();
    // While the work goes on, its slots stay taken: leaving does not let a client start more.
    const meanwhile = await fetch(`http://127.0.0.1:${String(port)}/api/v1/common/get/vat`);
    expect(meanwhile.status).toBe(429);
    release(null);
    await expect.poll(() => answered, { timeout: 30_000 }).toBe(leaving.length);
    // Their slots are free again: the next anonymous caller is answered, not refused as if they
    // were all still in progress.
    const vat = await fetch(`http://127.0.0.1:${String(port)}/api/v1/common/get/vat`);
    expect(vat.status).toBe(200);
    await app.close();
  });
});

describe('database connections', () => {
  it('each end a statement after 30 s and a transaction left idle after a minute', async () => {
    const client = await h.pool.connect();
    try {
      const setting = async (name: string) =>
        (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0]?.[name];
      expect(await setting('statement_timeout')).toBe('30s');
      expect(await setting('idle_in_transaction_session_timeout')).toBe('1min');
    } finally {
      client.release();
    }
  });
});

describe('methods', () => {
  it('answers a method an address does not take with 405 and the ones it does, TRACE always with 405', async () => {
    const vat = '/api/v1/common/get/vat';
    for (const method of ['POST', 'DELETE', 'PUT', 'PATCH']) {
      const wrong = await rawRequest(open, method, vat, { 'accept-language': 'en' });
      expect(wrong.status, method).toBe(405);
      expect(wrong.allow).toBe('GET, HEAD');
      expect(wrong.body).toMatchObject({
        code: 'METHOD_NOT_ALLOWED',
        message: 'This address does not take this kind of request.',
      });
    }
    const contact = await rawRequest(open, 'GET', '/api/v1/common/contactUs');
    expect([contact.status, contact.allow]).toEqual([405, 'POST']);
    expect(contact.body.message).toBe('هذا العنوان لا يقبل هذا النوع من الطلبات.');
    const traced = await rawRequest(open, 'TRACE', vat);
    expect([traced.status, traced.allow]).toEqual([405, 'GET, HEAD']);
    expect((await rawRequest(open, 'TRACE', '/nowhere')).status).toBe(405);
    // An address nobody serves is still 404, whatever the method.
    expect((await rawRequest(open, 'DELETE', '/api/v1/nowhere')).status).toBe(404);
    expect((await rawRequest(open, 'GET', vat)).status).toBe(200);
  });
});

describe('public calls fed anything', () => {
  it('answer every body the contract did not expect with a 4xx (or 503), never a fault', async () => {
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    /** Strings a careless or hostile client sends where a token, id or name is expected. */
    const oddString = fc.oneof(
      fc.string(),
      fc.constantFrom(
        base64('{}'),
        base64('null'),
        base64('[]'),
        base64('{"challenge":{}}'),
        base64('{"challenge":{"parameters":{},"signature":1},"solution":null}'),
        '',
        '%00',
        '../../etc/passwd',
        'ـ'.repeat(5000),
        '1'.repeat(400),
      ),
    );
    const anyValue = fc.oneof(fc.jsonValue(), oddString);
    const calls = ENDPOINTS.filter((endpoint) => endpoint.access === 'public' && !endpoint.upload);
    expect(calls.length).toBeGreaterThan(15);
    for (const endpoint of calls) {
      const fields = endpoint.body instanceof z.ZodObject ? Object.keys(endpoint.body.shape) : [];
      const valid = arbitraryOf(endpoint.body, KNOWN_FIELDS);
      const body = fc.oneof(
        anyValue,
        valid,
        // A body the contract would take, but for one field that holds anything.
        ...(fields.length > 0
          ? [
              fc
                .tuple(valid, fc.constantFrom(...fields), anyValue)
                .map(([sent, field, odd]) => ({ ...(sent as object), [field]: odd })),
            ]
          : []),
      );
      const params = endpoint.params ? Object.keys(endpoint.params.shape) : [];
      const path = fc
        .tuple(
          fc.oneof(
            arbitraryOf(endpoint.params, KNOWN_FIELDS),
            fc.dictionary(fc.constantFrom(...params, 'x'), oddString),
          ),
        )
        .map(([values]) =>
          params.reduce(
            (route, name) =>
              route.replace(
                `:${name}`,
                encodeURIComponent(valueText((values as Record<string, unknown>)[name])),
              ),
            routePath(endpoint),
          ),
        );
      await fc.assert(
        fc.asyncProperty(path, body, async (url, sent) => {
          const answer = await open.call(endpoint.method, url, {
            ...(endpoint.method === 'POST' ? { body: sent } : {}),
          });
          if (answer.status >= 500 && answer.status !== 503)
            throw new Error(
              `${endpoint.id}: ${String(answer.status)} for ${url} ${JSON.stringify(sent).slice(0, 200)}`,
            );
          // Every refusal is one the OpenAPI document declares for the call, with its code (414
          // and 431: the HTTP layer's own, for an address or headers too long to route).
          if (answer.status >= 400 && answer.status !== 414 && answer.status !== 431) {
            const declared = errorCodesOf(endpoint)[answer.status] ?? [];
            const code = (answer.body as { code?: ErrorCode } | null)?.code;
            if (!code || !declared.includes(code))
              throw new Error(
                `${endpoint.id}: ${String(answer.status)} ${String(code)} is not declared (${declared.join(', ')})`,
              );
          }
        }),
        { numRuns: 40, seed: 41 },
      );
    }
  });
});

describe('requests the server sends itself (webhooks)', () => {
  it('reach no address on this machine or a private network, checked again after resolution', async () => {
    let reached = 0;
    const receiver = createServer((_incoming, response) => {
      reached += 1;
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const production = { loopback: false };
    const post = (url: string, reach = production) => postTo(new URL(url), {}, '{}', reach);
    await expect(post(`http://127.0.0.1:${String(port)}/hook`)).rejects.toThrow(
      /127\.0\.0\.1 is not a public address/,
    );
    await expect(post(`http://localhost:${String(port)}/hook`)).rejects.toThrow(/internal name/);
    await expect(post('http://169.254.169.254/latest/meta-data')).rejects.toThrow(
      /not a public address/,
    );
    // A name is checked where it resolves: "localhost" past the name check still resolves here.
    const resolved = await new Promise<Error | null>((resolve) => {
      guardedLookup(production)('localhost', {}, (error) => {
        resolve(error);
      });
    });
    expect(resolved).toBeInstanceOf(UnreachableAddressError);
    expect(reached).toBe(0);
    // Demo mode's own webhook receiver on this machine is reached, and no redirect is followed.
    expect(await post(`http://127.0.0.1:${String(port)}/hook`, { loopback: true })).toBe(204);
    expect(reached).toBe(1);
    receiver.close();
  });
});

describe('what the audit log records (issue 41)', () => {
  it('records a refresh, a 403 decision, the first 429 of a flood, and the individual export', async () => {
    const actions = async (action: string) =>
      (
        await open.pool.query<{ target: string | null; outcome: string; address: string | null }>(
          'SELECT target, outcome, address FROM audit_log WHERE action = $1 ORDER BY audit_slno',
          [action],
        )
      ).rows;
    const session = await open.signIn((await freshPerson(open)).nationalId);
    const refreshed = await open.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: session.refreshToken, deviceID: DEVICE },
    });
    expect(refreshed.status).toBe(200);
    expect(await actions('session.refreshed')).toHaveLength(1);

    // A provider's call by someone not on its staff: refused, and the refusal recorded.
    const denied = await open.call('POST', '/api/v1/l2sip/process', {
      token: refreshed.body.token,
      body: { l1SipId: await freshProvider(open), requestId: 1, action: 'approve' },
    });
    expect(denied.status).toBe(403);
    // Recorded beside the answer, not before it: waited for.
    await vi.waitFor(async () => {
      expect(await actions('access.denied')).toEqual([
        expect.objectContaining({ outcome: 'denied', address: expect.any(String) }),
      ]);
    });

    const exported = await open.call('POST', '/api/v1/excel/report/exportMyTransactions', {
      token: refreshed.body.token,
      body: { statuses: [], fromDate: null, toDate: null, language: 'en' },
    });
    expect(exported.status).toBe(200);
    expect(await actions('export.made')).toEqual([
      expect.objectContaining({ target: 'exportMyTransactions', outcome: 'success' }),
    ]);

    // A flood past the limit writes one record a minute for its address, not one per request:
    // a sliding minute, so a flood across the clock's turn of the minute is still one record.
    // Its minute begins over a minute after any refusal earlier in this file (recorded then).
    const flood = () =>
      h.pool.query("SELECT 1 FROM audit_log WHERE action = 'request.rate-limited'");
    const earlier = (await flood()).rowCount ?? 0;
    const turn = Math.ceil((Date.now() + 61_000) / 60_000) * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: turn - 2 });
    const limited: number[] = [];
    try {
      for (let i = 0; i < 8; i += 1) {
        // The first refusal is recorded just before the turn, the others just after it.
        if (limited.includes(429)) vi.setSystemTime(turn + 2);
        limited.push((await h.call('GET', '/api/v1/common/get/vat')).status);
      }
    } finally {
      vi.useRealTimers();
    }
    expect(limited.filter((status) => status === 429).length).toBeGreaterThan(1);
    await vi.waitFor(async () => {
      expect((await flood()).rowCount).toBe(earlier + 1);
    });
    // Once the last refusal's record had its chance, still one.
    await h.call('GET', '/health');
    expect((await flood()).rowCount).toBe(earlier + 1);
  });
});
