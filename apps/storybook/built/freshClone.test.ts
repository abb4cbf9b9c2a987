/**
 * The Storybook a designer builds by following the README — a fresh clone, no package built,
 * `npm run build -w @tawqi/storybook` (built/globalSetup.ts builds it so for every check here) —
 * is styled: one story of every component and a few portal screens are opened in Chromium, and
 * every class name on what they show must have a rule in the page's stylesheets. (The build once
 * needed `packages/ui/dist` to exist: without it, most components' class names had no rule at all,
 * while CI, which builds ui first, saw nothing.)
 */
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/find-chromium.mjs';
import { serveStatic } from './serveStatic.js';
import { openViewer, type Viewer } from './viewer.js';

/** Portal screens built of many components: a screen's styles come through the portal's chunks. */
const SCREENS = ['Portal/Org/ManageUsers', 'Portal/My/Dashboard', 'Portal/Public'];
/** React Aria's own default class names, which no stylesheet is meant to style. */
const UNSTYLED = /^react-aria-/;

let served: { origin: string; server: Server };
let browser: Browser;
let viewer: Viewer;
let stories: { id: string; title: string }[] = [];

beforeAll(async () => {
  const folder = inject('storybookStatic');
  const index = JSON.parse(readFileSync(`${folder}index.json`, 'utf8')) as {
    entries: Record<string, { type: string; title: string }>;
  };
  const firstOfEach = new Map<string, string>();
  for (const [id, entry] of Object.entries(index.entries))
    if (entry.type === 'story' && !firstOfEach.has(entry.title)) firstOfEach.set(entry.title, id);
  stories = [...firstOfEach]
    .filter(([title]) => title.startsWith('Components/') || SCREENS.includes(title))
    .map(([title, id]) => ({ id, title }));
  served = await serveStatic(folder);
  browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  viewer = await openViewer(browser, served.origin);
});

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => served.server.close(resolve));
});

/** The class names on the story's elements that no rule of the page's stylesheets names. */
function classesWithoutRules(unstyled: string) {
  const selectors: string[] = [];
  const walk = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
      if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
  const named = new Set(selectors.join(' ').match(/\.-?[_a-zA-Z][\w-]*/g) ?? []);
  const pattern = new RegExp(unstyled);
  const shown = document.querySelectorAll('#storybook-root *, [data-react-aria-top-layer] *');
  const classes = new Set(Array.from(shown).flatMap((element) => Array.from(element.classList)));
  return [...classes].filter((name) => !pattern.test(name) && !named.has(`.${name}`));
}

describe('the Storybook built in a fresh clone', () => {
  it('has one story of every component to look at', () => {
    expect(stories.filter((story) => story.title.startsWith('Components/')).length).toBeGreaterThan(
      25,
    );
    expect(stories.filter((story) => SCREENS.includes(story.title))).toHaveLength(SCREENS.length);
  });

  it('styles every class name each of them shows', async () => {
    const unstyled: Record<string, string[]> = {};
    for (const story of stories) {
      await viewer.show({
        story: story.id,
        language: 'en',
        theme: 'light',
        width: 1280,
        key: story.id,
      });
      const missing = await viewer.page.evaluate(classesWithoutRules, UNSTYLED.source);
      if (missing.length > 0) unstyled[story.title] = missing;
    }
    expect(unstyled).toEqual({});
  });
});
