import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { notYetMessage, workspaceScript } from './run-workspace.mjs';

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

  it('says nothing was started and what works instead', () => {
    const message = notYetMessage('@tawqi/server', 'start');
    assert.match(message, /@tawqi\/server has no "start" yet/);
    assert.match(message, /Nothing was started/);
  });
});
