import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { duration, reportRun, stepsOf, tasksOf } from './ci-soak.mjs';

describe('the CI soak report', () => {
  it('reads the steps of .ci/run from its log, the last lasting to the end', () => {
    const log = [
      '== [0 s] node v20.20.2, npm 11.19.1',
      'noise',
      '== [12 s] installing dependencies (npm ci)',
      '== [75 s] npm test',
      'more noise',
    ].join('\n');
    assert.deepEqual(stepsOf(log, 900), [
      { title: 'node v20.20.2, npm 11.19.1', seconds: 12 },
      { title: 'installing dependencies (npm ci)', seconds: 63 },
      { title: 'npm test', seconds: 825 },
    ]);
  });

  it('ends the last step at "done", which is no step of its own', () => {
    assert.deepEqual(stepsOf('== [0 s] npm test\n== [600 s] done\n', 601), [
      { title: 'npm test', seconds: 600 },
    ]);
  });

  it('finds every step .ci/run announces', () => {
    // The script's own steps, as it prints them (the titles are what the report shows).
    const script = readFileSync(new URL('../.ci/run', import.meta.url), 'utf8');
    const titles = [...script.matchAll(/^step "(.+)"$/gmu)].map((match) => match[1]);
    assert.ok(titles.includes('npm test'));
    assert.equal(titles.at(-1), 'done');
  });

  it('lists turbo tasks slowest first, with their exit codes, leaving out those not run', () => {
    const summary = {
      tasks: [
        { taskId: 'a#lint', execution: { startTime: 0, endTime: 5_000, exitCode: 0 } },
        { taskId: 'b#test', execution: { startTime: 1_000, endTime: 61_000, exitCode: 1 } },
        { taskId: 'c#build', cache: { status: 'HIT' }, execution: { startTime: 0, endTime: 10 } },
        { taskId: 'd#test' },
      ],
    };
    assert.deepEqual(
      tasksOf(summary).map((task) => [task.task, task.seconds, task.exitCode, task.cached]),
      [
        ['b#test', 60, 1, false],
        ['a#lint', 5, 0, false],
        ['c#build', 0.01, undefined, true],
      ],
    );
  });

  it('fails a run that exits non-zero, and one that passes over its budget', () => {
    const base = {
      number: 1,
      loaded: false,
      seconds: 600,
      budgetSeconds: 1800,
      steps: [],
      tasks: [],
    };
    assert.equal(reportRun({ ...base, exitCode: 0 }).passed, true);
    assert.equal(reportRun({ ...base, exitCode: 1 }).passed, false);
    const slow = reportRun({ ...base, exitCode: 0, seconds: 1801 });
    assert.equal(slow.passed, false);
    assert.match(slow.text, /over budget/);
    assert.match(reportRun({ ...base, loaded: true, exitCode: 0 }).text, /stress-ng on one core/);
  });

  it('says durations in minutes and seconds', () => {
    assert.equal(duration(725.4), '12m 05s');
    assert.equal(duration(59.6), '1m 00s');
  });
});
