/**
 * The Storybook a designer, QA or Chromatic receives is the static build, not the dev server
 * (issue 39: the build once rendered the portal's screens and the components unstyled while dev
 * was fine). Stories are opened in the built Storybook, served as a reviewer would serve it, and
 * in the dev server, by the same browser at the same size, and their screenshots compared: a build
 * that drops styles, fonts or translations fails. The stories are those the dev run compares with
 * its committed screenshots (visual.setup.ts), in English light and Arabic dark, and one story
 * each of ten components.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { chromium, type Browser, type Page } from 'playwright';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/find-chromium.mjs';
import { serveStatic } from './serveStatic.js';
import { openViewer, type Viewer } from './viewer.js';
import { shotKey } from '../visual/plan.js';
import { BRAND_NAMES, latinWordsIn } from '../../portal/src/stories/latinWords.js';
import { darkColors, lightColors, sharedTokens } from '../../../packages/ui/src/theme/values.js';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const STATIC = inject('storybookStatic');
const RESULTS = `${HERE}test-results/built/`;
/** The dev run's comparison (vitest.config.ts). */
const THRESHOLD = 0.2;
const ALLOWED_MISMATCH = 0.002;
const VIEWPORT = { width: 1280, height: 800 };

const index = JSON.parse(readFileSync(`${STATIC}index.json`, 'utf8')) as {
  entries: Record<string, { type: string; title: string; tags?: string[] }>;
};
const stories = Object.entries(index.entries).filter(([, entry]) => entry.type === 'story');
/**
 * Screens the dev run compares, in English light and in Arabic dark (the theme's and the
 * direction's styles, the Arabic font and translations: what a build may drop).
 */
const visual = stories
  .filter(([, entry]) => entry.tags?.includes('visual'))
  .flatMap(([id]) => [id, `${id}-arabic-dark`]);
/**
 * A story of each component the build once showed as raw HTML (issue 39) and of each overlay
 * and layout, the first of its stories: ten, to keep the run within CI's time.
 */
const COMPONENTS = [
  'AppShell',
  'DataGrid',
  'DateRangePicker',
  'Dialog',
  'FilterBar',
  'QuantityDialog',
  'Select',
  'StatusBadge',
  'Tabs',
  'Toast',
];
const components = COMPONENTS.map(
  (name) => stories.find(([, entry]) => entry.title === `Components/${name}`)?.[0] ?? name,
);
const compared = [...visual, ...components];

let built: Server;
let dev: ChildProcess;
const origins = { built: '', dev: '' };
let browser: Browser;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  ({ server: built, origin: origins.built } = await serveStatic(STATIC));

  const port = await freePort();
  dev = spawn(
    'npx',
    ['storybook', 'dev', '--port', String(port), '--host', '127.0.0.1', '--no-open', '--ci'],
    {
      cwd: HERE,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
    },
  );
  origins.dev = `http://127.0.0.1:${String(port)}`;
  // Ready when it serves its index (a condition, not a pause).
  for (;;) {
    if (dev.exitCode !== null) throw new Error('storybook dev ended');
    const ready = await fetch(`${origins.dev}/index.json`)
      .then((answer) => answer.ok)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => built.close(resolve));
  if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
});

/** Opens a story and waits until it has rendered and its play function and checks have run. */
async function openStory(page: Page, origin: string, id: string, globals = '') {
  // Only the answer is awaited here: a dev server's first story compiles its modules on demand,
  // which a loaded machine may take long over; the render's progress is waited for below.
  await page.goto(
    `${origin}/iframe.html?id=${id}&viewMode=story${globals ? `&globals=${globals}` : ''}`,
    { waitUntil: 'commit' },
  );
  await page.waitForFunction(
    () => {
      const preview = (
        window as unknown as { __STORYBOOK_PREVIEW__?: { storyRenders?: { phase?: string }[] } }
      ).__STORYBOOK_PREVIEW__;
      return ['finished', 'errored'].includes(preview?.storyRenders?.at(-1)?.phase ?? '');
    },
    undefined,
    { timeout: 90_000 },
  );
  await page.evaluate(() => document.fonts.ready);
}

/** The story as a person sees it once rendered, its play function and checks run. */
async function screenshot(origin: string, id: string): Promise<{ png: Buffer; errors: string[] }> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openStory(page, origin, id);
  const png = await page.screenshot({ animations: 'disabled', fullPage: true });
  await page.close();
  return { png, errors };
}

describe('the built Storybook', () => {
  it('has the stories to compare', () => {
    expect(visual.length).toBeGreaterThanOrEqual(6);
    expect(visual.filter((id) => !(id in index.entries))).toEqual([]);
    expect(components.filter((id) => !(id in index.entries))).toEqual([]);
  });

  it('tags each component with its status and words to filter it by', () => {
    const byTitle = new Map<string, string[]>();
    for (const entry of Object.values(index.entries))
      if (entry.title.startsWith('Components/')) byTitle.set(entry.title, entry.tags ?? []);
    const seen = Object.fromEntries(
      [...byTitle].map(([title, tags]) => [
        title.slice('Components/'.length),
        {
          status: tags.filter((tag) => tag === 'stable' || tag === 'beta'),
          words: tags.filter((tag) => !/^(autodocs|dev|test|manifest|stable|beta)$/.test(tag))
            .length,
        },
      ]),
    );
    // Which status each has is the ui package's (its unit test holds the stories to it).
    expect(Object.keys(seen).length).toBeGreaterThanOrEqual(25);
    for (const [name, tags] of Object.entries(seen)) {
      expect(tags.status, name).toHaveLength(1);
      expect(tags.words, name).toBeGreaterThan(0);
    }
  });

  it.each(compared)('renders %s as the dev server does', async (id) => {
    const fromDev = await screenshot(origins.dev, id);
    const fromBuild = await screenshot(origins.built, id);
    // Kept for whoever reads a failure (CI keeps test-results/).
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(`${RESULTS}${id}-dev.png`, fromDev.png);
    writeFileSync(`${RESULTS}${id}-built.png`, fromBuild.png);
    const expected = PNG.sync.read(fromDev.png);
    const actual = PNG.sync.read(fromBuild.png);
    expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
    const differing = pixelmatch(
      expected.data,
      actual.data,
      undefined,
      expected.width,
      expected.height,
      { threshold: THRESHOLD },
    );
    expect(differing / (expected.width * expected.height)).toBeLessThanOrEqual(ALLOWED_MISMATCH);
    expect(fromBuild.errors).toEqual(fromDev.errors);
  });
});

/**
 * A component's docs page can be read and used with its modal stories on it: each modal story
 * draws in its own frame, so no backdrop covers the page and nothing of it is made inert or
 * hidden from screen readers (issue 39: opened inline, they left the page unusable).
 */
describe('the docs pages of modal components', () => {
  it.each(['components-dialog--docs', 'components-quantitydialog--docs'])(
    '%s stays usable',
    async (id) => {
      expect(index.entries[id]?.type).toBe('docs');
      const page = await browser.newPage({ viewport: VIEWPORT });
      await page.goto(`${origins.built}/iframe.html?id=${id}&viewMode=docs`);
      await page.locator('.sbdocs-content h1').waitFor({ timeout: 90_000 });
      const frames = page.locator('.sbdocs-content iframe');
      await expect.poll(() => frames.count(), { timeout: 90_000 }).toBeGreaterThan(0);
      const seen = await page.evaluate(() => ({
        dialogs: document.querySelectorAll('[role="dialog"], [role="alertdialog"]').length,
        hiddenOrInert: [...document.querySelectorAll('[aria-hidden="true"], [inert]')].filter(
          (element) => element.contains(document.querySelector('.sbdocs-content h1')),
        ).length,
      }));
      expect(seen).toEqual({ dialogs: 0, hiddenOrInert: 0 });
      // The title can be reached and read: nothing lies over it.
      const heading = page.locator('.sbdocs-content h1');
      const box = await heading.boundingBox();
      expect(box).not.toBeNull();
      const topmost = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('h1')?.textContent ?? null,
        { x: (box?.x ?? 0) + 4, y: (box?.y ?? 0) + 4 },
      );
      expect(topmost).toBeTruthy();
      await page.close();
    },
  );
});

describe('the tokens page', () => {
  it('shows every token with its value, each colour in light and in dark', async () => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`${origins.built}/iframe.html?id=design-system-tokens--docs&viewMode=docs`);
    await page.locator('.sbdocs-content h1').waitFor({ timeout: 90_000 });
    const rows = await page
      .locator('.sbdocs-content tr')
      .evaluateAll((found) => found.map((row) => row.textContent));
    const rowOf = (variable: string) => rows.find((row) => row.startsWith(variable)) ?? '';
    const missing = [
      ...Object.keys(lightColors).flatMap((name) => {
        const key = name as keyof typeof lightColors;
        const row = rowOf(`--tawqi-color-${name}`);
        return row.includes(lightColors[key]) && row.includes(darkColors[key]) ? [] : [name];
      }),
      ...Object.entries(sharedTokens).flatMap(([group, tokens]) =>
        Object.entries(tokens as Record<string, string>)
          .filter(([name, value]) => !rowOf(`--tawqi-${group}-${name}`).includes(value))
          .map(([name]) => `${group}.${name}`),
      ),
    ];
    expect(missing).toEqual([]);
    await page.close();
  });
});

/**
 * High contrast (forced colours): the system drops backgrounds, so a mark or a fill drawn only
 * with one vanished. Each must still have ink where it is: at least a third of its box differs
 * from the page's canvas colour.
 */
describe('forced colours (high contrast)', () => {
  it.each([
    ['components-statusbadge--all-tones', '[data-tone] > [aria-hidden]'],
    ['components-statcard--default', '[role="meter"] > *'],
  ])('%s keeps its marks', async (id, selector) => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.emulateMedia({ forcedColors: 'active' });
    await openStory(page, origins.built, id);
    const marks = page.locator(selector);
    expect(await marks.count()).toBeGreaterThan(0);
    const canvas = PNG.sync.read(
      await page.screenshot({ clip: { x: 0, y: 0, width: 4, height: 4 } }),
    );
    const [r, g, b] = [canvas.data[0], canvas.data[1], canvas.data[2]];
    for (const mark of await marks.all()) {
      const image = PNG.sync.read(await mark.screenshot({ animations: 'disabled' }));
      let inked = 0;
      for (let offset = 0; offset < image.data.length; offset += 4)
        if (
          Math.abs((image.data[offset] ?? 0) - (r ?? 0)) +
            Math.abs((image.data[offset + 1] ?? 0) - (g ?? 0)) +
            Math.abs((image.data[offset + 2] ?? 0) - (b ?? 0)) >
          96
        )
          inked += 1;
      expect(
        inked / (image.width * image.height),
        await mark.evaluate((e) => e.outerHTML),
      ).toBeGreaterThan(1 / 3);
    }
    await page.close();
  });
});

/**
 * The toolbar's language reaches every component story's content, not only its direction and
 * built-in strings (issue 39: DataGrid kept English headers beside an Arabic pager; Dialog's
 * "Open" stayed English under the Arabic toolbar): each story, opened with the toolbar in Arabic,
 * is Arabic, shows no English word, and its play function passes there.
 */
const componentStories = stories
  .filter(([, entry]) => entry.title.startsWith('Components/'))
  .map(([id]) => id)
  .sort();

describe('component stories in the toolbar’s language', () => {
  let viewer: Viewer;
  beforeAll(async () => {
    viewer = await openViewer(browser, origins.built);
  });
  afterAll(() => viewer.close());

  it('has the stories of every component', () => {
    expect(new Set(componentStories.map((id) => id.split('--')[0])).size).toBeGreaterThanOrEqual(
      29,
    );
  });

  it.each(componentStories)('%s in Arabic is Arabic and shows no English', async (id) => {
    const shot = { story: id, language: 'ar', theme: 'light', width: 1280 } as const;
    // Keyboard plays move focus: the page must be the one the browser focuses, whichever pages
    // the tests before opened.
    await viewer.page.bringToFront();
    const { error } = await viewer.inspect({ ...shot, key: shotKey(shot) });
    expect(error).toBeNull();
    const root = viewer.page.locator('.story-root');
    expect(await root.getAttribute('lang')).toMatch(/^ar/);
    expect(await root.evaluate(latinWordsIn, BRAND_NAMES)).toEqual([]);
  });
});
