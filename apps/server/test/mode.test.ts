/**
 * Demo mode versus production (issue 11): the mode is explicit; production names its real
 * adapters and secrets and refuses simulators, the outbox page, demo data and demo secrets; the
 * simulators and the outbox never answer outside demo mode; the application's database role
 * cannot rewrite the evidence.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  ConfigError,
  DEMO_SECRETS,
  estimatedBits,
  loadConfig,
  SECRET_MIN_BITS,
} from '../src/config.js';
import { createPool } from '../src/db/pool.js';
import { openVault } from '../src/adapters/hsm/pkcs11.js';
import { ensureSoftHsmToken, findSoftHsm } from '../src/adapters/hsm/softHsm.js';
import { deriveKeys } from '../src/keys.js';
import { createAuditLog } from '../src/modules/audit/log.js';
import { holdKeyCeremony } from '../src/modules/pki/ceremony.js';
import { applicationRoleProblem } from '../src/db/roles.js';
import { DEMO_PASSWORD } from '../src/demo/seed.js';
import { createServer } from '../src/server.js';
import { bannerOf, databaseLine } from '../src/banner.js';
import { demoIdentities } from '../src/demo/seed.js';
import { createTestDatabase, productionEnv, separateDatabase, startHarness } from './harness.js';

const h = await startHarness();
// Production-mode servers run on a database of their own, their keys in a token of their own (a
// SoftHSM token the operator has made: production makes none).
const productionPool = await separateDatabase();
ensureSoftHsmToken(findSoftHsm(), 'production', 'p'.repeat(12));

const PRODUCTION = productionEnv('production', 'p'.repeat(12));

// Production makes no authority on first start: the operator holds the key ceremony first.
{
  const config = loadConfig(PRODUCTION);
  const vault = openVault({ module: findSoftHsm(), token: 'production', pin: 'p'.repeat(12) });
  const clock = () => new Date();
  await holdKeyCeremony(
    {
      pool: productionPool,
      config,
      vault,
      clock,
      audit: createAuditLog({ keys: deriveKeys(config.secrets), clock }),
    },
    'Mode test operator',
  );
  vault.close();
}

function configError(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return String(error);
  }
  throw new Error('the configuration was accepted');
}

describe('the mode is explicit', () => {
  it('refuses to start without TAWQI_MODE, saying what the two modes are', () => {
    expect(configError({})).toMatch(/TAWQI_MODE=\(not set\).*"demo".*"production"/s);
  });

  it('runs demo mode with simulators, the outbox and demo data by default', () => {
    const demo = loadConfig({ TAWQI_MODE: 'demo' });
    expect(demo).toMatchObject({
      demo: true,
      devPages: true,
      demoData: true,
      nafath: { kind: 'simulator' },
      gateway: { kind: 'simulator' },
      notifier: { kind: 'simulator' },
    });
  });

  it('in production, names every missing real service and secret', () => {
    const message = configError({ TAWQI_MODE: 'production' });
    for (const name of [
      'NAFATH_BASE_URL',
      'NAFATH_APP_KEY',
      'GATEWAY_BASE_URL',
      'GATEWAY_CALLBACK_SECRET',
      'NOTIFIER_URL',
      'SERVER_SECRET',
      'AUDIT_KEY',
      'HSM_MODULE',
      'HSM_PIN',
      'DATABASE_URL',
    ])
      expect(message).toContain(`${name}=`);
  });

  it('in production, refuses the outbox page, demo data and every published demo secret', () => {
    expect(configError({ ...PRODUCTION, DEV_PAGES: 'true' })).toMatch(/DEV_PAGES.*demo mode only/);
    expect(configError({ ...PRODUCTION, DEMO_DATA: 'true' })).toMatch(/DEMO_DATA.*demo mode only/);
    const published = configError({ ...PRODUCTION, SERVER_SECRET: DEMO_SECRETS.server });
    expect(published).toMatch(/SERVER_SECRET=\(hidden\): is a demo secret/);
    expect(published).not.toContain(DEMO_SECRETS.server);
    expect(
      configError({ ...PRODUCTION, GATEWAY_CALLBACK_SECRET: DEMO_SECRETS.gatewayCallback }),
    ).toMatch(/GATEWAY_CALLBACK_SECRET=\(hidden\): is a demo secret/);
  });

  it('in production, refuses SoftHSM unless told it is a test, and the demo PIN', () => {
    const withoutTestFlag = { ...PRODUCTION, HSM_TEST_MODULE: undefined };
    expect(configError(withoutTestFlag)).toMatch(
      /HSM_MODULE=".*libsofthsm2\.so": is SoftHSM, which keeps keys in files: production needs a hardware module/,
    );
    expect(configError({ ...PRODUCTION, HSM_PIN: DEMO_SECRETS.hsmPin })).toMatch(
      /HSM_PIN=\(hidden\): is a demo secret/,
    );
    expect(
      loadConfig({ ...withoutTestFlag, HSM_MODULE: '/opt/vendor/lib/libcs_pkcs11.so' }).hsm,
    ).toEqual({
      module: '/opt/vendor/lib/libcs_pkcs11.so',
      token: 'production',
      pin: 'p'.repeat(12),
    });
  });

  it('in production, refuses the near misses: a padded demo secret, a patterned or shared secret, an http origin', () => {
    const padded = configError({ ...PRODUCTION, SERVER_SECRET: `${DEMO_SECRETS.server} ` });
    expect(padded).toMatch(/SERVER_SECRET=\(hidden\): is a demo secret/);
    expect(configError({ ...PRODUCTION, AUDIT_KEY: 'a'.repeat(32) })).toMatch(
      /AUDIT_KEY=\(hidden\): is too easy to guess.*openssl rand -hex 32/,
    );
    expect(configError({ ...PRODUCTION, SERVER_SECRET: 'ab'.repeat(20) })).toMatch(
      /SERVER_SECRET=\(hidden\): is too easy to guess/,
    );
    expect(configError({ ...PRODUCTION, AUDIT_KEY: PRODUCTION.SERVER_SECRET })).toMatch(
      /AUDIT_KEY=\(hidden\): is the same as SERVER_SECRET: each secret must be its own/,
    );
    expect(
      configError({ ...PRODUCTION, GATEWAY_CALLBACK_SECRET: ` ${PRODUCTION.SERVER_SECRET ?? ''}` }),
    ).toMatch(
      /GATEWAY_CALLBACK_SECRET=\(hidden\): has spaces around it.*\n.*is the same as SERVER_SECRET/s,
    );
    expect(configError({ ...PRODUCTION, PUBLIC_ORIGIN: 'http://tawqi.example.sa' })).toMatch(
      /PUBLIC_ORIGIN="http:\/\/tawqi.example.sa": must be https in production/,
    );
    expect(configError({ ...PRODUCTION, PUBLIC_ORIGIN: undefined })).toMatch(
      /PUBLIC_ORIGIN=\(not set\): required in production/,
    );
    // What `openssl rand -hex 16` makes (128 random bits) is strong enough.
    const hex16 = createHash('sha256').update('sixteen random bytes').digest('hex').slice(0, 32);
    expect(estimatedBits(hex16)).toBeGreaterThanOrEqual(SECRET_MIN_BITS);
    expect(loadConfig({ ...PRODUCTION, SERVER_SECRET: hex16 }).demo).toBe(false);
  });

  it('in production, refuses to start without a malware scanner unless told scanning is off', () => {
    expect(configError({ ...PRODUCTION, CLAMD_ADDRESS: undefined })).toMatch(
      /CLAMD_ADDRESS=\(not set\): required in production: every upload is scanned/,
    );
    expect(configError({ ...PRODUCTION, CLAMD_ADDRESS: 'clamd.internal:3310' })).toMatch(
      /CLAMD_ADDRESS="clamd.internal:3310": unix:\/path\/to\/clamd.sock or tcp:\/\/host:3310/,
    );
    expect(
      loadConfig({ ...PRODUCTION, CLAMD_ADDRESS: undefined, UPLOAD_SCANNING: 'off' }).scanner,
    ).toEqual({ kind: 'off' });
    expect(
      loadConfig({ ...PRODUCTION, CLAMD_ADDRESS: 'tcp://clamd.internal:3310' }).scanner,
    ).toEqual({ kind: 'clamd', address: 'tcp://clamd.internal:3310' });
  });

  it('refuses half a service: its variables go together', () => {
    expect(
      configError({ TAWQI_MODE: 'demo', GATEWAY_BASE_URL: 'https://gateway.example.sa' }),
    ).toMatch(/GATEWAY_API_KEY=\(not set\): required together/);
  });

  it('accepts a complete production configuration', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({
      demo: false,
      devPages: false,
      demoData: false,
      nafath: { kind: 'real' },
      gateway: { kind: 'real' },
      notifier: { kind: 'real' },
    });
  });
});

describe('outside demo mode', () => {
  const portalDir = mkdtempSync(join(tmpdir(), 'tawqi-portal-mode-'));
  writeFileSync(join(portalDir, 'index.html'), '<!doctype html><head><title>Tawqi</title></head>');
  writeFileSync(join(portalDir, 'app.js'), 'console.log(1)');
  writeFileSync(join(portalDir, 'app.js.map'), '{"version":3}');

  it('never answers on the simulators or the outbox, and serves no source maps', async () => {
    const { app, simulator, gatewaySimulator } = await createServer({
      config: loadConfig(PRODUCTION),
      pool: productionPool,
      portalDir,
    });
    expect(simulator).toBeNull();
    expect(gatewaySimulator).toBeNull();
    for (const [method, url] of [
      ['POST', '/simulators/nafath/api/v1/mfa/request'],
      ['GET', '/simulators/nafath/phone?nationalId=1000000008'],
      ['POST', '/simulators/nafath/phone/answer'],
      ['POST', '/simulators/gateway/api/payments'],
      ['GET', '/simulators/gateway/pay/pg_1'],
      ['GET', '/simulators/nafath/style.css'],
      ['GET', '/simulators/gateway/style.css'],
      ['GET', '/dev/outbox'],
    ] as const) {
      const answer = await app.inject({ method, url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toMatch(/simulator|Nafath|outbox/i);
    }
    expect((await app.inject({ method: 'GET', url: '/app.js.map' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/app.js' })).statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('<meta name="tawqi-mode" content="production">');
    await app.close();
  });

  it('labels every page of demo mode, which keeps its source maps', async () => {
    const { app } = await createServer({
      config: loadConfig({
        TAWQI_MODE: 'demo',
        LOG_LEVEL: 'silent',
        CLAMD_ADDRESS: inject('clamdAddress'),
      }),
      pool: h.pool,
      portalDir,
    });
    for (const url of ['/', '/app/my', '/create-account']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.body, url).toContain('<meta name="tawqi-mode" content="demo">');
    }
    expect((await app.inject({ method: 'GET', url: '/app.js.map' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('one-time codes outside demo mode', () => {
  it('go to the SMS / e-mail relay and nowhere readable: the outbox stays empty', async () => {
    const received: { recipient: string; body: string; authorization: string | undefined }[] = [];
    const relay = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const message = JSON.parse(body) as { recipient: string; body: string };
        received.push({ ...message, authorization: request.headers.authorization });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const address = relay.address() as AddressInfo;
    const { app } = await createServer({
      config: loadConfig({
        ...PRODUCTION,
        NOTIFIER_URL: `http://127.0.0.1:${String(address.port)}/messages`,
      }),
      pool: productionPool,
      clock: () => h.clock.now,
    });
    const before = await productionPool.query<{ count: number }>('SELECT count(*) FROM outbox');
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/credentials/login/initiate',
      headers: { 'content-type': 'application/json', 'x-device-id': 'd'.repeat(64) },
      payload: JSON.stringify({ username: 'mohammed', password: DEMO_PASSWORD }),
    });
    expect(answer.statusCode).toBe(200);
    expect(received).toEqual([
      expect.objectContaining({
        recipient: '+966559876543',
        body: expect.stringMatching(/\d{6}/),
        authorization: `Bearer ${PRODUCTION.NOTIFIER_TOKEN}`,
      }),
    ]);
    const after = await productionPool.query<{ count: number }>('SELECT count(*) FROM outbox');
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
    await app.close();
    relay.close();
  });
});

describe('the application’s database role (least privilege)', () => {
  it('is neither a superuser nor the owner, and may not change the audit log', async () => {
    expect(await applicationRoleProblem(h.pool)).toBeNull();
    // The owner's connection is what the server refuses to run on.
    expect(await applicationRoleProblem(h.ownerPool)).toMatch(/superuser|owns the tables/);
  });

  it('says what is wrong with a superuser on a database not yet migrated, rather than fail on the missing table', async () => {
    const empty = await createTestDatabase();
    const pool = createPool(empty.toString(), 1);
    try {
      const [role] = (
        await pool.query<{ rolsuper: boolean }>(
          'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
        )
      ).rows;
      const problem = await applicationRoleProblem(pool);
      if (role?.rolsuper)
        expect(problem).toMatch(/is a superuser: give the application a role of its own/);
      else expect(problem).toBeNull();
    } finally {
      await pool.end();
    }
  });

  it('cannot update, delete or truncate the audit log, nor change its checkpoints', async () => {
    await h.deps.audit.record(h.pool, h.auditContext(), { action: 'export.made' });
    for (const statement of [
      "UPDATE audit_log SET action = 'nothing'",
      'DELETE FROM audit_log',
      'TRUNCATE audit_log',
      'DELETE FROM audit_checkpoints',
      'DELETE FROM audit_head',
      "INSERT INTO schema_migrations (name) VALUES ('999_evil')",
    ])
      await expect(h.pool.query(statement), statement).rejects.toThrow(/permission denied/);
  });

  it('keeps the log append-only for the owner too (a trigger refuses changes)', async () => {
    await expect(h.ownerPool.query("UPDATE audit_log SET action = 'nothing'")).rejects.toThrow(
      /append-only/,
    );
    await expect(h.ownerPool.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(h.ownerPool.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });
});

describe('the start’s banner (issue 38)', () => {
  it('names the addresses, the simulators and every demo identity to sign in as', () => {
    const banner = bannerOf(loadConfig({ TAWQI_MODE: 'demo' }), 'embedded PostgreSQL');
    expect(banner).toContain('Tawqi is running at http://127.0.0.1:3000 — DEMO MODE');
    expect(banner).toContain('one-time codes outbox: http://127.0.0.1:3000/dev/outbox');
    expect(banner).toContain(DEMO_PASSWORD);
    // Everyone npm start lists signs in with their own names at the identity app's simulator.
    const listed = [...banner.matchAll(/^ {4}(\d{10}) {2}/gm)].map((match) => match[1]);
    const known = new Set(demoIdentities().map((person) => person.nationalId));
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter((id) => !known.has(id ?? ''))).toEqual([]);
    for (const username of ['nada', 'omar', 'hind', 'sip500']) expect(banner).toContain(username);
  });

  it('fits a terminal: every line short, and says how to see it again', () => {
    const applied = Array.from({ length: 60 }, (_, index) => `0${String(index)}_a_migration_name`);
    const seeded = Array.from({ length: 12 }, (_, index) => `seed step ${String(index)}`);
    const bannerIn = (interactive: boolean) =>
      bannerOf(
        loadConfig({ TAWQI_MODE: 'demo' }),
        databaseLine(true, applied, seeded),
        interactive,
      );
    const lines = bannerIn(false).split('\n');
    expect(lines.filter((line) => line.length > 160)).toEqual([]);
    expect(bannerIn(false)).toContain('60 migrations applied, the last 059_a_migration_name');
    // Its last words: Enter in a terminal; from anywhere else, the command that prints it.
    expect(lines.at(-2)).toContain('npm run demo:info');
    expect(bannerIn(true).split('\n').at(-2)).toContain('press Enter to show this again');
  });
});
