/**
 * A page of the built Storybook that takes the visual review's screenshots: pixels that are the
 * same on every run and CPU (Chromium's flags below; without them a rounded corner's antialiasing
 * differed by one level between runs), a fixed clock (calendars mark today), and a story taken
 * once it has settled (two equal screenshots in a row).
 */
import type { Browser, Page } from 'playwright';
import type { Shot } from '../visual/plan.js';

/**
 * Skia without its CPU-specific paths, one raster thread, no partial or deferred rasterization,
 * sRGB, grayscale antialiasing without hinting.
 */
export const DETERMINISTIC_ARGS = [
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

/** What every story sees as now: a calendar marks today, a list says "3 days ago". */
const NOW = new Date('2026-03-15T09:30:00+03:00');
/** A window's height; the image is the whole page, however tall. */
const HEIGHT = 800;
/** A preview that has shown hundreds of stories holds a gigabyte: a fresh page now and then. */
const STORIES_PER_LOAD = 100;

interface Preview {
  storyRenders?: { id?: string; phase?: string }[];
}

export interface Viewer {
  /**
   * Shows a story, its play function run, and returns what it drew or the error it showed;
   * `alter` runs in the page before the screenshot (a test's deliberate change).
   */
  capture: (shot: Shot, alter?: () => void) => Promise<{ png: Buffer; error: string | null }>;
  /** Shows a story (its play function run) and returns the error it showed, without a screenshot. */
  inspect: (shot: Shot) => Promise<{ error: string | null }>;
  /** Shows a story (its play function run), as the sidebar does, and takes no screenshot. */
  show: (shot: Shot) => Promise<void>;
  /** The page the stories show in. */
  page: Page;
  close: () => Promise<void>;
}

export async function openViewer(browser: Browser, origin: string): Promise<Viewer> {
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
  let loadedGroup = '';
  let shownSinceLoad = 0;

  async function show(shot: Shot) {
    const group = `${shot.language};${shot.theme};${String(shot.width)}`;
    shownSinceLoad += 1;
    if (group !== loadedGroup || shownSinceLoad > STORIES_PER_LOAD) {
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
        // React Aria hides focus rings while the page's last input was a pointer, and that outlives
        // a story: a key released (one no story handles) starts the next as a fresh page does,
        // with a ring on what takes focus on its own.
        document.dispatchEvent(new KeyboardEvent('keyup', { key: 'Unidentified', bubbles: true }));
        const channel = (
          window as unknown as {
            __STORYBOOK_ADDONS_CHANNEL__: { emit: (...a: unknown[]) => void };
          }
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
  }

  async function settledScreenshot() {
    await page.evaluate(async () => {
      await document.fonts.ready;
      window.scrollTo(0, 0);
    });
    // Settled when two screenshots in a row are the same (data arriving, an image decoding).
    let png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const again = await page.screenshot({
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
      if (again.equals(png)) break;
      png = again;
    }
    return png;
  }

  /** What the story showed as its failure: its error screen or its play function's error. */
  async function problem() {
    const error = await page.evaluate(() => {
      if (document.body.classList.contains('sb-show-errordisplay'))
        return document.querySelector('#error-message')?.textContent ?? 'the story failed';
      return (globalThis as unknown as { __storyProblems: string[] }).__storyProblems[0] ?? null;
    });
    // An error screen is left by reloading, not by moving on.
    if (error) loadedGroup = '';
    return error;
  }

  return {
    async capture(shot, alter) {
      await show(shot);
      if (alter) await page.evaluate(alter);
      const error = await problem();
      return { png: await settledScreenshot(), error };
    },
    async inspect(shot) {
      await show(shot);
      return { error: await problem() };
    },
    show,
    page,
    close: () => page.close(),
  };
}
