// Row sources for the export writer's tests (limits.test.ts): the exports' process imports this
// module by its path, as it imports the built gridExports.js for a grid's export.
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';

/** Where the rows are read: this process's id, its session's, and its threads' priorities. */
function whereRead() {
  const stat = readFileSync('/proc/self/stat', 'latin1');
  const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
  let autogroup = null;
  try {
    autogroup = readFileSync('/proc/self/autogroup', 'latin1').trim();
  } catch {
    // No autogroup on this kernel.
  }
  const threads = readdirSync('/proc/self/task').map((thread) => getPriority(Number(thread)));
  return JSON.stringify({ pid: process.pid, session, threads, autogroup });
}

/**
 * `{ rows: n }`: n rows of 12 cells; `{ rows: 'endless' }`: rows without end. Each row's first
 * cell says where it was read (`whereRead`).
 */
export default function* rows({ rows: count }) {
  const where = whereRead();
  for (let row = 0; count === 'endless' || row < count; row += 1)
    yield [
      where,
      ...Array.from({ length: 11 }, (_, index) =>
        index % 3 === 0 ? row * index : `Value ${String(row)}-${String(index)}`,
      ),
    ];
}
