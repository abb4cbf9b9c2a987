/**
 * One real PostgreSQL for the test run: the embedded server in a temporary folder on a free
 * port, or the server of TEST_DATABASE_URL (CI's second run uses Debian's PostgreSQL 15).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.js';
import { prepareDatabase } from '../src/db/migrate.js';
import { createPool } from '../src/db/pool.js';
import { APP_ROLE, grantApplicationRole } from '../src/db/roles.js';
import { seedDemoData } from '../src/demo/seed.js';
import { START } from './harness.js';
import { startClamd, type Scanner } from '../src/adapters/scanner/clamd.js';
import { freePort } from '../../../scripts/start-server.mjs';

/** The application's role in the tests: created once here, granted per test database. */
export const TEST_APP_PASSWORD = 'tawqi-app-test';

async function createAppRole(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  await admin.query(
    `${exists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${APP_ROLE} LOGIN PASSWORD '${TEST_APP_PASSWORD}'`,
  );
  // The tests' owner may end the application's connections (DROP DATABASE … WITH (FORCE)).
  await admin.query(`GRANT ${APP_ROLE} TO current_user`);
  await admin.end();
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** A database migrated and seeded once, which each test harness copies. */
    seededTemplate: string;
    /** The run's one clamd (CLAMD_ADDRESS), with the signatures the project ships. */
    clamdAddress: string;
  }
}

const TEMPLATE = 'tawqi_seeded_template';

/** Migrates and seeds the template the harnesses copy; no connection stays open to it. */
async function createSeededTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE}`;
  const owner = createPool(url.toString(), 2, console.error, 0);
  try {
    await prepareDatabase(owner);
    await seedDemoData(owner, START);
    await grantApplicationRole(owner, APP_ROLE);
  } finally {
    await owner.end();
  }
}

let embedded: EmbeddedDatabase | null = null;
let dataDir: string | null = null;
let clamd: { dir: string; scanner: Scanner } | null = null;

export async function setup(project: TestProject): Promise<void> {
  // One malware scanner for the run, as demo mode starts it (every upload passes through it).
  const clamdDir = mkdtempSync(join(tmpdir(), 'tawqi-test-clamd-'));
  clamd = { dir: clamdDir, scanner: await startClamd({ dir: clamdDir }) };
  project.provide('clamdAddress', `unix:${join(clamdDir, 'clamd.sock')}`);
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    await createAppRole(external);
    await createSeededTemplate(external);
    project.provide('adminDatabaseUrl', external);
    project.provide('seededTemplate', TEMPLATE);
    return;
  }
  dataDir = mkdtempSync(join(tmpdir(), 'tawqi-test-pg-'));
  embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  await createAppRole(embedded.urlOf('postgres'));
  await createSeededTemplate(embedded.urlOf('postgres'));
  project.provide('adminDatabaseUrl', embedded.urlOf('postgres'));
  project.provide('seededTemplate', TEMPLATE);
}

export async function teardown(): Promise<void> {
  await clamd?.scanner.close();
  if (clamd) rmSync(clamd.dir, { recursive: true, force: true });
  await embedded?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
