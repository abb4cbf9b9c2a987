// Row sources for the export writer's tests (limits.test.ts): the worker thread imports this
// module by its path, as it imports the built gridExports.js for a grid's export.
import { isMainThread } from 'node:worker_threads';

/**
 * `{ rows: n }`: n rows of 12 cells; `{ rows: 'endless' }`: rows without end. Each row's first
 * cell says whether it was read on the server's thread.
 */
export default function* rows({ rows: count }) {
  for (let row = 0; count === 'endless' || row < count; row += 1)
    yield [
      isMainThread ? 'main thread' : 'worker thread',
      ...Array.from({ length: 11 }, (_, index) =>
        index % 3 === 0 ? row * index : `Value ${String(row)}-${String(index)}`,
      ),
    ];
}
