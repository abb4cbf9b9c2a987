/**
 * Each test file's own SoftHSM tokens, in a folder of its own: files run in parallel processes,
 * and SoftHSM's file store is not made for several processes creating one token at once. The
 * servers of the file then make their demo token there, as `npm start` does in DATA_DIR.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useSoftHsmFolder } from '../src/adapters/hsm/softHsm.js';

if (!process.env.SOFTHSM2_CONF) {
  const folder = mkdtempSync(join(tmpdir(), 'tawqi-softhsm-'));
  useSoftHsmFolder(folder);
  // When the process ends: the module keeps its files open until then.
  process.on('exit', () => {
    rmSync(folder, { recursive: true, force: true });
  });
}
