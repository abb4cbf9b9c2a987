/**
 * The visual review (issue 39): every story of the built Storybook in Arabic and English, light and
 * dark, and every portal screen also at 360 px (visual/plan.ts), each compared with its accepted
 * image. A changed pixel fails the story's own test, which names it and keeps the new image in
 * test-results/visual/.
 *
 * The accepted images are kept as digests of their pixels (visual/baselines.json), not as files:
 * about 3,400 screenshots would put a quarter of a gigabyte into git. That needs pixels that never
 * vary between runs, machines or CPUs, which Chromium gives with the flags below (without them a
 * rounded corner's antialiasing differed by one level between runs), a fixed clock (calendars
 * mark today) and a page that has settled (two equal screenshots in a row). To see what an image
 * was, run the same command at the commit that accepted it.
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
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
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
import { serveStatic } from './serveStatic.js';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const STATIC = process.env.STORYBOOK_STATIC ?? `${HERE}storybook-static/`;
const BASELINES = `${HERE}visual/baselines.json`;
const RESULTS = `${HERE}test-results/visual/`;
// Twenty: about 150 images, a minute and a half on CI's critical path (ten took four minutes of
// a 39-minute run, too near its 45).
const SHARDS = 20;
/** `all`, `shard` (CI's default) or `shard:N`, or story ids and parts of ids, comma-separated. */
const MODE = process.env.VISUAL ?? 'shard';
const UPDATE = process.env.VISUAL_UPDATE === '1';
/** What every story sees as now: a calendar marks today, a list says "3 days ago". */
const NOW = new Date('2026-03-15T09:30:00+03:00');
/** A window's height; the image is the whole page, however tall. */
const HEIGHT = 800;

/**
 * Pixels that are the same on every run and CPU: Skia without its CPU-specific paths, one raster
 * thread, no partial or deferred rasterization, sRGB, grayscale antialiasing without hinting.
 */
const DETERMINISTIC_ARGS = [
  '--force-color-profile=srgb',
  '--disable-skia-runtime-opts',
  '--num-raster-threads=1',
  '--disable-partial-raster',
  '--run-all-compositor-stages-before-draw',
  '--disable-threaded-animation',
  '--disable-threaded-scrolling',
  '--disable-checker-imaging',
  '--disable-image-animation-resync',
  '--disable-lcd-text',
  '--font-render-hinting=none',
  '--disable-features=PaintHolding',
];

interface Baselines {
  /** The Chromium that drew them: another version draws text a little differently. */
  chromium: string;
  images: Record<string, string>;
}

if (!existsSync(`${STATIC}index.json`))
  throw new Error(
    'storybook-static is missing: build it first (npm run build -w @tawqi/storybook)',
  );

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
const page = await browser.newPage({ viewport: { width: 1280, height: HEIGHT } });
await page.clock.setFixedTime(NOW);
// A play function that throws leaves the story drawn and says so only on the preview's channel:
// listen there from the start (the channel is set once the preview's script runs).
await page.addInitScript(() => {
  const held = globalThis as unknown as { __storyProblems: string[] };
  held.__storyProblems = [];
  let channel: unknown;
  Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set: (next: { on: (event: string, listener: (payload: never) => void) => void }) => {
      channel = next;
      next.on('playFunctionThrewException', (error: { message?: string }) => {
        held.__storyProblems.push(`its play function failed: ${error.message ?? ''}`);
      });
    },
  });
});

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
/**
 * A Chromium update (Debian's security releases) draws text a little differently, so every digest
 * would differ: CI's shard then says so and checks nothing until the images are accepted again on
 * the new version; asked for by name or in full, the review fails instead.
 */
const otherChromium = !UPDATE && baselines.chromium !== chromiumVersion;
if (otherChromium && MODE.startsWith('shard'))
  console.warn(
    `visual review skipped: the accepted images were drawn by Chromium ${baselines.chromium}, this is ${chromiumVersion}; accept them again with npm run visual:update -w @tawqi/storybook`,
  );

const seen: Record<string, string> = {};

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
  if (!UPDATE) return;
  const kept = MODE === 'all' ? {} : baselines.images;
  const images = Object.fromEntries(
    Object.entries({ ...kept, ...seen }).sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(
    BASELINES,
    `${JSON.stringify({ chromium: chromiumVersion, images } satisfies Baselines, null, 2)}\n`,
  );
});

let loadedGroup = '';
let shownSinceLoad = 0;

interface Preview {
  storyRenders?: { id?: string; phase?: string }[];
}

/** Shows a story, its play function run, and returns what it drew or the error it showed. */
async function capture(shot: Shot): Promise<{ png: Buffer; error: string | null }> {
  const group = `${shot.language};${shot.theme};${String(shot.width)}`;
  // A fresh page now and then: a preview that has shown hundreds of stories holds a gigabyte.
  shownSinceLoad += 1;
  if (group !== loadedGroup || shownSinceLoad > 100) {
    shownSinceLoad = 0;
    await page.setViewportSize({ width: shot.width, height: HEIGHT });
    await page.goto(
      `${origin}/iframe.html?id=${shot.story}&viewMode=story&globals=language:${shot.language};theme:${shot.theme}`,
    );
    loadedGroup = group;
  } else {
    // As Storybook's sidebar moves between stories: no reload, the preview renders the next one.
    await page.evaluate((storyId) => {
      (globalThis as unknown as { __storyProblems: string[] }).__storyProblems = [];
      const channel = (
        window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit: (...a: unknown[]) => void } }
      ).__STORYBOOK_ADDONS_CHANNEL__;
      channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, shot.story);
  }
  await page.waitForFunction(
    (id) => {
      const render = (
        window as unknown as { __STORYBOOK_PREVIEW__?: Preview }
      ).__STORYBOOK_PREVIEW__?.storyRenders?.at(-1);
      return render?.id === id && ['finished', 'errored'].includes(render.phase ?? '');
    },
    shot.story,
    { timeout: 90_000 },
  );
  const error = await page.evaluate(() => {
    if (document.body.classList.contains('sb-show-errordisplay'))
      return document.querySelector('#error-message')?.textContent ?? 'the story failed';
    return (globalThis as unknown as { __storyProblems: string[] }).__storyProblems[0] ?? null;
  });
  // An error screen is left by reloading, not by moving on.
  if (error) loadedGroup = '';
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  // Settled when two screenshots in a row are the same (data arriving, an image decoding).
  let png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const again = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    if (again.equals(png)) break;
    png = again;
  }
  return { png, error };
}

/** The image's size and pixels (not the PNG's bytes, which an encoder may vary). */
function digest(png: Buffer): string {
  const image = PNG.sync.read(png);
  return createHash('sha256')
    .update(`${String(image.width)}x${String(image.height)}`)
    .update(image.data)
    .digest('hex')
    .slice(0, 24);
}

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

  it.skipIf(MODE !== 'all' || UPDATE)('has no accepted image of a story that is gone', () => {
    const planned = new Set(everyShot.map((shot) => shot.key));
    expect(Object.keys(baselines.images).filter((key) => !planned.has(key))).toEqual([]);
  });

  it
    .skipIf(otherChromium && MODE.startsWith('shard'))
    .each(shots.map((shot) => [shot.key, shot] as const))('%s', async (_key, shot) => {
    const { png, error } = await capture(shot);
    if (error) throw new Error(`${shot.key} shows an error: ${error}`);
    const drawn = digest(png);
    if (UPDATE) {
      seen[shot.key] = drawn;
      return;
    }
    const accepted = baselines.images[shot.key];
    if (accepted === drawn) return;
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(`${RESULTS}${fileName(shot)}`, png);
    throw new Error(
      `${shot.key} ${accepted ? 'changed' : 'has no accepted image'}: the image is test-results/visual/${fileName(shot)}; if that is intended, accept it with VISUAL=${shot.story} npm run visual:update -w @tawqi/storybook`,
    );
  });
});
