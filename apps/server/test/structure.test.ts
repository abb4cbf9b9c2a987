/**
 * The server's house as rooms.json declares it: every import of src/ points down the floors, or
 * along a floor where the table says so, and none closes a circle of files or of rooms.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SOURCE,
  breaches,
  functionLengths,
  readSource,
  readTable,
  sourceFiles,
} from '../scripts/structure.mjs';

describe('the rooms of the server', () => {
  it('hold every import of src/: down the floors, along one where declared, and no circle', () => {
    expect(breaches(readSource(), readTable())).toEqual([]);
  });

  it('hold functions a reader can follow (120 lines at most) in files under 600 lines, but declared data', () => {
    /** Files that are data, long by their nature: what each holds. */
    const data: Record<string, string> = {
      'demo/world.ts': "the demo world's providers, organizations and people",
      'config.ts': 'the configuration: one described entry per setting',
    };
    const long = sourceFiles()
      .filter((file) => !(file in data))
      .filter((file) => readFileSync(join(SOURCE, file), 'utf8').split('\n').length > 600);
    expect(long).toEqual([]);
    const functions = functionLengths()
      .filter((entry) => entry.lines > 120)
      .map(
        (entry) =>
          `${entry.file}:${String(entry.line)} ${entry.name} (${String(entry.lines)} lines)`,
      );
    expect(functions).toEqual([]);
  });

  it('are tested in worlds of the tests’ own: only the demo world’s tests name its people', () => {
    /** The tests of the demo world itself, and why each reads it. */
    const demoWorldTests: Record<string, string> = {
      'tenancy.test.ts':
        'the walk attacks the demo world’s canary, which other tenants must never see',
      'newUsers.test.ts': 'the demo’s pending requests carry a letter a reader can open',
    };
    const tests = new URL('.', import.meta.url);
    const naming = readdirSync(tests)
      // This file names the call it looks for: not a test that calls it.
      .filter(
        (file) => file.endsWith('.ts') && !(file in demoWorldTests) && file !== 'structure.test.ts',
      )
      .filter((file) => readFileSync(new URL(file, tests), 'utf8').includes('.demoPerson('));
    expect(naming).toEqual([]);
  });

  it('are each drawn in ARCHITECTURE.md, on their floor', () => {
    const map = readFileSync(new URL('../ARCHITECTURE.md', import.meta.url), 'utf8');
    const table = readTable();
    const missing = [...table.rooms.keys()].filter((room) => !map.includes(`\`${room}\``));
    expect(missing).toEqual([]);
    for (const floor of table.floors) expect(map).toContain(floor.floor);
  });

  it('fail an arrow up a floor, one along a floor the table does not name, a circle, and a room it lacks', () => {
    const folder = mkdtempSync(join(tmpdir(), 'tawqi-rooms-'));
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(folder, 'src', file)), { recursive: true });
      writeFileSync(join(folder, 'src', file), text);
    };
    try {
      writeFileSync(
        join(folder, 'rooms.json'),
        JSON.stringify({
          floors: [
            { floor: 'ground', says: '', rooms: { db: { owns: '', imports: [] } } },
            {
              floor: 'areas',
              says: '',
              rooms: {
                'modules/a': { owns: '', imports: [] },
                'modules/b': { owns: '', imports: ['modules/a'] },
              },
            },
          ],
          upward: [],
        }),
      );
      write('db/pool.ts', "import { a } from '../modules/a/a.js';\nexport const pool = a;\n");
      write('modules/a/a.ts', "import type { B } from '../b/b.js';\nexport const a = 1;\n");
      write('modules/b/b.ts', "import { a } from '../a/a.js';\nexport type B = typeof a;\n");
      write('modules/c/c.ts', "import { pool } from '../../db/pool.js';\nexport const c = pool;\n");
      const found = breaches(
        readSource(join(folder, 'src')),
        readTable(join(folder, 'rooms.json')),
      );
      expect(found).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^db → modules\/a \(ground → areas, upward\)/),
          expect.stringMatching(/^modules\/a → modules\/b \(areas → areas, not declared\)/),
          'a circle of files: modules/a/a.ts, modules/b/b.ts',
          'a circle of rooms: modules/a, modules/b',
          'modules/c/c.ts: its room modules/c is not in rooms.json',
        ]),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
