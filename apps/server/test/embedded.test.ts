import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  runningPostmaster,
  startEmbeddedPostgres,
  untraversableAncestor,
} from '../src/db/embedded.js';
import { followStart, freePort } from '../../../scripts/start-server.mjs';

const BUILT = new URL('../dist/db/embedded.js', import.meta.url).href;

describe('the embedded database’s folder', () => {
  it('names the first folder above it that the postgres user cannot pass through', () => {
    const home = mkdtempSync(join(tmpdir(), 'tawqi-home-'));
    const dataDir = join(home, 'checkout', '.data');
    mkdirSync(dataDir, { recursive: true });
    chmodSync(home, 0o755);
    expect(untraversableAncestor(dataDir)).toBeNull();
    chmodSync(home, 0o700);
    expect(untraversableAncestor(dataDir)).toBe(home);
    chmodSync(home, 0o755);
  });
});

describe('a start after an unclean exit (issue 42)', () => {
  it(
    'takes up the PostgreSQL a killed server left running, and stops it with itself',
    { timeout: 600_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'tawqi-orphan-'));
      const port = await freePort();
      // A server that starts its database, then is killed (kill -9): its PostgreSQL runs on.
      const killed = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { startEmbeddedPostgres } = await import(${JSON.stringify(BUILT)});
         await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${String(port)} });
         console.log('ready');
         setInterval(() => {}, 60_000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await followStart(killed, { ready: 'ready' });
      killed.kill('SIGKILL');
      await new Promise((resolve) => killed.once('exit', resolve));
      const orphan = runningPostmaster(join(dataDir, 'postgres'));
      expect(orphan).toMatchObject({ port });

      const database = await startEmbeddedPostgres({ dataDir, port });
      try {
        await database.createDatabase('after_the_crash');
        const client = new pg.Client({ connectionString: database.urlOf('after_the_crash') });
        await client.connect();
        expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        await client.end();
      } finally {
        await database.stop();
      }
      expect(runningPostmaster(join(dataDir, 'postgres'))).toBeNull();
      rmSync(dataDir, { recursive: true, force: true });
    },
  );
});
