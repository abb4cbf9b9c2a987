#!/usr/bin/env node
// Runs a workspace's script when that workspace has it, and says plainly when it does not exist
// yet (so `npm start` and `npm run storybook` never pretend). Usage:
//   node scripts/run-workspace.mjs <workspace-dir> <script> [--build] [--with=<package>]… [arguments]
// --build first builds the workspace and what it depends on, through turbo; each --with adds
// another package to that build (the server serves the portal it does not import).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = new URL('..', import.meta.url).pathname;

/** The workspace's package name, and whether it has the script. */
export function workspaceScript(dir, script, read = (path) => readFileSync(path, 'utf8')) {
  const manifest = JSON.parse(read(join(ROOT, dir, 'package.json')));
  return { name: manifest.name, has: typeof manifest.scripts?.[script] === 'string' };
}

export function notYetMessage(name, script) {
  return [
    `${name} has no "${script}" yet: it is built by a later issue (see "What works today" in its README).`,
    'Nothing was started. What works now: `npm test` runs every check and test that exists.',
  ].join('\n');
}

/**
 * The turbo build of the workspace and its --with packages: quiet when it works (issue 38:
 * hundreds of lines of bundle sizes pushed the start's banner away); a failing task's output is
 * shown in full.
 */
export function buildArgs(name, flags) {
  const extra = flags
    .filter((flag) => flag.startsWith('--with='))
    .map((flag) => `--filter=${flag.slice('--with='.length)}...`);
  return ['turbo', 'run', 'build', `--filter=${name}...`, ...extra, '--output-logs=errors-only'];
}

function run(command, args, env) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, env });
  return result.status ?? 1;
}

/** The workspace script's run; what is not ours (`npm run backup -- file.tar.gz`) is passed on. */
export function scriptArgs(name, script, flags) {
  const passed = flags.filter((flag) => flag !== '--build' && !flag.startsWith('--with='));
  return ['run', script, `--workspace=${name}`, ...(passed.length > 0 ? ['--', ...passed] : [])];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir, script, ...flags] = process.argv.slice(2);
  if (!dir || !script) {
    console.error(
      'usage: node scripts/run-workspace.mjs <workspace-dir> <script> [--build] [--with=<package>] [script arguments]',
    );
    process.exit(2);
  }
  const { name, has } = workspaceScript(dir, script);
  if (!has) {
    console.error(notYetMessage(name, script));
    process.exit(1);
  }
  const env = { TURBO_TELEMETRY_DISABLED: '1', STORYBOOK_DISABLE_TELEMETRY: '1', ...process.env };
  if (flags.includes('--build')) {
    console.log(`Building ${name} and what it needs (the output shows only if a step fails) …`);
    const built = run('npx', buildArgs(name, flags), env);
    if (built !== 0) process.exit(built);
  }
  process.exit(run('npm', scriptArgs(name, script, flags), env));
}
