/**
 * The static Storybook built as a designer builds it after cloning: a fresh clone (no package's
 * `dist`, no cache), `npm run build -w @tawqi/storybook`. What is cloned is the working tree as
 * it is — the files git tracks and those it does not ignore, as a commit of their own (on CI, the
 * commit under test) — or an earlier commit. The clone shares this checkout's installed packages
 * instead of installing its own — each of its `node_modules` is a folder of links to this one's
 * entries — except the workspace packages, whose links point into the clone, and the caches,
 * which it does not get.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const WORKSPACE_SCOPE = '@tawqi';
const CACHES = new Set(['.cache', '.vite']);

const git = (args: string[], cwd = REPOSITORY, env: NodeJS.ProcessEnv = process.env) =>
  execFileSync('git', args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

/**
 * The working tree as a commit (its parent HEAD), written through an index of its own: neither
 * the real index nor any branch changes.
 */
export function workingTreeCommit(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tawqi-index-'));
  try {
    const env = { ...process.env, GIT_INDEX_FILE: join(folder, 'index') };
    git(['read-tree', 'HEAD'], REPOSITORY, env);
    git(['add', '--all'], REPOSITORY, env);
    const tree = git(['write-tree'], REPOSITORY, env);
    return git(['commit-tree', tree, '-p', 'HEAD', '-m', 'the working tree'], REPOSITORY, env);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A `node_modules` of links to `from`'s entries; the workspace packages' links copied as they are. */
function linkPackages(from: string, to: string) {
  const entries = readdirSync(from);
  mkdirSync(to, { recursive: true });
  for (const entry of entries) {
    if (CACHES.has(entry)) continue;
    if (entry === WORKSPACE_SCOPE) {
      // Relative links (../../packages/ui): copied, they point at the clone's own folders.
      mkdirSync(join(to, entry));
      for (const name of readdirSync(join(from, entry)))
        symlinkSync(readlinkSync(join(from, entry, name)), join(to, entry, name));
    } else symlinkSync(join(from, entry), join(to, entry));
  }
}

export interface FreshClone {
  folder: string;
  commit: string;
  remove: () => void;
}

/** A clone of `commit` (the working tree by default) in a temporary folder, its packages linked. */
export function freshClone(commit = workingTreeCommit()): FreshClone {
  const folder = mkdtempSync(join(tmpdir(), 'tawqi-clone-'));
  const resolved = git(['rev-parse', '--verify', `${commit}^{commit}`]);
  git(['clone', '--quiet', '--shared', '--no-checkout', REPOSITORY, folder]);
  git(['checkout', '--quiet', '--detach', resolved], folder);
  linkPackages(join(REPOSITORY, 'node_modules'), join(folder, 'node_modules'));
  for (const workspace of ['apps', 'packages'])
    for (const name of readdirSync(join(REPOSITORY, workspace))) {
      const installed = join(REPOSITORY, workspace, name, 'node_modules');
      if (existsSync(installed))
        linkPackages(installed, join(folder, workspace, name, 'node_modules'));
    }
  return {
    folder,
    commit: resolved,
    remove: () => {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const run = (clone: FreshClone, workspace: string) => {
  try {
    execFileSync('npm', ['run', 'build', '-w', workspace], {
      cwd: clone.folder,
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    const tail = `${String(stdout ?? '')}${String(stderr ?? '')}`.split('\n').slice(-30);
    throw new Error(
      `the build of ${workspace} at ${clone.commit} in a fresh clone failed:\n${tail.join('\n')}`,
      { cause: error },
    );
  }
};

/**
 * Runs the Storybook's documented build command in the clone and answers the static folder.
 * `uiFirst` builds the ui package before, as CI's turbo did: an earlier commit's Storybook was
 * styled only so.
 */
export function buildStorybook(clone: FreshClone, { uiFirst = false } = {}): string {
  if (uiFirst) run(clone, '@tawqi/ui');
  run(clone, '@tawqi/storybook');
  return join(clone.folder, 'apps/storybook/storybook-static/');
}
