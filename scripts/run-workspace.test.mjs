import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildArgs, notYetMessage, scriptArgs, workspaceScript } from './run-workspace.mjs';

describe('running a workspace script from the root', () => {
  it('finds a script the workspace has', () => {
    const read = () =>
      JSON.stringify({ name: '@tawqi/server', scripts: { start: 'node dist/main.js' } });
    assert.deepEqual(workspaceScript('apps/server', 'start', read), {
      name: '@tawqi/server',
      has: true,
    });
  });

  it('tells a missing script, with no scripts at all too', () => {
    assert.deepEqual(
      workspaceScript('apps/storybook', 'storybook', () =>
        JSON.stringify({ name: '@tawqi/storybook' }),
      ),
      {
        name: '@tawqi/storybook',
        has: false,
      },
    );
  });

  it("passes the script's own arguments on, and keeps its own flags", () => {
    assert.deepEqual(scriptArgs('@tawqi/server', 'backup', ['--build', 'nightly.tar.gz']), [
      'run',
      'backup',
      '--workspace=@tawqi/server',
      '--',
      'nightly.tar.gz',
    ]);
    assert.deepEqual(
      scriptArgs('@tawqi/server', 'start:demo', ['--build', '--with=@tawqi/portal']),
      ['run', 'start:demo', '--workspace=@tawqi/server'],
    );
  });

  it('says nothing was started and what works instead', () => {
    const message = notYetMessage('@tawqi/server', 'start');
    assert.match(message, /@tawqi\/server has no "start" yet/);
    assert.match(message, /Nothing was started/);
  });

  it('builds quietly, showing a step’s output only when it fails (issue 38)', () => {
    assert.deepEqual(buildArgs('@tawqi/server', ['--build', '--with=@tawqi/portal']), [
      'turbo',
      'run',
      'build',
      '--filter=@tawqi/server...',
      '--filter=@tawqi/portal...',
      '--output-logs=errors-only',
    ]);
  });
});
