import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countsOf, problemsOf } from './ci-summary.mjs';

describe('the CI summary', () => {
  it('reads Vitest’s last counts, colours and all', () => {
    const output = [
      '\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m57 passed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[33m150 skipped\u001b[39m\u001b[90m (207)\u001b[39m',
    ].join('\n');
    assert.deepEqual(countsOf(output), { passed: 57, failed: 0, skipped: 150 });
    assert.deepEqual(countsOf('      Tests  2 failed | 40 passed | 1 todo (43)\n'), {
      passed: 40,
      failed: 2,
      skipped: 1,
    });
  });

  it('reads node’s test runner, and nothing where no runner spoke', () => {
    assert.deepEqual(countsOf('# tests 20\n# pass 19\n# fail 1\n# cancelled 0\n# skipped 2\n'), {
      passed: 19,
      failed: 1,
      skipped: 2,
    });
    assert.equal(countsOf('Checked 212 files, no problems\n'), null);
  });

  it('fails a run that skipped a test, whose named suite or visual review said nothing, or that skipped images', () => {
    const visual = {
      compared: 150,
      equal: 150,
      withinTolerance: 0,
      differed: 0,
      renewed: 0,
      skipped: 0,
    };
    const suites = [{ name: '@tawqi/ui#test', counts: { passed: 9, failed: 0, skipped: 0 } }];
    assert.deepEqual(problemsOf(suites, visual), []);
    assert.deepEqual(
      problemsOf([{ name: 'a#test', counts: { passed: 1, failed: 0, skipped: 3 } }], visual),
      ['a#test skipped 3 tests'],
    );
    assert.deepEqual(problemsOf(suites, { ...visual, skipped: 150 }), [
      'the visual review skipped 150 images',
    ]);
    assert.deepEqual(problemsOf(suites, null), [
      'the visual review said nothing (test-results/visual/summary.json)',
    ]);
    assert.deepEqual(
      problemsOf(
        [...suites, { name: 'on PostgreSQL 15', counts: null, expected: 'pg15.log' }],
        visual,
      ),
      ['on PostgreSQL 15 said nothing (pg15.log)'],
    );
    assert.deepEqual(problemsOf(suites, { ...visual, compared: 0, equal: 0 }), [
      'the visual review compared none',
    ]);
  });
});
