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
import { APP_ROLE } from '../src/db/roles.js';
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
  }
}

let embedded: EmbeddedDatabase | null = null;
let dataDir: string | null = null;

export async function setup(project: TestProject): Promise<void> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    await createAppRole(external);
    project.provide('adminDatabaseUrl', external);
    return;
  }
  dataDir = mkdtempSync(join(tmpdir(), 'tawqi-test-pg-'));
  embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  await createAppRole(embedded.urlOf('postgres'));
  project.provide('adminDatabaseUrl', embedded.urlOf('postgres'));
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
