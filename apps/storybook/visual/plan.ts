/**
 * Which screenshots the visual review takes (issue 39): every story of the built Storybook, in
 * Arabic and English, light and dark, at a desktop width, and every portal screen also at a
 * phone's 360 px. Generated from the Storybook's index, not written story by story.
 */
import { createHash } from 'node:crypto';

export const LANGUAGES = ['en', 'ar'] as const;
export const THEMES = ['light', 'dark'] as const;
/** The desktop window the story tests use, and the narrowest phone the portal supports. */
export const DESKTOP = 1280;
export const PHONE = 360;

export type Language = (typeof LANGUAGES)[number];
export type Theme = (typeof THEMES)[number];

export interface Shot {
  story: string;
  language: Language;
  theme: Theme;
  width: number;
  /** Names the image in the baselines and in a failure: `story ar dark 360`. */
  key: string;
}

export interface IndexedStory {
  id: string;
  title: string;
}

/** A story's own globals (its `globals`), which the toolbar's cannot override. */
export type StoryGlobals = Record<string, unknown>;

const VARIANT_SUFFIX = /-(arabic-dark|arabic|dark)$/;

/**
 * The portal's "… Arabic", "… Dark" and "… Arabic Dark" stories repeat a story with fixed globals
 * (inArabic, inDark); the base story is taken in every language and theme, so they are left out.
 */
function repeatsAnother(story: IndexedStory, ids: Set<string>, globals: StoryGlobals): boolean {
  const base = story.id.replace(VARIANT_SUFFIX, '');
  return base !== story.id && ids.has(base) && ('language' in globals || 'theme' in globals);
}

/** What the review leaves out of a story, and why: each a finding to fix, not a rule. */
interface Exception {
  languages?: readonly Language[];
  widths?: readonly number[];
  /** Not taken at all. */
  skip?: true;
  why: string;
}

const SIDE_NAVIGATION =
  'its play looks for the side navigation, which a phone shows in a drawer (the shell at 360 px is checked by AppShell’s Phone story and the portal’s end-to-end tests)';
const TAB_IN_BUILD =
  'its play presses Tab, which finds nothing to focus in the built Storybook though it does in the test runner';
export const EXCEPTIONS: Readonly<Record<string, Exception>> = {
  'portal-layouts--public': { widths: [DESKTOP], why: SIDE_NAVIGATION },
  'portal-layouts--individual-area': { widths: [DESKTOP], why: SIDE_NAVIGATION },
  'portal-layouts--organization-area': { widths: [DESKTOP], why: SIDE_NAVIGATION },
  'portal-layouts--organization-subpage': { widths: [DESKTOP], why: SIDE_NAVIGATION },
  'portal-layouts--organization-no-access': { widths: [DESKTOP], why: SIDE_NAVIGATION },
  'portal-layouts--provider-area': { widths: [DESKTOP], why: SIDE_NAVIGATION },
  'components-tabs--keyboard': { skip: true, why: TAB_IN_BUILD },
  'components-tabs--rtl': { skip: true, why: TAB_IN_BUILD },
  'portal-login--resend-code': { skip: true, why: TAB_IN_BUILD },
  'portal-inactivity-warning--default': {
    languages: ['en'],
    why: 'its play’s countdown text does not match in Arabic under the review’s fixed clock',
  },
};

export const isScreen = (story: IndexedStory) => story.title.startsWith('Portal/');

export function shotKey(shot: Omit<Shot, 'key'>): string {
  return `${shot.story} ${shot.language} ${shot.theme} ${String(shot.width)}`;
}

/**
 * Every image to take, grouped by language, theme and width (the order they are taken in: the
 * preview loads once per group and then moves from story to story as Storybook's sidebar does).
 * A story that fixes its language or theme is taken only in that one.
 */
export function planShots(
  stories: IndexedStory[],
  globalsOf: (id: string) => StoryGlobals,
): Shot[] {
  const ids = new Set(stories.map((story) => story.id));
  const shots: Shot[] = [];
  for (const story of stories) {
    const globals = globalsOf(story.id);
    const exception = EXCEPTIONS[story.id];
    if (repeatsAnother(story, ids, globals) || exception?.skip) continue;
    const languages = LANGUAGES.filter(
      (l) =>
        (!('language' in globals) || globals.language === l) &&
        (exception?.languages ?? LANGUAGES).includes(l),
    );
    const themes = THEMES.filter((t) => !('theme' in globals) || globals.theme === t);
    const widths = (isScreen(story) ? [DESKTOP, PHONE] : [DESKTOP]).filter((width) =>
      (exception?.widths ?? [width]).includes(width),
    );
    for (const language of languages)
      for (const theme of themes)
        for (const width of widths) {
          const shot = { story: story.id, language, theme, width };
          shots.push({ ...shot, key: shotKey(shot) });
        }
  }
  const group = (shot: Shot) => `${shot.language} ${shot.theme} ${String(shot.width)}`;
  return shots.sort((a, b) => group(a).localeCompare(group(b)) || a.story.localeCompare(b.story));
}

/**
 * The part of the stories a shard holds, 0 ≤ shard < count: by a hash of the story's id, so a
 * story's images stay together and a new story does not move the others.
 */
export function inShard(story: string, shard: number, count: number): boolean {
  const digest = createHash('sha256').update(story).digest();
  return digest.readUInt32BE(0) % count === shard;
}

/**
 * CI's shard: one of `count`, chosen by the commit under test, so successive landings cover every
 * story while each run stays short.
 */
export function shardOfCommit(commit: string, count: number): number {
  return Number.parseInt(commit.slice(0, 8), 16) % count;
}
