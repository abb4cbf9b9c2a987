/**
 * How the visual review judges an image drawn by another Chromium (visual/compare.ts), on real
 * screenshots of the built Storybook: a 1 px padding change fails on every Chromium of the major
 * version, and the same story accepted on another patch release passes.
 *
 * Only one Chromium is installed at a time, so the accepting patch release's drawing is simulated:
 * every anti-aliased edge pixel of the screenshot moved an eighth of the way towards its
 * neighbours' brightest or darkest, as a rasterizer's update moves coverage (its digest differs).
 * Chromium's own switches (hinting, Skia's CPU paths) drew these stories identically, and could
 * not stand in. The accepting commit's rendering is this build's: its code is the same.
 */
import { chromium, type Browser } from 'playwright';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Server } from 'node:http';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/find-chromium.mjs';
import { digestOf, likeness, renewed, verdictOf } from '../visual/compare.js';
import { shotKey, type Shot } from '../visual/plan.js';
import { serveStatic } from './serveStatic.js';
import { DETERMINISTIC_ARGS, openViewer, type Viewer } from './viewer.js';

const ACCEPTED_ON = '156.0.8078.108';
const NEXT_PATCH = '156.0.8078.129';

describe('renewing some of the images', () => {
  const before = { chromium: '156.0.8078.108', images: { a: 'a1', b: 'b1' } };
  const planned = new Set(['a', 'b']);

  it('on another patch release, names it for those images only: the rest stay the accepted one’s', () => {
    const after = renewed(before, { b: 'b2' }, { all: false, chromium: '156.0.8078.129', planned });
    expect(after).toEqual({
      chromium: '156.0.8078.108',
      images: { a: 'a1', b: 'b2' },
      drawnOn: { b: '156.0.8078.129' },
    });
    // Renewed again on the baselines' own Chromium, the image is that one's once more.
    expect(
      renewed(after, { b: 'b3' }, { all: false, chromium: '156.0.8078.108', planned }),
    ).toEqual({
      chromium: '156.0.8078.108',
      images: { a: 'a1', b: 'b3' },
    });
  });

  it('drops the images of a story that is gone, whichever images were renewed', () => {
    const withGone = { ...before, images: { ...before.images, gone: 'g1' } };
    expect(renewed(withGone, { b: 'b2' }, { all: false, chromium: ACCEPTED_ON, planned })).toEqual({
      chromium: ACCEPTED_ON,
      images: { a: 'a1', b: 'b2' },
    });
  });

  it('all of them: this Chromium drew every image', () => {
    expect(
      renewed(before, { a: 'a9' }, { all: true, chromium: '156.0.8078.129', planned }),
    ).toEqual({
      chromium: '156.0.8078.129',
      images: { a: 'a9' },
    });
  });
});

describe('the verdict on a digest', () => {
  const judged = { accepted: 'aaa', drawn: 'aaa', acceptedOn: ACCEPTED_ON, drawnOn: ACCEPTED_ON };
  it('is the digest’s on the accepting Chromium', () => {
    expect(verdictOf(judged)).toBe('equal');
    expect(verdictOf({ ...judged, drawn: 'bbb' })).toBe('changed');
    expect(verdictOf({ ...judged, accepted: undefined })).toBe('changed');
  });
  it('asks for a comparison on another patch release, when the digest differs', () => {
    expect(verdictOf({ ...judged, drawnOn: NEXT_PATCH })).toBe('equal');
    expect(verdictOf({ ...judged, drawnOn: NEXT_PATCH, drawn: 'bbb' })).toBe(
      'compare with reference',
    );
    expect(verdictOf({ ...judged, drawnOn: NEXT_PATCH, accepted: undefined })).toBe('changed');
  });
  it('refuses another major version, even with the same digest', () => {
    expect(verdictOf({ ...judged, drawnOn: '157.0.7000.1' })).toBe('other major');
    expect(verdictOf({ ...judged, drawnOn: '150.0.7871.100' })).toBe('other major');
  });
});

/** The screenshot as another rasterizer might draw it: anti-aliased edge pixels moved. */
function redrawnEdges(png: Buffer): Buffer {
  const image = PNG.sync.read(png);
  const { width, height, data } = image;
  const source = Buffer.from(data);
  const byte = (at: number) => source[at] ?? 0;
  const brightness = (at: number) => byte(at) * 0.3 + byte(at + 1) * 0.59 + byte(at + 2) * 0.11;
  const neighbours: [number, number][] = [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ];
  let moved = 0;
  for (let y = 1; y < height - 1; y += 1)
    for (let x = 1; x < width - 1; x += 1) {
      const at = (y * width + x) * 4;
      let darkest = at;
      let brightest = at;
      for (const [dx, dy] of neighbours) {
        const near = ((y + dy) * width + x + dx) * 4;
        if (brightness(near) < brightness(darkest)) darkest = near;
        if (brightness(near) > brightness(brightest)) brightest = near;
      }
      // Strictly between its neighbours: a pixel partly covered by an edge.
      if (darkest === at || brightest === at) continue;
      if (brightness(brightest) - brightness(darkest) < 64) continue;
      const towards = moved % 2 === 0 ? darkest : brightest;
      for (let channel = 0; channel < 3; channel += 1)
        data[at + channel] = Math.round((7 * byte(at + channel) + byte(towards + channel)) / 8);
      moved += 1;
    }
  return PNG.sync.write(image);
}

/** One pixel more padding on the story's first button or column header, as a style change would. */
function onePixelMorePadding() {
  const element = document.querySelector<HTMLElement>(
    '#storybook-root button, #storybook-root [role=columnheader]',
  );
  if (!element) throw new Error('no button or column header to pad');
  element.style.paddingInlineStart = `${String(Number.parseFloat(getComputedStyle(element).paddingInlineStart) + 1)}px`;
}

const shotOf = (shot: Omit<Shot, 'key'>): Shot => ({ ...shot, key: shotKey(shot) });
const SHOTS: Shot[] = [
  shotOf({ story: 'components-button--default', language: 'en', theme: 'light', width: 1280 }),
  shotOf({ story: 'portal-org-manageusers--data', language: 'en', theme: 'light', width: 1280 }),
];

let browser: Browser;
let viewer: Viewer;
let server: Server;

beforeAll(async () => {
  const served = await serveStatic(inject('storybookStatic'));
  server = served.server;
  browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [...CHROMIUM_ARGS, ...DETERMINISTIC_ARGS],
  });
  viewer = await openViewer(browser, served.origin);
});

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
});

describe.each(SHOTS.map((shot) => [shot.key, shot] as const))('%s', (_key, shot) => {
  it('is drawn the same twice', async () => {
    const first = await viewer.capture(shot);
    const second = await viewer.capture(shot);
    expect(first.error).toBeNull();
    expect(digestOf(second.png)).toBe(digestOf(first.png));
  });

  it('fails a 1 px padding change, whatever patch release drew it', async () => {
    const { png: accepted } = await viewer.capture(shot);
    const { png: padded } = await viewer.capture(shot, onePixelMorePadding);
    const judged = { accepted: digestOf(accepted), drawn: digestOf(padded) };
    expect(verdictOf({ ...judged, acceptedOn: ACCEPTED_ON, drawnOn: ACCEPTED_ON })).toBe('changed');
    expect(verdictOf({ ...judged, acceptedOn: ACCEPTED_ON, drawnOn: NEXT_PATCH })).toBe(
      'compare with reference',
    );
    expect(likeness(padded, accepted).alike).toBe(false);
  });

  it('passes the same story accepted on another patch release', async () => {
    const { png: drawn } = await viewer.capture(shot);
    const acceptedThen = digestOf(redrawnEdges(drawn));
    expect(acceptedThen).not.toBe(digestOf(drawn));
    expect(
      verdictOf({
        accepted: acceptedThen,
        drawn: digestOf(drawn),
        acceptedOn: ACCEPTED_ON,
        drawnOn: NEXT_PATCH,
      }),
    ).toBe('compare with reference');
    const { png: reference } = await viewer.capture(shot);
    const seen = likeness(drawn, reference);
    expect(seen.alike, `${String(seen.differing)} pixels differ`).toBe(true);
  });
});

describe('a story whose dialog takes focus on its own', () => {
  // React Aria shows a focus ring unless the last input was a pointer, and keeps that per page:
  // a story shown after one that was clicked would be drawn without the ring it has on a fresh page.
  const dialog = shotOf({
    story: 'portal-inactivity-warning--dark',
    language: 'en',
    theme: 'dark',
    width: 1280,
  });
  const clicked = shotOf({
    story: 'components-button--default',
    language: 'en',
    theme: 'dark',
    width: 1280,
  });

  it('is drawn the same after a story that was clicked as on a fresh page', async () => {
    const fresh = await viewer.capture(dialog);
    await viewer.show(clicked);
    await viewer.page.locator('#storybook-root button').first().click();
    const afterClick = await viewer.capture(dialog);
    expect(afterClick.error).toBeNull();
    expect(digestOf(afterClick.png)).toBe(digestOf(fresh.png));
  });
});
