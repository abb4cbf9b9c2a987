import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { untraversableAncestor } from '../src/db/embedded.js';

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
