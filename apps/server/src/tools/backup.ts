/**
 * `npm run backup [-- file.tar.gz]` and `npm run restore -- file.tar.gz`: everything
 * Tawqi keeps, of the configured database (DATABASE_OWNER_URL or DATABASE_URL, or the embedded
 * one in DATA_DIR — running or not) and the files beside it (src/db/backup.ts). A restore goes
 * into an empty database (a new DATA_DIR in demo mode) and refuses anything else, changing
 * nothing. Exits 0 when done, 1 when refused, 2 when the configuration is wrong.
 */
import { join, resolve } from 'node:path';
import { softHsmTokenFolder } from '../adapters/hsm/softHsm.js';
import type { Config } from '../config.js';
import { BackupError, restoreBackup, writeBackup, type OutsideFiles } from '../db/backup.js';
import { toolConfig, toolDatabase } from './database.js';

function outsideFiles(config: Config): OutsideFiles {
  return {
    auditAnchor: config.auditAnchorFile,
    documents:
      config.DOCUMENT_STORE === 'disk'
        ? resolve(config.DOCUMENT_DIR ?? join(config.DATA_DIR, 'documents'))
        : null,
    softHsmTokens: softHsmTokenFolder({ ...config.hsm, dataDir: config.DATA_DIR }),
  };
}

/** Paths are the caller's, not the workspace's npm runs the tool in. */
const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  const config = toolConfig();
  if (!config) return 2;
  if (command !== 'backup' && command !== 'restore') {
    console.error('usage: backup [file.tar.gz] | restore file.tar.gz');
    return 2;
  }
  if (command === 'restore' && !file) {
    console.error('restore: name the backup to restore (npm run restore -- file.tar.gz)');
    return 2;
  }
  const archive = fromCaller(
    file ?? `tawqi-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
  );
  const { pool, close } = await toolDatabase(config, {
    owner: true,
    create: command === 'restore',
  });
  try {
    const outside = outsideFiles(config);
    if (command === 'backup') {
      const manifest = await writeBackup(pool, outside, archive);
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `backup written to ${archive}: ${String(manifest.tables.length)} tables, ${String(rows)} rows, migrations to ${manifest.migrations.at(-1) ?? '(none)'}${
          manifest.outside.length ? `, and ${manifest.outside.join(', ')}` : ''
        }`,
      );
      console.log(
        'Not in it (keep them yourself): SERVER_SECRET, AUDIT_KEY, HSM_PIN and the other secrets of the configuration; a hardware HSM; an S3 document store.',
      );
    } else {
      const { manifest, keptLive } = await restoreBackup(pool, archive, outside);
      const restoredFiles = manifest.outside.filter((name) => !keptLive.includes(name));
      console.log(
        `restored ${archive} (made ${manifest.madeAt}): ${String(manifest.tables.length)} tables${
          restoredFiles.length ? `, and ${restoredFiles.join(', ')}` : ''
        }. Check it with npm run audit:verify.`,
      );
      if (keptLive.includes('auditAnchor'))
        console.log(
          `The live audit anchor ${outside.auditAnchor ?? ''} was kept, not the backup's: npm run audit:verify compares the restored log with it and names the records anchored after the backup, which the restore lost.`,
        );
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(`${command}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await close();
  }
}

process.exit(await main());
