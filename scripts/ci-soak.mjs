#!/usr/bin/env node
// The CI soak (issue 34): runs `.ci/run` from a fresh clone of this checkout's HEAD several times in
// a row, as CI does (a clean clone with a read-only copy of shared/ beside it, CI=true, no standard
// input), one of the runs beside a CPU-bound load on one core (Debian's stress-ng), and reports each
// run's outcome and duration, step by step and per turbo task. Exits non-zero unless every run
// passed within the budget.
//
//   npm run ci:soak                       three runs, the second under load, 30 minutes each
//   npm run ci:soak -- --runs 1 --load 0  one quiet run (0: no run under load)
//
// Each run keeps its folder (the log, turbo's run summary) under the printed soak folder; the
// report is written there as report.md too. Needs what `.ci/run` needs (root for apt on a fresh
// machine); stress-ng is installed through apt when missing.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Seconds as "12m 05s". */
export function duration(seconds) {
  const whole = Math.round(seconds);
  return `${String(Math.floor(whole / 60))}m ${String(whole % 60).padStart(2, '0')}s`;
}

/**
 * The steps of a `.ci/run` log: each "== [elapsed s] title" line starts a step, which lasts until
 * the next one or the run's end.
 */
export function stepsOf(log, totalSeconds) {
  const marks = [...log.matchAll(/^== \[(\d+) s\] (.+)$/gmu)].map((match) => ({
    at: Number(match[1]),
    title: match[2],
  }));
  return marks
    .map((mark, index) => ({
      title: mark.title,
      seconds: (marks[index + 1]?.at ?? totalSeconds) - mark.at,
    }))
    .filter((step) => step.title !== 'done');
}

/** Each task of a turbo run summary (`TURBO_RUN_SUMMARY=true`), slowest first. */
export function tasksOf(summary) {
  return summary.tasks
    .filter((task) => task.execution)
    .map((task) => ({
      task: task.taskId,
      seconds: (task.execution.endTime - task.execution.startTime) / 1000,
      exitCode: task.execution.exitCode,
      cached: task.cache?.status === 'HIT',
    }))
    .sort((a, b) => b.seconds - a.seconds);
}

/** One run's section of the report. */
export function reportRun({ number, loaded, exitCode, seconds, budgetSeconds, steps, tasks }) {
  const passed = exitCode === 0 && seconds <= budgetSeconds;
  const lines = [
    `## Run ${String(number)}${loaded ? ' (beside stress-ng on one core)' : ''}: ${passed ? 'passed' : 'FAILED'}, ${duration(seconds)}`,
    '',
    `exit code ${String(exitCode)}; budget ${duration(budgetSeconds)}${seconds > budgetSeconds ? ' — over budget' : ''}`,
    '',
    '| step | duration |',
    '| --- | --- |',
    ...steps.map((step) => `| ${step.title} | ${duration(step.seconds)} |`),
    '',
  ];
  if (tasks.length > 0) {
    lines.push('| turbo task | duration | exit |', '| --- | --- | --- |');
    for (const task of tasks)
      lines.push(
        `| ${task.task} | ${duration(task.seconds)}${task.cached ? ' (cached)' : ''} | ${String(task.exitCode)} |`,
      );
    lines.push('');
  }
  return { passed, text: lines.join('\n') };
}

function ensureStressNg() {
  if (spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).status === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error('stress-ng is missing: sudo apt-get install -y stress-ng');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'stress-ng'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 2, 2] });
    if (result.status !== 0) throw new Error('apt-get could not install stress-ng');
  }
}

/** Runs `.ci/run` in a fresh clone; resolves with its exit code and how long it took. */
async function runOnce({ folder, commit, shared, loaded, budgetSeconds }) {
  mkdirSync(folder, { recursive: true });
  const clone = join(folder, 'main');
  const git = (args, cwd) => {
    const result = spawnSync('git', args, { cwd, stdio: ['ignore', 'ignore', 2] });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed`);
  };
  git(['clone', '--quiet', '--no-local', ROOT, clone]);
  git(['checkout', '--quiet', '--detach', commit], clone);
  if (shared) {
    // Read-only, as CI lays it.
    cpSync(shared, join(folder, 'shared'), { recursive: true });
    spawnSync('chmod', ['-R', 'a-w', join(folder, 'shared')]);
  }
  // The load stops by itself at the budget's end, whatever happens to this script.
  const stress = loaded
    ? spawn(
        'stress-ng',
        [
          '--cpu',
          '1',
          '--cpu-method',
          'matrixprod',
          '--timeout',
          `${String(budgetSeconds)}s`,
          '--quiet',
        ],
        {
          stdio: 'ignore',
        },
      )
    : null;
  const logPath = join(folder, 'log');
  const started = Date.now();
  // The log is written as the run goes, so that it can be followed (tail -f).
  const log = createWriteStream(logPath);
  const exitCode = await new Promise((done) => {
    const child = spawn('bash', ['.ci/run'], {
      cwd: clone,
      env: { ...process.env, CI: 'true', TURBO_RUN_SUMMARY: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => log.end(() => done(code ?? 1)));
  });
  const seconds = (Date.now() - started) / 1000;
  stress?.kill();
  return { exitCode, seconds, clone, logPath };
}

function summariesOf(clone) {
  const runs = join(clone, '.turbo', 'runs');
  if (!existsSync(runs)) return [];
  return readdirSync(runs)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(runs, name), 'utf8')));
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      load: { type: 'string', default: '2' },
      budget: { type: 'string', default: '30' },
      shared: { type: 'string', default: resolve(ROOT, '..', 'shared') },
    },
  });
  const runs = Number(values.runs);
  const loadedRun = Number(values.load);
  const budgetSeconds = Number(values.budget) * 60;
  const shared = existsSync(values.shared) ? values.shared : null;
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.trim();
  if (loadedRun >= 1 && loadedRun <= runs) ensureStressNg();
  const soak = mkdtempSync(join(tmpdir(), 'tawqi-soak-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must pass through every folder above
  // the clone (mkdtemp makes a 0700 one).
  chmodSync(soak, 0o755);
  console.log(`Soaking ${commit.slice(0, 12)}: ${String(runs)} runs of .ci/run in ${soak}`);

  const sections = [`# CI soak of ${commit}`, ''];
  let allPassed = true;
  for (let number = 1; number <= runs; number += 1) {
    const loaded = number === loadedRun;
    console.log(`run ${String(number)}${loaded ? ' (under load)' : ''}…`);
    const folder = join(soak, `run-${String(number)}`);
    const { exitCode, seconds, clone, logPath } = await runOnce({
      folder,
      commit,
      shared,
      loaded,
      budgetSeconds,
    });
    const log = readFileSync(logPath, 'utf8');
    const tasks = summariesOf(clone).flatMap(tasksOf);
    const { passed, text } = reportRun({
      number,
      loaded,
      exitCode,
      seconds,
      budgetSeconds,
      steps: stepsOf(log, seconds),
      tasks,
    });
    allPassed &&= passed;
    sections.push(text, `log: ${logPath}`, '');
    console.log(text);
  }
  writeFileSync(join(soak, 'report.md'), sections.join('\n'));
  console.log(
    `${allPassed ? 'Every run passed' : 'A run failed'}; report: ${join(soak, 'report.md')}`,
  );
  process.exitCode = allPassed ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
