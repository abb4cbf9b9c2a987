import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  APT_SPAWN_OPTIONS,
  DEBIAN_CHROMIUM_PATHS,
  INSTALL_HELP,
  ensureChromium,
  locateChromium,
} from './find-chromium.mjs';

const only =
  (...paths) =>
  (path) =>
    paths.includes(path);

describe('finding Chromium for browser tests', () => {
  it('prefers CHROMIUM_PATH', () => {
    const env = { CHROMIUM_PATH: '/opt/chrome/chrome' };
    assert.equal(
      locateChromium({ env, isExecutable: only('/opt/chrome/chrome', '/usr/bin/chromium') }),
      '/opt/chrome/chrome',
    );
  });

  it('refuses a CHROMIUM_PATH that is not executable rather than using another browser', () => {
    assert.throws(
      () =>
        locateChromium({
          env: { CHROMIUM_PATH: '/nope' },
          isExecutable: only('/usr/bin/chromium'),
        }),
      /CHROMIUM_PATH is set to \/nope/,
    );
  });

  it('falls back to Debian’s paths, the unwrapped binary first', () => {
    assert.equal(
      locateChromium({ env: {}, isExecutable: only('/usr/bin/chromium') }),
      '/usr/bin/chromium',
    );
    assert.equal(
      locateChromium({ env: {}, isExecutable: only(...DEBIAN_CHROMIUM_PATHS) }),
      DEBIAN_CHROMIUM_PATHS[0],
    );
    assert.equal(locateChromium({ env: { CHROMIUM_PATH: '  ' }, isExecutable: only() }), null);
  });

  it('does not install when one is found', () => {
    const calls = [];
    const path = ensureChromium({
      env: {},
      isExecutable: only('/usr/bin/chromium'),
      isRoot: true,
      aptGet: (a) => calls.push(a),
    });
    assert.equal(path, '/usr/bin/chromium');
    assert.deepEqual(calls, []);
  });

  it('installs Debian’s chromium through apt as root', () => {
    const installed = new Set();
    const calls = [];
    const path = ensureChromium({
      env: {},
      isExecutable: (p) => installed.has(p),
      isRoot: true,
      aptGet: (args) => {
        calls.push(args.join(' '));
        if (args[0] === 'install') installed.add('/usr/bin/chromium');
      },
      log: () => {},
    });
    assert.equal(path, '/usr/bin/chromium');
    assert.deepEqual(calls, ['update', 'install -y --no-install-recommends chromium']);
  });

  it('stops with what to install when not root', () => {
    assert.throws(
      () =>
        ensureChromium({
          env: {},
          isExecutable: only(),
          isRoot: false,
          aptGet: () => assert.fail('apt-get ran'),
        }),
      (error) =>
        error.message === INSTALL_HELP && /apt-get install -y chromium/.test(error.message),
    );
  });

  it('says so when apt installed nothing usable', () => {
    assert.throws(
      () =>
        ensureChromium({
          env: {},
          isExecutable: only(),
          isRoot: true,
          aptGet: () => {},
          log: () => {},
        }),
      /not at a known path/,
    );
  });

  it('keeps apt-get’s output off stdout, which carries only the path', () => {
    assert.deepEqual(APT_SPAWN_OPTIONS.stdio, ['ignore', 2, 2]);
    assert.equal(APT_SPAWN_OPTIONS.env.DEBIAN_FRONTEND, 'noninteractive');
  });
});
