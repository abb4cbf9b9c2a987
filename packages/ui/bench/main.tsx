/**
 * The DataGrid benchmark page (run by run.mjs in Chromium, production build). It measures:
 * - swapping a 100-row page, DataGrid against a plain <table> of the same rows;
 * - mounting 100,000 client-side rows (virtualized) and the DOM it builds;
 * - frame times while the 100,000 rows are scrolled by script.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { DataGrid, StatusBadge, UiProvider, type DataGridColumn } from '../src/index.js';

interface Row {
  id: string;
  name: string;
  email: string;
  unit: string;
  created: string;
  amount: string;
  status: 'Approved' | 'Pending';
}

function makeRows(count: number, offset = 0): Row[] {
  return Array.from({ length: count }, (_, index) => {
    const i = index + offset;
    return {
      id: `U-${String(i)}`,
      name: `User ${String(i)}`,
      email: `user${String(i)}@example.sa`,
      unit: ['Finance', 'Legal', 'IT'][i % 3] ?? 'Finance',
      created: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
      amount: `SAR ${String(100 + (i % 900))}.00`,
      status: i % 2 ? 'Approved' : 'Pending',
    };
  });
}

const columns: DataGridColumn<Row>[] = [
  { id: 'id', header: 'Id', cell: (row) => row.id, isRowHeader: true },
  { id: 'name', header: 'Name', cell: (row) => row.name },
  { id: 'email', header: 'E-mail', cell: (row) => row.email },
  { id: 'unit', header: 'Unit', cell: (row) => row.unit },
  { id: 'created', header: 'Created', cell: (row) => row.created },
  { id: 'amount', header: 'Amount', cell: (row) => row.amount, align: 'end' },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <StatusBadge tone={row.status === 'Approved' ? 'success' : 'warning'} label={row.status} />
    ),
  },
];

function PlainTable({ rows }: { rows: Row[] }) {
  return (
    <table>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.id}>{column.header}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((column) => (
              <td key={column.id}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function inProvider(node: React.ReactNode) {
  return <UiProvider locale="en-US">{node}</UiProvider>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function freshRoot(): { root: Root; container: HTMLElement } {
  const container = document.createElement('div');
  document.body.append(container);
  return { root: createRoot(container), container };
}

/** Median time (ms) to swap between two 100-row pages, rendered synchronously. */
function swapTime(render: (rows: Row[]) => React.ReactNode, swaps: number): number {
  const { root, container } = freshRoot();
  const pages = [makeRows(100, 0), makeRows(100, 100)];
  flushSync(() => {
    root.render(inProvider(render(pages[0] ?? [])));
  });
  const times: number[] = [];
  for (let i = 1; i <= swaps; i += 1) {
    const start = performance.now();
    flushSync(() => {
      root.render(inProvider(render(pages[i % 2] ?? [])));
    });
    times.push(performance.now() - start);
  }
  root.unmount();
  container.remove();
  return median(times);
}

async function scrollFrames(scroller: HTMLElement, frames: number): Promise<number[]> {
  const intervals: number[] = [];
  let last = performance.now();
  for (let frame = 0; frame < frames; frame += 1) {
    scroller.scrollTop += 400;
    await new Promise(requestAnimationFrame);
    const now = performance.now();
    intervals.push(now - last);
    last = now;
  }
  return intervals;
}

async function runBench() {
  // Warm up both, so the first measurement does not pay for code loading.
  swapTime((rows) => <PlainTable rows={rows} />, 5);
  swapTime(
    (rows) => <DataGrid label="Users" columns={columns} rows={rows} rowKey={(row) => row.id} />,
    5,
  );
  const swaps = 40;
  const plain = swapTime((rows) => <PlainTable rows={rows} />, swaps);
  const grid = swapTime(
    (rows) => <DataGrid label="Users" columns={columns} rows={rows} rowKey={(row) => row.id} />,
    swaps,
  );

  const big = makeRows(100_000);
  const { root, container } = freshRoot();
  const mountStart = performance.now();
  flushSync(() => {
    root.render(
      inProvider(
        <DataGrid
          label="All users"
          columns={columns}
          rows={big}
          rowKey={(row) => row.id}
          maxHeight="600px"
        />,
      ),
    );
  });
  // The virtualizer measures its scroll element after mount; give it the next frame.
  await new Promise(requestAnimationFrame);
  const mountMs = performance.now() - mountStart;
  const domNodes = container.querySelectorAll('*').length;
  const rowCount = container.querySelector('[role="grid"]')?.getAttribute('aria-rowcount');
  const scroller = container.querySelector<HTMLElement>('[role="grid"]')?.parentElement;
  const frames = scroller ? await scrollFrames(scroller, 120) : [];
  const domNodesAfterScroll = container.querySelectorAll('*').length;
  root.unmount();
  container.remove();

  return {
    pageSwap: {
      plainTableMs: plain,
      dataGridMs: grid,
      ratio: grid / plain,
      swaps,
      rows: 100,
      columns: columns.length,
    },
    largeSet: {
      rows: big.length,
      mountMs,
      domNodes,
      domNodesAfterScroll,
      ariaRowCount: rowCount,
      frameMs: { median: median(frames), p95: percentile(frames, 95), max: Math.max(...frames) },
    },
  };
}

declare global {
  interface Window {
    runBench: typeof runBench;
  }
}
window.runBench = runBench;
