#!/usr/bin/env node
// The end of `.ci/run`: each step's time, each turbo task's time, and each suite's passed, failed
// and skipped counts, read from the run's own logs (the run's, turbo's run summary and each task's
// log). A check that skips is a check that fails: any skipped test, or a visual review that left
// images uncompared (or said nothing), fails the run here.
//
//   node scripts/ci-summary.mjs --log ci.log --seconds 1620 [--suite "name=file.log" …]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { duration, stepsOf, tasksOf } from './ci-soak.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// eslint-disable-next-line no-control-regex -- the colours runners print
const COLOURS = /\u001b\[[0-9;]*m/g;

/**
 * The counts a test runner printed last: Vitest's `Tests  3 failed | 40 passed | 2 skipped (45)`
 * or node's `# pass 20` / `# fail 0` / `# skipped 0` / `# todo 0`. Null when it printed neither.
 */
export function countsOf(output) {
  const text = output.replace(COLOURS, '');
  const vitest = [...text.matchAll(/^\s*Tests\s+(.+?)\s+\((\d+)\)\s*$/gmu)].at(-1);
  if (vitest) {
    const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(vitest[1])?.[1] ?? 0);
    return {
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped') + count('todo'),
    };
  }
  const node = (word) => [...text.matchAll(new RegExp(`^# ${word} (\\d+)$`, 'gmu'))].at(-1)?.[1];
  if (node('pass') === undefined) return null;
  return {
    passed: Number(node('pass')),
    failed: Number(node('fail') ?? 0) + Number(node('cancelled') ?? 0),
    skipped: Number(node('skipped') ?? 0) + Number(node('todo') ?? 0),
  };
}

/** A turbo task's log: `<workspace>/.turbo/turbo-<task>.log` (`:` written `$colon$`). */
function taskLog(taskId, workspaces) {
  const [name, task] = taskId.includes('#') ? taskId.split('#') : ['//', taskId];
  const folder = name === '//' ? ROOT : workspaces.get(name);
  if (!folder) return null;
  const file = join(folder, '.turbo', `turbo-${task.replaceAll(':', '$colon$')}.log`);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function workspaceFolders() {
  const folders = new Map();
  for (const group of ['apps', 'packages'])
    for (const name of readdirSync(join(ROOT, group))) {
      const manifest = join(ROOT, group, name, 'package.json');
      if (existsSync(manifest))
        folders.set(JSON.parse(readFileSync(manifest, 'utf8')).name, join(ROOT, group, name));
    }
  return folders;
}

function newestRunSummary() {
  const runs = join(ROOT, '.turbo', 'runs');
  if (!existsSync(runs)) return null;
  const newest = readdirSync(runs)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .at(-1);
  return newest ? JSON.parse(readFileSync(join(runs, newest), 'utf8')) : null;
}

/**
 * What went wrong with the suites' counts: skipped tests, a suite CI named that said nothing, and
 * a visual review that skipped.
 */
export function problemsOf(suites, visual) {
  const problems = suites.flatMap((suite) => {
    // A suite CI names (--suite) that printed no counts did not run: a check that said nothing.
    if (suite.expected && !suite.counts) return [`${suite.name} said nothing (${suite.expected})`];
    return suite.counts && suite.counts.skipped > 0
      ? [`${suite.name} skipped ${String(suite.counts.skipped)} tests`]
      : [];
  });
  if (!visual) problems.push('the visual review said nothing (test-results/visual/summary.json)');
  else if (visual.skipped > 0)
    problems.push(`the visual review skipped ${String(visual.skipped)} images`);
  else if (visual.compared + visual.renewed === 0) problems.push('the visual review compared none');
  return problems;
}

function main() {
  const { values } = parseArgs({
    options: {
      log: { type: 'string' },
      seconds: { type: 'string' },
      suite: { type: 'string', multiple: true, default: [] },
    },
  });
  const log = values.log && existsSync(values.log) ? readFileSync(values.log, 'utf8') : '';
  const seconds = Number(values.seconds ?? 0);
  const workspaces = workspaceFolders();
  const summary = newestRunSummary();
  const tasks = summary ? tasksOf(summary) : [];
  const suites = [
    ...tasks.map((task) => ({
      name: task.task,
      seconds: task.seconds,
      exitCode: task.exitCode,
      counts: countsOf(taskLog(task.task, workspaces) ?? ''),
    })),
    ...values.suite.map((given) => {
      const [name, file] = given.split('=');
      return {
        name,
        seconds: null,
        exitCode: null,
        counts: existsSync(file) ? countsOf(readFileSync(file, 'utf8')) : null,
        expected: file,
      };
    }),
  ];
  const visualFile = join(ROOT, 'apps/storybook/test-results/visual/summary.json');
  const visual = existsSync(visualFile) ? JSON.parse(readFileSync(visualFile, 'utf8')) : null;
  const counted = (c) =>
    c ? `${String(c.passed)} / ${String(c.failed)} / ${String(c.skipped)}` : '—';
  const lines = [
    `== CI took ${duration(seconds)}`,
    '',
    'step | time',
    ...stepsOf(log, seconds).map((step) => `${step.title} | ${duration(step.seconds)}`),
    '',
    'task | time | exit | tests passed / failed / skipped',
    ...suites.map(
      (suite) =>
        `${suite.name} | ${suite.seconds === null ? '—' : duration(suite.seconds)} | ${suite.exitCode === null ? '—' : String(suite.exitCode)} | ${counted(suite.counts)}`,
    ),
    '',
    visual
      ? `visual review: ${String(visual.compared)} compared (${String(visual.equal)} equal, ${String(visual.withinTolerance)} within tolerance), ${String(visual.differed)} differed, ${String(visual.renewed)} renewed, ${String(visual.skipped)} skipped`
      : 'visual review: no summary',
  ];
  const total = suites.reduce(
    (sum, suite) => ({
      passed: sum.passed + (suite.counts?.passed ?? 0),
      failed: sum.failed + (suite.counts?.failed ?? 0),
      skipped: sum.skipped + (suite.counts?.skipped ?? 0),
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  lines.push(
    '',
    `${String(total.passed)} passed, ${String(total.failed)} failed, ${String(total.skipped)} skipped`,
  );
  console.log(lines.join('\n'));
  const problems = problemsOf(suites, visual);
  for (const problem of problems) console.error(`CI fails: ${problem}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
