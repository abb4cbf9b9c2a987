#!/usr/bin/env node
// `npm run bench` for the server: a 100,000-row organization export (issue 15). The built server
// (as `npm start` runs it, its own process) exports organization 314's eSign transactions, topped
// up to 100,000 rows in its database, through HTTP — session, tenant, PostgreSQL read a batch at
// a time, .xlsx written as a stream — and the whole file is read. Beside it, in this process,
// exceljs's streaming writer writes the same sheet from memory: the file's own cells, read back.
// Targets: the HTTP export ≤ 1.5× exceljs's time, and the server's peak RSS growth during it
// ≤ 256 MB. Reported, not asserted; written to bench-results/orgExport.json. Sends only to
// 127.0.0.1 and stops by itself.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { startBuiltServer } from '../../../scripts/start-server.mjs';
import { benchCalls } from './kit.mjs';

const ROWS = 100_000;
const RUNS = 3;
const DEVICE = 'bench-device-0002';

const server = await startBuiltServer({
  env: {
    RATE_LIMIT_PER_MINUTE: '100000000',
    CONNECTIONS_PER_ADDRESS: '0',
    EXPORTS_PER_MINUTE: '1000',
    LOG_LEVEL: 'warn',
  },
  // PROFILE_DIR=/tmp/profile writes the server's CPU profile there (open it in Chromium's DevTools).
  nodeArgs: process.env.PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`]
    : [],
});
const { call, signInAsSara: signIn } = benchCalls(server.baseUrl, DEVICE);

/** The server process's resident memory, in bytes (Linux). */
function serverRss() {
  const status = readFileSync(`/proc/${String(server.pid)}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Organization 314's transactions, made exactly ROWS (the demo world has 12,000). */
async function topUp(db) {
  const { rows } = await db.query(
    'SELECT count(*)::int AS count, min(user_slno) AS person FROM esign_transactions WHERE org_slno = 314',
  );
  // In statements of a thousand: each row takes the next running number from the
  // organization's row (migration 008), and one statement updating that row 88,000 times walks an
  // ever longer chain of its versions.
  for (let made = rows[0].count; made < ROWS; made += 1000)
    await db.query(
      `INSERT INTO esign_transactions (transaction_id, user_slno, org_slno, plan_type, user_role, status,
                                       originator, transaction_date)
       SELECT 'ES-BENCH-' || g, $1, 314, 'eSign', 'authorizedSignatory',
              (ARRAY['success', 'failed', 'pending'])[1 + g % 3], 'Tawqi portal',
              now() - g * interval '1 minute'
         FROM generate_series($2::int, $3::int) AS g`,
      [rows[0].person, made + 1, Math.min(ROWS, made + 1000)],
    );
  // As autovacuum would within its minute in a live database (and the seed does after its load):
  // the planner told there are now 100,000 rows, not the 12,000 it last counted.
  await db.query('ANALYZE esign_transactions');
}

/** One export through HTTP, the file read to its end: time, the file, the server's RSS growth. */
async function httpExport(token) {
  const before = serverRss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, serverRss())), 20);
  const start = performance.now();
  const response = await call(
    'api/v1/excel/report/exportOrgEsignTransactions',
    { orgSlNo: 314, language: 'en' },
    token,
  );
  const chunks = [];
  for await (const chunk of response.body) chunks.push(chunk);
  const ms = performance.now() - start;
  clearInterval(timer);
  peak = Math.max(peak, serverRss());
  return { ms, file: Buffer.concat(chunks), rssGrowth: peak - before };
}

/** The exported file's sheet as it was written: its options, column widths and cell values. */
async function sheetOf(file) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file);
  const sheet = book.worksheets[0];
  const values = [];
  sheet.eachRow((row) => values.push(row.values.slice(1)));
  return {
    name: sheet.name,
    views: sheet.views,
    widths: sheet.columns.map((column) => column.width),
    // Each column's number format, as its first row's cell has it.
    formats: sheet.columns.map((_column, index) => sheet.getRow(2).getCell(index + 1).numFmt),
    header: values[0],
    rows: values.slice(1),
  };
}

/**
 * exceljs's streaming writer writing the same sheet — the same cells (texts, numbers, dates,
 * empty cells), widths, frozen bold header — from memory, into a stream that discards them.
 */
async function exceljsFromMemory(sheetToWrite) {
  let bytes = 0;
  const sink = new Writable({
    write(chunk, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const start = performance.now();
  // As the server's writer is set up: styles (dates are styled cells), no shared strings.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(sheetToWrite.name, { views: sheetToWrite.views });
  sheet.columns = sheetToWrite.widths.map((width, index) => ({ key: String(index), width }));
  const header = sheet.addRow(sheetToWrite.header);
  header.font = { bold: true };
  header.commit();
  // One style object a column, as the server writes (exceljs matches a style by its object
  // first, and by its XML otherwise): the least a writer from memory pays.
  const styles = sheetToWrite.formats.map((numFmt) => (numFmt ? { numFmt } : {}));
  for (const values of sheetToWrite.rows) {
    const row = sheet.addRow(values);
    values.forEach((value, index) => {
      if (styles[index].numFmt || !(value instanceof Date))
        row.getCell(index + 1).style = styles[index];
    });
    row.commit();
  }
  sheet.commit();
  await book.commit();
  return { ms: performance.now() - start, bytes };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let result;
const db = new pg.Client(
  `postgres://tawqi:tawqi-embedded@127.0.0.1:${String(server.pgPort)}/tawqi`,
);
try {
  await db.connect();
  await topUp(db);
  const token = await signIn();
  const http = [await httpExport(token)];
  // The file's own sheet, read back, is what the writer alone is given to write.
  const written = await sheetOf(http[0].file);
  if (written.rows.length !== ROWS)
    throw new Error(`the export has ${String(written.rows.length)} rows, not ${String(ROWS)}`);
  const baseline = [await exceljsFromMemory(written)];
  for (let run = 1; run < RUNS; run += 1) {
    http.push(await httpExport(token));
    baseline.push(await exceljsFromMemory(written));
  }
  const httpMs = median(http.map((one) => one.ms));
  const exceljsMs = median(baseline.map((one) => one.ms));
  result = {
    rows: written.rows.length,
    httpExportMs: Math.round(httpMs),
    httpMegabytes: +(http[0].file.length / 1e6).toFixed(1),
    exceljsFromMemoryMs: Math.round(exceljsMs),
    ratio: +(httpMs / exceljsMs).toFixed(2),
    ratioTarget: 1.5,
    serverPeakRssGrowthMb: Math.round(Math.max(...http.map((one) => one.rssGrowth)) / 1e6),
    rssTargetMb: 256,
  };
} finally {
  await db.end().catch(() => undefined);
  await server.stop();
}

const out = fileURLToPath(new URL('../bench-results/orgExport.json', import.meta.url));
mkdirSync(fileURLToPath(new URL('../bench-results', import.meta.url)), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, runs: RUNS, result }, null, 2)}\n`,
);
console.log(`Organization export, ${String(result.rows)} rows (median of ${String(RUNS)})`);
console.log(
  `  through HTTP from PostgreSQL: ${String(result.httpExportMs)} ms (${String(result.httpMegabytes)} MB)`,
);
console.log(`  exceljs streaming writer from memory: ${String(result.exceljsFromMemoryMs)} ms`);
console.log(`  ratio ${String(result.ratio)}× (target ≤ ${String(result.ratioTarget)}×)`);
console.log(
  `  server peak RSS growth ${String(result.serverPeakRssGrowthMb)} MB (target ≤ ${String(result.rssTargetMb)} MB)`,
);
console.log(`  written to ${out}`);
