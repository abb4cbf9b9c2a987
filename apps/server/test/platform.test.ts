import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINTS, type EndpointId } from '@tawqi/api';
import Fastify from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { createPool, inTransaction } from '../src/db/pool.js';
import { buildApp } from '../src/http/app.js';
import { createServer } from '../src/server.js';
import {
  PolicyMissingError,
  registerContractRoutes,
  unimplemented,
} from '../src/http/contractRoutes.js';
import { NOT_YET, assertEveryCallAccountedFor } from '../src/http/notYet.js';
import { POLICIES } from '../src/http/policies.js';
import { NO_ACCESS, captchaToken, startHarness } from './harness.js';

const h = await startHarness({ CORS_ORIGINS: 'https://partner.example.sa' });

/** The calls listed as not built yet, with the issue each comes with (src/http/notYet.ts). */
const NOT_YET_IDS = Object.keys(NOT_YET) as EndpointId[];

describe('configuration', () => {
  it('takes the defaults: 127.0.0.1:3000, VAT 15%, 30-minute idle limit', () => {
    const config = loadConfig({ TAWQI_MODE: 'demo' });
    expect(config).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3000,
      VAT_PERCENT: 15,
      INACTIVITY_MINUTES: 30,
      SESSION_ABSOLUTE_HOURS: 12,
    });
    expect(config.publicOrigin).toBe('http://127.0.0.1:3000');
  });

  it('stops with a message naming each wrong variable', () => {
    expect(() => loadConfig({ TAWQI_MODE: 'demo', PORT: 'eighty', VAT_PERCENT: '150' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ TAWQI_MODE: 'demo', PORT: 'eighty', DATABASE_URL: 'not a url' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT="eighty"/);
      // A connection string may hold a password: its value is never repeated.
      expect(String(error)).toMatch(/DATABASE_URL=\(hidden\).*PostgreSQL/);
      expect(String(error)).not.toContain('not a url');
    }
  });
});

describe('routes from the contract', () => {
  it('declare a policy for every call', () => {
    expect(Object.keys(POLICIES).sort()).toEqual(ENDPOINTS.map((endpoint) => endpoint.id).sort());
  });

  it('refuse to start when a call has no policy', () => {
    const incomplete: Partial<typeof POLICIES> = { ...POLICIES };
    delete incomplete.refresh;
    expect(() => {
      registerContractRoutes(Fastify(), {
        handlers: {},
        policies: incomplete,
        access: NO_ACCESS,
        idempotency: { run: (_claim, work) => work() },
      });
    }).toThrow(PolicyMissingError);
  });

  it('refuse to start with a call neither handled nor listed as not yet, or both', () => {
    // Every call is built (issue 19 built the last): a server missing one handler stands for a
    // call added to the contract without one.
    const withoutVat = Object.fromEntries(
      Object.entries(h.handlers).filter(([id]) => id !== 'vat'),
    ) as typeof h.handlers;
    expect(() => {
      assertEveryCallAccountedFor(withoutVat, NOT_YET);
    }).toThrow(/vat: no handler, not listed/);
    expect(() => {
      assertEveryCallAccountedFor(withoutVat, { ...NOT_YET, vat: 'later' });
    }).not.toThrow();
    expect(() => {
      assertEveryCallAccountedFor(h.handlers, { ...NOT_YET, vat: 'again' });
    }).toThrow(/vat: handled and still listed as not yet/);
    expect(() => {
      assertEveryCallAccountedFor(h.handlers);
    }).not.toThrow();
  });

  it('list the calls still to be built, and refuse them to anonymous callers before saying so', async () => {
    expect(unimplemented(h.handlers).sort()).toEqual([...NOT_YET_IDS].sort());
    // Whether a call is built is nobody's business but a caller's who may make it: the tenancy
    // test checks that such a caller gets 501 in the one error shape.
    for (const id of NOT_YET_IDS) {
      const endpoint = ENDPOINTS.find((candidate) => candidate.id === id);
      if (!endpoint) throw new Error(id);
      const path = `/${endpoint.path.replace(/^\//, '').replace(/\{[^}]+\}/g, '1')}`;
      const response = await h.call(
        endpoint.method,
        path,
        endpoint.method === 'POST' ? { body: {} } : {},
      );
      expect(response.status, id).toBe(endpoint.access === 'public' ? 501 : 401);
    }
  });
});

describe('HTTP behaviour (SECURITY.md)', () => {
  it('answers an unknown API path with 404 JSON in the caller’s language', async () => {
    const english = await h.call('GET', '/api/v1/no/such/call');
    expect(english.status).toBe(404);
    expect(english.body).toMatchObject({ code: 'NOT_FOUND', message: 'Not found.' });
    const arabic = await h.call('GET', '/api/v1/no/such/call', { language: 'ar-SA,ar;q=0.9' });
    expect(arabic.body.message).toBe('غير موجود.');
    expect(arabic.body.requestId).toBe(arabic.headers.get('x-request-id'));
  });

  it('sends the security headers and no-store on the API, and no framework banner', async () => {
    const response = await h.call('GET', '/api/v1/common/get/vat');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(
      /object-src 'none'.*base-uri 'none'.*frame-ancestors 'none'/,
    );
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-inline/);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBeTruthy();
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('echoes only allowed origins, exactly', async () => {
    const allowed = await h.call('GET', '/api/v1/common/get/vat', {
      headers: { origin: 'https://partner.example.sa' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example.sa');
    const other = await h.call('GET', '/api/v1/common/get/vat', {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a body that is not JSON (415), too large (413), or too deep, and keeps serving', async () => {
    const text = await h.call('POST', '/api/v1/common/contactUs', {
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const large = await h.call('POST', '/api/v1/common/contactUs', {
      body: { message: 'x'.repeat(300_000) },
    });
    expect(large.status).toBe(413);
    const deep = await h.call('POST', '/api/v1/common/contactUs', {
      body: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    });
    expect(deep.status).toBe(400);
    expect((await h.call('GET', '/health')).status).toBe(200);
  });

  it('refuses unknown fields and prototype keys, naming the fields in the caller’s language', async () => {
    const unknown = await h.call('POST', '/api/v1/auth/nafath/login/initiate', {
      body: { nationalID: '1000000008', admin: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toContainEqual({
      path: 'body.admin',
      message: 'This field is not accepted.',
    });
    const proto = await h.call('POST', '/api/v1/auth/nafath/login/initiate', {
      body: '{"nationalID":"1000000008","__proto__":{"x":1}}',
    });
    expect(proto.status).toBe(400);
    const arabic = await h.call('POST', '/api/v1/auth/nafath/login/initiate', {
      body: { nationalID: '123' },
      language: 'ar',
    });
    expect(arabic.body.fieldErrors).toContainEqual({
      path: 'body.nationalID',
      message: 'هذه القيمة غير صالحة.',
    });
  });

  it('never sends a stack trace', async () => {
    const response = await h.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: 'x', deviceID: 'y' },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('health, readiness and the database', () => {
  it('is healthy and ready with its database', async () => {
    expect((await h.call('GET', '/health')).body).toEqual({ status: 'ok' });
    expect((await h.call('GET', '/ready')).body).toEqual({ status: 'ready' });
  });

  it('runs each migration once', async () => {
    expect(await migrate(h.ownerPool)).toEqual([]);
  });

  it('keeps serving when the database closes an idle connection (reported, not a crash)', async () => {
    const reports: string[] = [];
    const pool = createPool(inject('adminDatabaseUrl'), 1, (message) => reports.push(message));
    await pool.query("SET application_name = 'tawqi-idle-test'");
    await h.ownerPool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tawqi-idle-test'",
    );
    await expect.poll(() => reports.length).toBe(1);
    expect(reports[0]).toMatch(/an idle connection was closed/);
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await pool.end();
  });

  it('turns a connection closed mid-transaction into that transaction’s error, not a crash', async () => {
    const pool = createPool(inject('adminDatabaseUrl'), 1, () => undefined);
    const running = inTransaction(pool, async (client) => {
      await client.query("SET application_name = 'tawqi-busy-test'");
      await client.query('SELECT pg_sleep(5)');
    });
    // Observed at once: it may reject while the poll below still runs, and a rejection nobody
    // listens to yet is reported by vitest as an unhandled error.
    const outcome = running.then(
      () => 'committed',
      (error: unknown) => error,
    );
    await expect
      .poll(
        async () =>
          (
            await h.ownerPool.query(
              "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'tawqi-busy-test' AND state = 'active'",
            )
          ).rowCount,
      )
      .toBe(1);
    expect(await outcome).toBeInstanceOf(Error);
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await pool.end();
  });

  it('answers 503 when the database is away, and is not ready', async () => {
    const gone = createPool('postgres://tawqi:x@127.0.0.1:1/none', 1);
    const app = await buildApp({
      config: loadConfig({
        TAWQI_MODE: 'demo',
        LOG_LEVEL: 'silent',
        CLAMD_ADDRESS: inject('clamdAddress'),
      }),
      pool: gone,
      access: NO_ACCESS,
      handlers: { vat: async () => (await gone.query('SELECT 15 AS vat')).rows[0] },
    });
    expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);
    const vat = await app.inject({ method: 'GET', url: '/api/v1/common/get/vat' });
    expect(vat.statusCode).toBe(503);
    expect(vat.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await app.close();
    await gone.end();
  });
});

describe('translations and limits', () => {
  it('serves /locales/{lng}/{ns}.json, and 404 for a namespace that does not exist', async () => {
    expect((await h.call('GET', '/locales/ar/index.json')).body).toEqual({
      title: 'توقيع',
      nested: { hello: 'توقيع' },
    });
    expect((await h.call('GET', '/locales/en/footer.json')).status).toBe(404);
    expect((await h.call('GET', '/locales/fr/index.json')).status).toBe(400);
    expect((await h.call('GET', '/locales/..%2F..%2Fetc/passwd.json')).status).toBe(400);
  });

  it('limits API requests per address with 429 and Retry-After', async () => {
    const limited = await startHarness({ RATE_LIMIT_PER_MINUTE: '5' });
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(await limited.call('GET', '/api/v1/common/get/vat'));
    expect(answers.slice(0, 5).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[5]?.status).toBe(429);
    expect(answers[5]?.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts.',
    });
    // When is the Retry-After (the portal counts it down), not the message's to say again.
    expect(Number(answers[5]?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('reference data and plans', () => {
  it('lists countries, regions, cities and months in both languages', async () => {
    const countries = await h.call('GET', '/api/v1/common/countries');
    expect(countries.body.dataList[0]).toEqual({
      countrySlno: 1,
      countryNameEnglish: 'Saudi Arabia',
      countryNameArabic: 'المملكة العربية السعودية',
      isdCode: '+966',
    });
    const regions = await h.call('POST', '/api/v1/common/states/1', { body: {} });
    expect(regions.body.dataList).toHaveLength(5);
    const cities = await h.call('POST', '/api/v1/common/cities/1', { body: {} });
    expect(
      cities.body.dataList.map((city: { cityNameArabic: string }) => city.cityNameArabic),
    ).toContain('الرياض');
    const months = await h.call('GET', '/api/v1/common/calendar/months');
    expect(months.body.dataList[0]).toEqual({
      monthNumber: 1,
      monthNameEnglish: 'January',
      monthNameArabic: 'يناير',
    });
  });

  it('prices the plans with the configured VAT: price + tax = total', async () => {
    const plans = await h.call('GET', '/api/v1/common/esign/plans');
    expect(plans.body.vat).toBe(15);
    expect(plans.body.planDetailsDTOList[0]).toMatchObject({
      planName: 'Starter',
      price: 99,
      tax: 14.85,
      totalPrice: 113.85,
      transactionLimit: 10,
    });
    for (const plan of plans.body.planDetailsDTOList as {
      price: number;
      tax: number;
      totalPrice: number;
    }[]) {
      expect(Math.round((plan.price + plan.tax) * 100)).toBe(Math.round(plan.totalPrice * 100));
    }
    expect((await h.call('GET', '/api/v1/common/get/vat')).body).toEqual({ vat: 15 });
    const arabic = await h.call('GET', '/api/v1/common/esign/plans', { language: 'ar' });
    expect(arabic.body.planDetailsDTOList[0]).toMatchObject({
      planName: 'الباقة الأساسية',
      validity: '١٢ شهرًا',
    });
  });

  it('stores a contact message and answers its reference', async () => {
    const sent = await h.call('POST', '/api/v1/common/contactUs', {
      body: {
        name: 'Reem',
        email: 'reem@example.sa',
        subject: 'Plans for 200 users',
        message: 'Please call me about the Enterprise plan.',
        captchaToken: await captchaToken(h),
      },
    });
    expect(sent.body).toMatchObject({
      status: '1',
      referenceNumber: expect.stringMatching(/^CU-2026-\d{6}$/),
    });
    const stored = await h.pool.query(
      'SELECT subject FROM contact_messages WHERE reference_number = $1',
      [sent.body.referenceNumber],
    );
    expect(stored.rows[0]).toEqual({ subject: 'Plans for 200 users' });
  });
});

describe('the portal and the development pages', () => {
  it('serves the built portal for its routes, 404 with the portal for other pages, and 404 JSON for unknown API paths', async () => {
    const portalDir = mkdtempSync(join(tmpdir(), 'tawqi-portal-'));
    writeFileSync(join(portalDir, 'index.html'), '<!doctype html><title>Tawqi portal</title>');
    writeFileSync(join(portalDir, 'app.js'), 'console.log(1)');
    const { app } = await createServer({
      config: loadConfig({
        TAWQI_MODE: 'demo',
        LOG_LEVEL: 'silent',
        CLAMD_ADDRESS: inject('clamdAddress'),
      }),
      pool: h.pool,
      portalDir,
    });
    const route = await app.inject({ method: 'GET', url: '/app/my/esign/subscriptions' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('Tawqi portal');
    for (const url of ['/', '/features', '/app/org/approval/ltwo', '/verify-orgUser?x=1'])
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    // Not a route of SPEC §2: the portal (which shows its not-found page), answered 404.
    for (const url of ['/no-such-page', '/app/my/nothing', '/features/']) {
      const unknown = await app.inject({ method: 'GET', url });
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.body, url).toContain('Tawqi portal');
    }
    expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    expect((await app.inject({ method: 'GET', url: '/assets/missing-1a2b.js' })).statusCode).toBe(
      404,
    );
    const api = await app.inject({ method: 'GET', url: '/api/v1/not/a/call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    await app.close();
  });

  it('lets browsers keep the build’s content-named files for good, and ask again for the rest', async () => {
    const portalDir = mkdtempSync(join(tmpdir(), 'tawqi-portal-'));
    mkdirSync(join(portalDir, 'assets'));
    mkdirSync(join(portalDir, 'locales', 'en'), { recursive: true });
    writeFileSync(join(portalDir, 'index.html'), '<!doctype html><title>Tawqi portal</title>');
    writeFileSync(join(portalDir, 'assets', 'index-1a2b3c.js'), 'console.log(1)');
    writeFileSync(join(portalDir, 'locales', 'en', 'index.json'), '{}');
    writeFileSync(join(portalDir, 'favicon.svg'), '<svg/>');
    const { app } = await createServer({
      config: loadConfig({
        TAWQI_MODE: 'demo',
        LOG_LEVEL: 'silent',
        CLAMD_ADDRESS: inject('clamdAddress'),
      }),
      pool: h.pool,
      portalDir,
    });
    const cacheOf = async (url: string) =>
      (await app.inject({ method: 'GET', url })).headers['cache-control'];
    expect(await cacheOf('/assets/index-1a2b3c.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheOf('/locales/en/index.json')).toBe('public, max-age=300');
    expect(await cacheOf('/favicon.svg')).toBe('public, max-age=0');
    expect(await cacheOf('/app/my/dashboard')).toBe('no-cache');
    await app.close();
  });

  it('shows the outbox to a browser as a page: newest first, each language apart, links that open', async () => {
    await h.deps.notifier.send(
      {
        channel: 'email',
        recipient: 'page@example.sa',
        subject: 'تأكيد البريد / Verify <your> e-mail',
        body: 'افتح الرابط:\nhttp://127.0.0.1:3000/email-verification?token=a.b&c=1\n\nOpen the link:\nhttp://127.0.0.1:3000/email-verification?token=a.b&c=1',
      },
      new Date('2026-11-21T09:00:00.000Z'),
    );
    const page = await h.call('GET', '/dev/outbox', { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = String(page.body);
    // The newest message first, its Arabic and English each a paragraph in its direction.
    expect(html.indexOf('page@example.sa')).toBeGreaterThan(0);
    expect(html).toContain('<p lang="ar" dir="rtl">تأكيد البريد</p>');
    expect(html).toContain('<p lang="en" dir="ltr">Verify &#60;your&#62; e-mail</p>');
    expect(html).toContain(
      '<a href="http://127.0.0.1:3000/email-verification?token=a.b&#38;c=1" dir="ltr">',
    );
    // When, on Riyadh's clock as everywhere else in the product.
    expect(html).toContain('2026-11-21 12:00:00 (Riyadh)');
    expect(html).not.toContain('UTC');
    // Long links break within the card on a 360 px phone.
    const css = String((await h.call('GET', '/dev/outbox/style.css')).body);
    expect(css).toMatch(/\.request a[^{]*\{[^}]*overflow-wrap: anywhere/);
    // A program still reads JSON.
    expect((await h.call('GET', '/dev/outbox')).body.messages[0].recipient).toBe('page@example.sa');
  });

  it('shows the one-time-code outbox only to this machine, and not at all when DEV_PAGES is off', async () => {
    expect((await h.call('GET', '/dev/outbox')).status).toBe(200);
    const remote = await h.app.inject({
      method: 'GET',
      url: '/dev/outbox',
      remoteAddress: '203.0.113.7',
    });
    expect(remote.statusCode).toBe(404);
    const { app } = await createServer({
      config: loadConfig({
        TAWQI_MODE: 'demo',
        LOG_LEVEL: 'silent',
        DEV_PAGES: 'false',
        CLAMD_ADDRESS: inject('clamdAddress'),
      }),
      pool: h.pool,
    });
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    await app.close();
  });
});
