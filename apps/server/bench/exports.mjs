#!/usr/bin/env node
// `npm run bench` for the server: writes 10,000 and 100,000 rows × 12 columns through the export
// writer into a discarding stream and reports time and peak memory, to show that memory stays flat
// as rows grow (SECURITY.md "Exports"). Reported, not asserted.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { writeXlsx } from '../dist/modules/exports/xlsx.js';

const columns = Array.from({ length: 12 }, (_, index) => ({
  header: { en: `Column ${String(index + 1)}`, ar: `العمود ${String(index + 1)}` },
  value: (row) => (index % 3 === 0 ? row * index : `Value ${String(row)}-${String(index)}`),
}));

async function measure(count) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let bytes = 0;
  const sink = new Writable({
    write(chunk, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  function* rows() {
    for (let row = 0; row < count; row += 1) yield row;
  }
  const start = performance.now();
  await writeXlsx(sink, { sheetName: 'Bench', columns, rows: rows(), language: 'ar' });
  const ms = performance.now() - start;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    rows: count,
    ms: Math.round(ms),
    megabytesWritten: +(bytes / 1e6).toFixed(1),
    peakRssGrowthMb: Math.round((peak - before) / 1e6),
  };
}

const results = [await measure(10_000), await measure(100_000)];
const out = fileURLToPath(new URL('../bench-results/exports.json', import.meta.url));
mkdirSync(fileURLToPath(new URL('../bench-results', import.meta.url)), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`,
);
console.log('Export writer (.xlsx, 12 columns, streamed)');
for (const result of results)
  console.log(
    `  ${String(result.rows).padStart(7)} rows: ${String(result.ms)} ms, ${String(result.megabytesWritten)} MB written, peak RSS growth ${String(result.peakRssGrowthMb)} MB`,
  );
console.log(`  written to ${out}`);
