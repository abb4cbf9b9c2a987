#!/usr/bin/env node
// CI's compatibility pass, run after this package's tests while the other suites finish: the
// files whose behaviour depends on the database's version (postgres15.json, each with why), again
// on the PostgreSQL 15 that TEST_PG15_URL names (.ci/run starts it; the rest of the suite ran on
// the embedded PostgreSQL 18). Its output goes to PG15_LOG, read by CI's summary as a suite of its
// own (printed here when it failed). Without TEST_PG15_URL there is no
// second database here, and nothing more to run.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const url = process.env.TEST_PG15_URL;
if (!url) process.exit(0);
const files = Object.keys(
  JSON.parse(readFileSync(new URL('./postgres15.json', import.meta.url), 'utf8')),
).map((file) => `test/${file}`);
const logFile =
  process.env.PG15_LOG ?? join(tmpdir(), `tawqi-postgres15-${String(process.pid)}.log`);
const log = createWriteStream(logFile);
console.log(`the server's tests again, on PostgreSQL 15: ${files.join(' ')} (output: ${logFile})`);
const run = spawn('npx', ['vitest', 'run', ...files], {
  env: { ...process.env, TEST_DATABASE_URL: url },
  stdio: ['ignore', 'pipe', 'pipe'],
});
run.stdout.pipe(log, { end: false });
run.stderr.pipe(log, { end: false });
run.on('close', (code) => {
  log.end(() => {
    const output = readFileSync(logFile, 'utf8');
    // All of it when it failed; otherwise only where it is (the summary reads its counts there,
    // apart from this package's own).
    console.log(code === 0 ? `passed on PostgreSQL 15 (${logFile})` : output);
    process.exit(code ?? 1);
  });
});
