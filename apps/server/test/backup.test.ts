/**
 * Backups that restore (issue 42): `npm run backup` of a running server's database and the files
 * beside it, `npm run restore` into a new database, and `audit:verify` holds there — the built
 * tools, as an operator runs them.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPool } from '../src/db/pool.js';
import { createTestDatabase, dropTestDatabase, startHarness } from './harness.js';
import { freshPerson } from './world.js';
import { runNode } from './processes.js';

const TOOL = fileURLToPath(new URL('../dist/tools/backup.js', import.meta.url));
const VERIFY = fileURLToPath(new URL('../dist/tools/auditVerify.js', import.meta.url));

const h = await startHarness();
const person = await freshPerson(h);
const sourceUrl = (h.ownerPool as unknown as { options: { connectionString: string } }).options
  .connectionString;

/** A built tool run as an operator runs it, in demo mode with its own DATA_DIR. */
const run = (script: string, args: string[], env: Record<string, string>) =>
  runNode([script, ...args], {
    ...process.env,
    TAWQI_MODE: 'demo',
    CLAMD_ADDRESS: inject('clamdAddress'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tawqi-backup-data-')),
    ...env,
  });

/** Every table's row count, and every sequence's value. */
async function census(url: string) {
  const pool = createPool(url, 1, () => undefined, 0);
  try {
    const tables = (
      await pool.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      )
    ).rows;
    const rows: Record<string, number> = {};
    for (const { name } of tables)
      rows[name] =
        (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`)).rows[0]?.n ??
        0;
    const sequences = (
      await pool.query<{ name: string; value: number | null }>(
        "SELECT sequencename AS name, last_value AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1",
      )
    ).rows;
    return { rows, sequences };
  } finally {
    await pool.end();
  }
}

describe('npm run backup and npm run restore', () => {
  it('restore a running server into a new database where audit:verify holds', async () => {
    // Something in the audit log past the seeded world, and a signed checkpoint in the anchor.
    await h.signIn(person.nationalId);
    await h.deps.audit.checkpoint(h.pool, { evenIfUnchanged: true });
    const work = mkdtempSync(join(tmpdir(), 'tawqi-backup-test-'));
    const documents = join(work, 'documents');
    mkdirSync(join(documents, 'ab'), { recursive: true });
    writeFileSync(join(documents, 'ab', 'document'), 'bytes of a stored document');
    const archive = join(work, 'tawqi.tar.gz');

    const made = await run(TOOL, ['backup', archive], {
      DATABASE_URL: sourceUrl,
      AUDIT_ANCHOR_FILE: h.deps.config.auditAnchorFile,
      DOCUMENT_STORE: 'disk',
      DOCUMENT_DIR: documents,
    });
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toContain('backup written to');
    const before = await census(sourceUrl);

    const target = await createTestDatabase();
    afterAll(() => dropTestDatabase(target));
    const restoredAnchor = join(work, 'restored', 'anchors.jsonl');
    const restoredDocuments = join(work, 'restored', 'documents');
    // The tests' SoftHSM tokens (SOFTHSM2_CONF) are in the backup; these go to a new folder.
    const restoredTokens = join(work, 'restored', 'tokens');
    const softHsmConfIn = (tokens: string) => {
      const conf = join(tokens, '..', 'softhsm2.conf');
      mkdirSync(join(tokens, '..'), { recursive: true });
      writeFileSync(conf, `directories.tokendir = ${tokens}\n`);
      return conf;
    };
    const softHsmConf = softHsmConfIn(restoredTokens);
    const restoreEnv = {
      SOFTHSM2_CONF: softHsmConf,
      DATABASE_URL: target.toString(),
      AUDIT_ANCHOR_FILE: restoredAnchor,
      DOCUMENT_STORE: 'disk',
      DOCUMENT_DIR: restoredDocuments,
    };
    const restored = await run(TOOL, ['restore', archive], restoreEnv);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);

    const after = await census(target.toString());
    // Every row of every table, and no sequence behind the rows it numbered.
    expect(after.rows).toEqual(before.rows);
    expect(after.sequences).toEqual(before.sequences);
    expect(readFileSync(restoredAnchor, 'utf8')).toBe(
      readFileSync(h.deps.config.auditAnchorFile, 'utf8'),
    );
    expect(readFileSync(join(restoredDocuments, 'ab', 'document'), 'utf8')).toBe(
      'bytes of a stored document',
    );

    expect(readdirSync(restoredTokens).length).toBeGreaterThan(0);

    const verified = await run(VERIFY, [], restoreEnv);
    expect(verified.code).toBe(0);
    expect(verified.out).toContain('audit log verified');
    expect(verified.out).toMatch(/records of the anchor of .* present/);

    // A second restore over it is refused, and changes nothing.
    const again = await run(TOOL, ['restore', archive], restoreEnv);
    expect(again.code).toBe(1);
    expect(again.err).toContain('the database is not empty');
    expect((await census(target.toString())).rows).toEqual(before.rows);

    // A restore where the live anchor is kept (in production: on storage nobody rewrites) keeps
    // it, and audit:verify names what was anchored after the backup and lost with the restore.
    for (let i = 0; i < 3; i += 1) await h.signIn(person.nationalId);
    const anchored = await h.deps.audit.checkpoint(h.pool, { evenIfUnchanged: true });
    const liveAnchor = readFileSync(h.deps.config.auditAnchorFile, 'utf8');
    const lost = await createTestDatabase();
    afterAll(() => dropTestDatabase(lost));
    const overLive = {
      ...restoreEnv,
      DATABASE_URL: lost.toString(),
      AUDIT_ANCHOR_FILE: h.deps.config.auditAnchorFile,
      DOCUMENT_DIR: join(work, 'restored-again', 'documents'),
      SOFTHSM2_CONF: softHsmConfIn(join(work, 'restored-again', 'tokens')),
    };
    const keptLive = await run(TOOL, ['restore', archive], overLive);
    expect(keptLive.err).toBe('');
    expect(keptLive.code).toBe(0);
    expect(keptLive.out).toContain('The live audit anchor');
    expect(readFileSync(h.deps.config.auditAnchorFile, 'utf8')).toBe(liveAnchor);
    const checked = await run(VERIFY, [], overLive);
    expect(checked.code).toBe(1);
    expect(checked.err).toMatch(
      new RegExp(
        `the log was cut: the anchor kept outside the database .* counted ${String(anchored?.auditSlno)} records`,
      ),
    );

    // Nor is anything else taken for a backup.
    const stranger = join(work, 'not-a-backup.tar.gz');
    writeFileSync(stranger, 'hello');
    const empty = await createTestDatabase();
    afterAll(() => dropTestDatabase(empty));
    const refused = await run(TOOL, ['restore', stranger], {
      ...restoreEnv,
      DATABASE_URL: empty.toString(),
    });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('is not a Tawqi backup');
  });
});
