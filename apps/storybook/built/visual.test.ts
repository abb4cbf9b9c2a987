/**
 * The visual review: every story of the built Storybook in Arabic and English, light and dark,
 * and every portal screen also at 360 px (visual/plan.ts), each compared with its accepted image.
 * A changed image fails the story's own test, which names it and keeps the new image (and, where
 * one was drawn, the picture of the differences) in test-results/visual/.
 *
 * The accepted images are kept as digests of their pixels (visual/baselines.json), not as files:
 * about 3,400 screenshots would put a quarter of a gigabyte into git. The digests record the
 * Chromium that drew them; how another one is judged is visual/compare.ts's: the same major
 * version is compared (a digest that differs is checked against the accepting commit's rendering
 * in this Chromium, anti-aliasing left out), another major version fails until the images are
 * accepted again. Nothing is skipped: the run's counts are written to test-results/visual/
 * summary.json and said at its end, and CI fails a run that skipped any.
 *
 * Runs:
 *   npm run visual -w @tawqi/storybook          every image (about 40 minutes on 2 cores)
 *   npm run visual:update -w @tawqi/storybook   accept the images as they are now
 *   VISUAL=<story id or part of one>[,…] …      only those stories (with either command)
 *   VISUAL=shard:3 …                            the third of CI's twenty shards
 *   npm test (CI)                               one shard of twenty, chosen by the commit under test,
 *                                               so successive landings cover every story
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/find-chromium.mjs';
import {
  EXCEPTIONS,
  inShard,
  planShots,
  shardOfCommit,
  type IndexedStory,
  type Shot,
  type StoryGlobals,
} from '../visual/plan.js';
import {
  digestOf,
  likeness,
  majorOf,
  RENEW_COMMAND,
  verdictOf,
  type Verdict,
  renewed,
  type Baselines,
} from '../visual/compare.js';
import { buildStorybook, freshClone, type FreshClone } from './freshClone.js';
import { serveStatic } from './serveStatic.js';
import { DETERMINISTIC_ARGS, openViewer, type Viewer } from './viewer.js';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const STATIC = inject('storybookStatic');
const BASELINES = `${HERE}visual/baselines.json`;
const RESULTS = `${HERE}test-results/visual/`;
// Twenty: about 150 images, a minute and a half on CI's critical path (ten took four minutes of
// a 39-minute run, too near its 45).
const SHARDS = 20;
/** `all`, `shard` (CI's default) or `shard:N`, or story ids and parts of ids, comma-separated. */
const MODE = process.env.VISUAL ?? 'shard';
const UPDATE = process.env.VISUAL_UPDATE === '1';
const index = JSON.parse(readFileSync(`${STATIC}index.json`, 'utf8')) as {
  entries: Record<string, { type: string; title: string }>;
};
const stories: IndexedStory[] = Object.entries(index.entries)
  .filter(([, entry]) => entry.type === 'story')
  .map(([id, entry]) => ({ id, title: entry.title }));

const baselines: Baselines = existsSync(BASELINES)
  ? (JSON.parse(readFileSync(BASELINES, 'utf8')) as Baselines)
  : { chromium: '', images: {} };

const { origin, server } = await serveStatic(STATIC);
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: [...CHROMIUM_ARGS, ...DETERMINISTIC_ARGS],
});
const page = await browser.newPage();

/** Each story's own globals, read from the preview (the index does not carry them). */
async function storyGlobals(): Promise<Record<string, StoryGlobals>> {
  await page.goto(`${origin}/iframe.html`);
  return page.evaluate(
    async (ids) => {
      interface Preview {
        storyStoreValue?: {
          loadStory: (options: { storyId: string }) => Promise<{ storyGlobals?: StoryGlobals }>;
        };
      }
      const preview = () =>
        (window as unknown as { __STORYBOOK_PREVIEW__?: Preview }).__STORYBOOK_PREVIEW__;
      while (!preview()?.storyStoreValue) await new Promise((resolve) => setTimeout(resolve, 50));
      const store = preview()?.storyStoreValue;
      const entries = await Promise.all(
        ids.map(async (id) => [id, (await store?.loadStory({ storyId: id }))?.storyGlobals ?? {}]),
      );
      return Object.fromEntries(entries) as Record<string, StoryGlobals>;
    },
    stories.map((story) => story.id),
  );
}

const globalsByStory = await storyGlobals();
const everyShot = planShots(stories, (id) => globalsByStory[id] ?? {});
const planned: ReadonlySet<string> = new Set(everyShot.map((shot) => shot.key));

function commitUnderTest(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: HERE, encoding: 'utf8' }).trim();
  } catch {
    return '0';
  }
}
/** `shard:N` (1…10) takes that shard, as CI would on a commit that picks it. */
const chosenShard = /^shard:(\d+)$/.exec(MODE)?.[1];
const shard = chosenShard ? Number(chosenShard) - 1 : shardOfCommit(commitUnderTest(), SHARDS);
const shots = everyShot.filter((shot) =>
  MODE === 'all'
    ? true
    : MODE.startsWith('shard')
      ? inShard(shot.story, shard, SHARDS)
      : MODE.split(',').some((part) =>
          part.includes('--') ? shot.story === part : shot.story.includes(part),
        ),
);
const chromiumVersion = browser.version();
const otherMajor = !UPDATE && majorOf(baselines.chromium) !== majorOf(chromiumVersion);

/**
 * The commit that accepted the images, drawn by this Chromium: built (in a fresh clone) the first
 * time an image's digest differs on another patch release of the accepting Chromium.
 */
let reference: Promise<{ viewer: Viewer; clone: FreshClone; close: () => void }> | null = null;
function referenceViewer() {
  reference ??= (async () => {
    const commit = execFileSync('git', ['log', '-1', '--format=%H', '--', BASELINES], {
      cwd: HERE,
      encoding: 'utf8',
    }).trim();
    if (!commit)
      throw new Error(`no commit accepted the images; accept them with ${RENEW_COMMAND}`);
    const clone = freshClone(commit);
    const served = await serveStatic(buildStorybook(clone, { uiFirst: true }));
    return {
      viewer: await openViewer(browser, served.origin),
      clone,
      close: () => served.server.close(),
    };
  })();
  return reference;
}

/** What the run did with its images, said at its end and read by CI. */
const counts = { compared: 0, equal: 0, withinTolerance: 0, differed: 0, renewed: 0, skipped: 0 };
const shotsNotTaken = new Set(shots.map((shot) => shot.key));

const seen: Record<string, string> = {};

afterAll(async () => {
  counts.skipped = shotsNotTaken.size;
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(`${RESULTS}summary.json`, `${JSON.stringify(counts)}\n`);
  console.log(
    `visual review: ${String(counts.compared)} images compared (${String(counts.equal)} equal to their digests, ${String(counts.withinTolerance)} within tolerance of the accepting commit's rendering on another Chromium ${String(majorOf(chromiumVersion))} release), ${String(counts.differed)} differed, ${String(counts.renewed)} renewed, ${String(counts.skipped)} skipped`,
  );
  if (reference) {
    const { close, clone } = await reference;
    close();
    clone.remove();
  }
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
  if (!UPDATE) return;
  writeFileSync(
    BASELINES,
    `${JSON.stringify(renewed(baselines, seen, { all: MODE === 'all', chromium: chromiumVersion, planned }), null, 2)}\n`,
  );
});

const viewer = await openViewer(browser, origin);

const fileName = (shot: Shot) => `${shot.key.replaceAll(' ', '-')}.png`;

describe(`the visual review (${MODE.startsWith('shard') ? `shard ${String(shard + 1)} of ${String(SHARDS)}` : MODE}, ${String(shots.length)} images)`, () => {
  it('has every story in it', () => {
    expect(stories.length).toBeGreaterThan(900);
    expect(new Set(everyShot.map((shot) => shot.story)).size).toBeGreaterThan(500);
    expect(shots.length).toBeGreaterThan(0);
    // An exception outlives its story only by mistake.
    const ids = new Set(stories.map((story) => story.id));
    expect(Object.keys(EXCEPTIONS).filter((id) => !ids.has(id))).toEqual([]);
  });

  // The plan is known whichever images this run takes (a shard in CI); a renewal drops the rest.
  if (!UPDATE)
    it('has no accepted image of a story that is gone', () => {
      expect(Object.keys(baselines.images).filter((key) => !planned.has(key))).toEqual([]);
    });

  it.each(shots.map((shot) => [shot.key, shot] as const))('%s', async (_key, shot) => {
    shotsNotTaken.delete(shot.key);
    if (otherMajor)
      throw new Error(
        `the accepted images were drawn by Chromium ${baselines.chromium}, this is ${chromiumVersion}, another major version, which draws text differently throughout: accept the images again with ${RENEW_COMMAND}`,
      );
    const { png, error } = await viewer.capture(shot);
    if (error) throw new Error(`${shot.key} shows an error: ${error}`);
    const drawn = digestOf(png);
    if (UPDATE) {
      seen[shot.key] = drawn;
      counts.renewed += 1;
      return;
    }
    counts.compared += 1;
    const verdict: Verdict = verdictOf({
      accepted: baselines.images[shot.key],
      drawn,
      acceptedOn: baselines.drawnOn?.[shot.key] ?? baselines.chromium,
      drawnOn: chromiumVersion,
    });
    if (verdict === 'equal') {
      counts.equal += 1;
      return;
    }
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(`${RESULTS}${fileName(shot)}`, png);
    let why = baselines.images[shot.key] ? 'changed' : 'has no accepted image';
    if (verdict === 'compare with reference') {
      const { viewer: accepting } = await referenceViewer();
      const { png: then } = await accepting.capture(shot);
      const seenAlike = likeness(png, then);
      if (seenAlike.alike) {
        counts.withinTolerance += 1;
        return;
      }
      writeFileSync(
        `${RESULTS}${fileName(shot).replace(/\.png$/, '.difference.png')}`,
        seenAlike.difference,
      );
      why = `differs from the accepting commit's rendering in ${String(seenAlike.differing)} pixels besides anti-aliasing (the picture of them is beside it)`;
    }
    counts.differed += 1;
    throw new Error(
      `${shot.key} ${why}: the image is test-results/visual/${fileName(shot)}; if that is intended, accept it with VISUAL=${shot.story} ${RENEW_COMMAND}`,
    );
  });
});
