/**
 * A test file's own server: a fresh database (migrated and seeded), a clock the test moves, the
 * server listening on a loopback port (the Nafath simulator is reached over real HTTP through the
 * same client as the real service), and helpers to call the API like the portal does.
 */
import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { isValidNationalId } from '@tawqi/domain';
import { afterAll, inject } from 'vitest';
import { signBody } from '../src/adapters/payments/gateway.js';
import { DEMO_SECRETS, loadConfig } from '../src/config.js';
import { createPool, type Pool } from '../src/db/pool.js';
import { APP_ROLE, asRole } from '../src/db/roles.js';
import { SYSTEM_CONTEXT, type AuditContext } from '../src/modules/audit/log.js';
import type { FastifyInstance } from 'fastify';
import { sessionLimits } from '../src/deps.js';
import { buildApp } from '../src/http/app.js';
import type { Access, Handlers } from '../src/http/contractRoutes.js';
import { createAccess } from '../src/modules/access/access.js';
import { findSoftHsm } from '../src/adapters/hsm/softHsm.js';
import type { Authority } from '../src/modules/pki/authority.js';
import type { Signer } from '../src/modules/pki/signer.js';
import * as x509 from '../src/modules/pki/x509.js';
import { createServer, type ServerParts } from '../src/server.js';
import { TEST_APP_PASSWORD } from './globalSetup.js';

export const START = new Date('2026-11-21T09:00:00.000Z');

/** Access that knows nobody: for a route table or an app built without a database. */
export const NO_ACCESS: Access = {
  callerOf: () => Promise.resolve(null),
  callerIn: () => Promise.resolve({ caller: null, tenants: [] }),
  tenantsNamed: () => Promise.resolve([]),
  tenantOwns: () => Promise.resolve(false),
};

export interface Harness extends Omit<ServerParts, 'simulator' | 'gatewaySimulator'> {
  /** The application's connection (least privilege), as the server uses it. */
  pool: Pool;
  /** The owner's connection: what a test needs to act as an attacker with the owner's rights. */
  ownerPool: Pool;
  simulator: NonNullable<ServerParts['simulator']>;
  /**
   * A person of the seeded demo world, by their username: for the tests of the demo world itself
   * (structure.test.ts names them); every other test makes its own people (test/world.ts).
   */
  demoPerson(username: string): Promise<{ userSlno: number; nationalId: string }>;
  /** Signs in through the simulated identity app, from a device and browser of the test's. */
  signIn(
    nationalID: string,
    deviceId?: string,
    userAgent?: string,
  ): Promise<{ token: string; refreshToken: string }>;
  /** Posts a gateway notification signed with the demo gateway's secret. */
  notifyPayment(
    payment: { id: string; reference: string; status: string; amount: number },
    event?: { eventId?: string; sentAt?: Date },
  ): Promise<Response>;
  /**
   * An app on this harness's database and clock whose handlers are the server's, with some
   * replaced (the organization calls whose handlers come later answer from stand-ins).
   */
  appWith(standIns: Handlers, watch?: (access: Access) => Access): Promise<FastifyInstance>;
  /** An audit context as a request from this test would have. */
  auditContext(overrides?: Partial<AuditContext>): AuditContext;
  gatewaySimulator: NonNullable<ServerParts['gatewaySimulator']>;
  baseUrl: string;
  clock: { now: Date; advance(ms: number): void };
  call(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      token?: string;
      deviceId?: string;
      language?: string;
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; body: any; headers: Headers; raw: Buffer }>;
}

/**
 * A new database of the test cluster: its owner's address. Empty, or (`seeded`) a copy of the
 * template globalSetup migrated and seeded once: copying a database is a file copy, where
 * seeding the whole demo world again took each test file 8–20 s.
 */
export async function createTestDatabase(options: { seeded?: boolean } = {}): Promise<URL> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `tawqi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    options.seeded
      ? `CREATE DATABASE ${name} TEMPLATE ${inject('seededTemplate')}`
      : `CREATE DATABASE ${name}`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url;
}

/** Drops a test database once its pools have closed. */
export async function dropTestDatabase(url: URL): Promise<void> {
  const cleanup = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await cleanup.connect();
  // A closed pool's backends leave a moment after their sockets close, longer on a loaded
  // machine. FORCE would terminate one still leaving, which a non-superuser admin may not do
  // to the application's role on PostgreSQL 15 (CI's second run): wait for them to go first.
  const database = url.pathname.slice(1);
  const lingering = async () =>
    (
      await cleanup.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND usename <> current_user',
        [database],
      )
    ).rows[0]?.n ?? 0;
  const deadline = Date.now() + 60_000;
  while ((await lingering()) > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch (error) {
    // The tests have passed or failed already; a database left behind in the test cluster is
    // not their fault, so say so and go on rather than fail the file.
    if ((error as { code?: string }).code !== '42501') throw error;
    console.warn(`left test database ${database} behind: ${(error as Error).message}`);
  } finally {
    await cleanup.end();
  }
}

/**
 * The application's pool on a seeded database of its own, dropped after the file: for a server
 * that must not share the harness's (one in production mode cannot open the certificate
 * authority the demo server made, whose keys are in the demo token).
 */
export async function separateDatabase(): Promise<Pool> {
  const url = await createTestDatabase({ seeded: true });
  const pool = createPool(asRole(url.toString(), APP_ROLE, TEST_APP_PASSWORD), 3);
  afterAll(async () => {
    await pool.end();
    await dropTestDatabase(url);
  });
  return pool;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const url = await createTestDatabase({ seeded: true });
  const ownerPool = createPool(url.toString(), 2);
  const pool = createPool(asRole(url.toString(), APP_ROLE, TEST_APP_PASSWORD), 5);
  const simulatorsPool = createPool(asRole(url.toString(), APP_ROLE, TEST_APP_PASSWORD), 3);
  const clock = {
    now: new Date(START),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  // The eSign sweeper and the audit anchor's timer are driven by the tests themselves (their clock
  // stands still; they count checkpoints).
  const config = loadConfig({
    TAWQI_MODE: 'demo',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    ESIGN_SWEEP_SECONDS: '0',
    AUDIT_ANCHOR_SECONDS: '0',
    PAYMENT_RECONCILE_MINUTES: '0',
    CLAMD_ADDRESS: inject('clamdAddress'),
    // Each server's anchors apart (the default is in DATA_DIR, shared by every test file).
    AUDIT_ANCHOR_FILE: join(mkdtempSync(join(tmpdir(), 'tawqi-anchors-')), 'audit-anchors.jsonl'),
    ...env,
  });
  let baseUrl = '';
  // Translation files as the portal will ship them.
  const localesDir = mkdtempSync(join(tmpdir(), 'tawqi-locales-'));
  for (const [language, title] of [
    ['ar', 'توقيع'],
    ['en', 'Tawqi'],
  ] as const) {
    mkdirSync(join(localesDir, language));
    writeFileSync(
      join(localesDir, language, 'index.json'),
      JSON.stringify({ title, nested: { hello: title } }),
    );
  }
  const parts = await createServer({
    config,
    pool,
    simulatorsPool,
    clock: () => clock.now,
    selfOrigin: () => baseUrl,
    localesDir,
  });
  baseUrl = await parts.app.listen({ host: '127.0.0.1', port: 0 });
  afterAll(async () => {
    await parts.app.close();
    await pool.end();
    await simulatorsPool.end();
    await ownerPool.end();
    await dropTestDatabase(url);
  });
  if (!parts.simulator || !parts.gatewaySimulator) throw new Error('demo mode has the simulators');
  const harness: Harness = {
    ...parts,
    simulator: parts.simulator,
    gatewaySimulator: parts.gatewaySimulator,
    pool,
    ownerPool,
    baseUrl,
    async demoPerson(username) {
      const { rows } = await ownerPool.query<{ user_slno: number; national_id: string }>(
        'SELECT user_slno, national_id FROM users WHERE username = $1',
        [username],
      );
      const row = rows[0];
      if (!row) throw new Error(`the demo world has no ${username}`);
      return { userSlno: row.user_slno, nationalId: row.national_id };
    },
    async signIn(nationalID, deviceId = DEVICE, userAgent) {
      const call = (path: string, body: object) =>
        harness.call('POST', `/api/v1/auth/nafath/login/${path}`, {
          body,
          deviceId,
          ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
        });
      const started = await call('initiate', { nationalID });
      await parts.simulator?.answer(started.body.transId, 'approve');
      const verified = await call('verify', { nationalID, transId: started.body.transId });
      return verified.body.session;
    },
    notifyPayment(payment, event = {}) {
      const body = JSON.stringify({
        eventId: event.eventId ?? `evt_${randomUUID()}`,
        sentAt: (event.sentAt ?? clock.now).toISOString(),
        payment,
      });
      return fetch(`${baseUrl}/api/v1/payments/callback`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-gateway-signature': signBody(DEMO_SECRETS.gatewayCallback, body),
        },
        body,
      });
    },
    appWith: (standIns, watch = (access) => access) =>
      buildApp({
        config,
        pool,
        access: watch(
          createAccess({
            pool,
            signer: parts.deps.signer,
            clock: () => clock.now,
            limits: sessionLimits(config),
          }),
        ),
        handlers: { ...parts.handlers, ...standIns },
        clock: () => clock.now,
        rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      }),
    auditContext: (overrides = {}) => ({ ...SYSTEM_CONTEXT, requestId: 'test', ...overrides }),
    clock,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = {
        'x-device-id': options.deviceId ?? DEVICE,
        'accept-language': options.language ?? 'en',
        ...options.headers,
      };
      const bytes = options.body instanceof Uint8Array;
      if (options.body !== undefined && !bytes) headers['content-type'] ??= 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(options.body === undefined
          ? {}
          : {
              body:
                typeof options.body === 'string'
                  ? options.body
                  : options.body instanceof Uint8Array
                    ? new Blob([options.body as Uint8Array<ArrayBuffer>])
                    : JSON.stringify(options.body),
            }),
      });
      const raw = Buffer.from(await response.arrayBuffer());
      const text = raw.toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body, headers: response.headers, raw };
    },
  };
  return harness;
}

export const DEVICE = 'd'.repeat(64);

/** A valid national id beginning with these nine digits (its check digit added). */
export function validNationalId(nine: string): string {
  for (let check = 0; check <= 9; check += 1)
    if (isValidNationalId(`${nine}${String(check)}`)) return `${nine}${String(check)}`;
  throw new Error(`no check digit makes ${nine} valid`);
}

/** A person's answer to the embedded captcha of a harness's server, as the portal's widget makes it. */
export async function captchaToken(h: Pick<Harness, 'call'>): Promise<string> {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const challenge = await h.call('GET', '/api/v1/common/captcha/challenge');
  if (challenge.status !== 200)
    throw new Error(`no captcha challenge: ${String(challenge.status)}`);
  const solution = await solveChallenge({ challenge: challenge.body, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge: challenge.body, solution })).toString('base64');
}

/**
 * A production configuration with every real service named (none is reached by the tests), its
 * keys in the SoftHSM token `token` (which the test makes: production makes none).
 */
export function productionEnv(token: string, pin: string): Record<string, string> {
  /** A secret as `openssl rand -hex 32` makes one (fixed per name, so a test may name it). */
  const secret = (name: string) => createHash('sha256').update(`tawqi test ${name}`).digest('hex');
  return {
    TAWQI_MODE: 'production',
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'https://tawqi.example.sa',
    AUDIT_ANCHOR_FILE: join(tmpdir(), 'tawqi-production-anchors', `${token}.jsonl`),
    DATABASE_URL: 'postgres://tawqi_app:secret@db.internal:5432/tawqi',
    SERVER_SECRET: secret('server'),
    AUDIT_KEY: secret('audit'),
    HSM_MODULE: findSoftHsm(),
    HSM_TEST_MODULE: 'true',
    HSM_TOKEN: token,
    HSM_PIN: pin,
    NAFATH_BASE_URL: 'https://nafath.example.sa',
    NAFATH_APP_ID: 'tawqi',
    NAFATH_APP_KEY: secret('nafath'),
    GATEWAY_BASE_URL: 'https://gateway.example.sa',
    GATEWAY_API_KEY: secret('gateway'),
    GATEWAY_CALLBACK_SECRET: secret('callback'),
    NOTIFIER_URL: 'https://relay.example.sa/messages',
    NOTIFIER_TOKEN: secret('notifier'),
    CLAMD_ADDRESS: inject('clamdAddress'),
  };
}

/** Whom a test's certificate names: a person of the test's own (test/world.ts). */
export interface CertificateSubject {
  userSlno: number;
  nationalId: string;
  name: string;
}

/**
 * A signer of the service's for `person`, as the eSign service makes one: a key made in the module
 * for the task, and a certificate from the authority `authority` (the harness's by default).
 */
export async function serviceSigner(
  h: Pick<Harness, 'pool' | 'deps'>,
  person: CertificateSubject,
  authority: Pick<Authority, 'issue'> = h.deps.authority,
) {
  const key = await h.deps.vault.generateForSession('P-256');
  const certificate = await authority.issue(h.pool, {
    publicKey: await x509.PublicKey.create(key.publicKey),
    name: { nameEnglish: person.name, nationalId: person.nationalId },
    level: 'identityApp',
    months: 1,
    userSlno: person.userSlno,
    orgSlno: null,
    class: 'individual',
  });
  return { key, certificate };
}

/**
 * A signer whose key is in this process: a holder's own key (the .p12 a person keeps), never one
 * of the service's, whose keys are in the module.
 */
export function holderSigner(keys: CryptoKeyPair, hash: Signer['hash'] = 'SHA-256'): Signer {
  return {
    hash,
    publicKey: keys.publicKey,
    sign: (data) => webcrypto.subtle.sign({ name: 'ECDSA', hash }, keys.privateKey, data),
  };
}

/**
 * A document signer's certificate of our CA for a P-256 key made here (extractable: a test may act
 * as its holder, who has both in a .p12 file), naming `person`.
 */
export async function subscriberCertificate(
  h: Pick<Harness, 'pool' | 'deps'>,
  person: CertificateSubject,
): Promise<{ certificate: x509.X509Certificate; keys: CryptoKeyPair }> {
  const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const { userSlno, nationalId } = person;
  const certificate = await h.deps.authority.issue(h.pool, {
    publicKey: await x509.PublicKey.create(keys.publicKey),
    name: { nameEnglish: person.name, nationalId },
    level: 'identityApp',
    months: 12,
    userSlno,
    orgSlno: null,
    class: 'individual',
  });
  return { certificate, keys };
}
