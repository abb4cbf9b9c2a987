#!/usr/bin/env node
// Finds a Chromium for browser tests and prints its path: $CHROMIUM_PATH first, then Debian's
// paths. With none there, it installs Debian's `chromium` through apt when running as root, or
// stops with a message saying exactly what to install. Browser downloads (`npx playwright
// install`) do not work on our machines, so Debian's build is the one we use.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Debian's paths; the first skips the wrapper script's harmless warning (TOOLCHAIN.md). */
export const DEBIAN_CHROMIUM_PATHS = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

/** Flags that keep Chromium off the network and working as root (TOOLCHAIN.md). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

export const INSTALL_HELP = [
  'No Chromium was found for the browser tests.',
  'Install Debian’s build:   sudo apt-get update && sudo apt-get install -y chromium',
  'or point CHROMIUM_PATH at a Chromium or Chrome executable.',
].join('\n');

export function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The Chromium to use, or null. A CHROMIUM_PATH that is not executable is an error, not a skip. */
export function locateChromium({ env = process.env, isExecutable = isExecutableFile } = {}) {
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file.`);
  }
  return DEBIAN_CHROMIUM_PATHS.find((path) => isExecutable(path)) ?? null;
}

/**
 * apt-get's own output goes to stderr: stdout carries only the path, so that
 * `CHROMIUM_PATH="$(node scripts/find-chromium.mjs)"` captures nothing else.
 */
export const APT_SPAWN_OPTIONS = {
  stdio: ['ignore', 2, 2], // the child's stdout is written straight to our stderr
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
};

function runAptGet(args) {
  const result = spawnSync('apt-get', args, APT_SPAWN_OPTIONS);
  if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${result.status})`);
}

/**
 * The Chromium to use, installing Debian's when running as root and none is found.
 * Everything that touches the machine is a parameter, so the decision is tested without apt.
 */
export function ensureChromium({
  env = process.env,
  isExecutable = isExecutableFile,
  isRoot = process.getuid?.() === 0,
  aptGet = runAptGet,
  log = (line) => console.error(line),
} = {}) {
  const found = locateChromium({ env, isExecutable });
  if (found) return found;
  if (!isRoot) throw new Error(INSTALL_HELP);
  log('No Chromium found; installing Debian’s chromium with apt-get (running as root).');
  aptGet(['update']);
  aptGet(['install', '-y', '--no-install-recommends', 'chromium']);
  const installed = locateChromium({ env, isExecutable });
  if (!installed)
    throw new Error(`apt-get installed chromium, but it is not at a known path.\n${INSTALL_HELP}`);
  return installed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
