/**
 * Interface settings (SPEC §4 "Interface settings", §9): language, theme and direction.
 * One language decides the direction (STYLE.md: direction is derived, never toggled on its own).
 */

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/** Saved on first load when no language is stored (SPEC §4). */
export const DEFAULT_LANGUAGE: Language = 'ar';

/**
 * Translation namespaces: the spec's five (SPEC §7, §9; the default is index), and ours: `public`
 * for the marketing pages, `app` for the signed-in area's frame, `my` for the individual area,
 * `org` for the organization area, `enrol` for pre-enrolment.
 */
export const NAMESPACES = [
  'index',
  'header',
  'footer',
  'login',
  'dashboard',
  'public',
  'app',
  'my',
  'org',
  'enrol',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'index';

/** Language detection order (SPEC §4); the result is cached in localStorage `i18nextLng`. */
export const LANGUAGE_DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
] as const;
export type LanguageSource = (typeof LANGUAGE_DETECTION_ORDER)[number];
/** The query parameter that sets the language (SPEC §4). */
export const LANGUAGE_QUERY_PARAMETER = 'lng';

/** A supported language from a tag such as `ar`, `ar-SA` or `EN-us`; undefined otherwise. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/, 1)[0];
  return LANGUAGES.find((language) => language === primary);
}

/**
 * First load (SPEC §4): "if no language is stored, Arabic is saved as the default". Returns the
 * language to save, or null when a supported one is already stored.
 */
export function languageToSeed(stored: string | null): Language | null {
  return toLanguage(stored) ? null : DEFAULT_LANGUAGE;
}

/**
 * The detected language (SPEC §4): the first source, in the detection order, that names a supported
 * language; English when none does. Browser language lists are read in the browser's own order.
 */
export function detectLanguage(
  sources: Partial<Record<LanguageSource, string | readonly string[] | null>>,
): { language: Language; source: LanguageSource | 'fallback' } {
  for (const source of LANGUAGE_DETECTION_ORDER) {
    const value = sources[source];
    const candidates = typeof value === 'string' ? [value] : (value ?? []);
    for (const candidate of candidates) {
      const language = toLanguage(candidate);
      if (language) return { language, source };
    }
  }
  return { language: FALLBACK_LANGUAGE, source: 'fallback' };
}

export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The direction of a language: Arabic is right-to-left. */
export function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The direction before a language is known (SPEC §4): the document's own, left-to-right by default.
 */
export function initialDirection(documentDir: string | null | undefined): Direction {
  return documentDir?.toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
}

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

/** The stored theme choice, light when nothing valid is stored (SPEC §4). */
export function parseTheme(stored: string | null | undefined): Theme {
  return THEMES.find((theme) => theme === stored) ?? DEFAULT_THEME;
}

/** The colour scheme applied to the root: "system" follows the browser's preference (SPEC §4). */
export function appliedColorScheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}
