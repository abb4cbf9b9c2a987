import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  LANGUAGE_DETECTION_ORDER,
  NAMESPACES,
  appliedColorScheme,
  detectLanguage,
  directionOf,
  initialDirection,
  languageToSeed,
  parseTheme,
  toLanguage,
} from '../src/index.js';

describe('language (SPEC §4, §9)', () => {
  it('supports only en and ar, reading regional tags', () => {
    expect(toLanguage('ar-SA')).toBe('ar');
    expect(toLanguage('EN_us')).toBe('en');
    expect(toLanguage(' ar ')).toBe('ar');
    expect(toLanguage('fr')).toBeUndefined();
    expect(toLanguage('')).toBeUndefined();
    expect(toLanguage(null)).toBeUndefined();
    expect(toLanguage(undefined)).toBeUndefined();
  });

  it('saves Arabic on first load when no supported language is stored', () => {
    expect(languageToSeed(null)).toBe('ar');
    expect(languageToSeed('fr')).toBe('ar');
    expect(languageToSeed('en')).toBeNull();
    expect(languageToSeed('ar')).toBeNull();
  });

  it('detects in the spec’s order', () => {
    expect(LANGUAGE_DETECTION_ORDER).toEqual([
      'querystring',
      'cookie',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ]);
    expect(detectLanguage({ querystring: 'en', cookie: 'ar', localStorage: 'ar' })).toEqual({
      language: 'en',
      source: 'querystring',
    });
    expect(detectLanguage({ cookie: 'ar', localStorage: 'en' })).toEqual({
      language: 'ar',
      source: 'cookie',
    });
    expect(detectLanguage({ localStorage: 'en', navigator: ['ar'] })).toEqual({
      language: 'en',
      source: 'localStorage',
    });
    expect(detectLanguage({ sessionStorage: 'ar', htmlTag: 'en' })).toEqual({
      language: 'ar',
      source: 'sessionStorage',
    });
    expect(detectLanguage({ htmlTag: 'ar' })).toEqual({ language: 'ar', source: 'htmlTag' });
  });

  it('skips unsupported values and reads browser languages in order', () => {
    expect(detectLanguage({ querystring: 'de', navigator: ['fr-FR', 'ar-EG', 'en'] })).toEqual({
      language: 'ar',
      source: 'navigator',
    });
  });

  it('falls back to English when no source names a supported language', () => {
    expect(FALLBACK_LANGUAGE).toBe('en');
    expect(detectLanguage({})).toEqual({ language: 'en', source: 'fallback' });
    expect(detectLanguage({ navigator: ['fr'], htmlTag: null })).toEqual({
      language: 'en',
      source: 'fallback',
    });
  });

  it('names the namespaces, the spec’s five first, index by default', () => {
    expect(NAMESPACES.slice(0, 5)).toEqual(['index', 'header', 'footer', 'login', 'dashboard']);
    expect(DEFAULT_NAMESPACE).toBe('index');
  });
});

describe('direction (SPEC §4)', () => {
  it('follows the language', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });

  it('starts from the document’s direction, left-to-right by default', () => {
    expect(initialDirection('rtl')).toBe('rtl');
    expect(initialDirection('RTL')).toBe('rtl');
    expect(initialDirection('ltr')).toBe('ltr');
    expect(initialDirection('')).toBe('ltr');
    expect(initialDirection(null)).toBe('ltr');
    expect(initialDirection(undefined)).toBe('ltr');
  });
});

describe('theme (SPEC §4)', () => {
  it('reads the stored choice, light by default', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('system')).toBe('system');
    expect(parseTheme(null)).toBe('light');
    expect(parseTheme(undefined)).toBe('light');
    expect(parseTheme('purple')).toBe('light');
  });

  it('applies light and dark as chosen, and system by the browser’s preference', () => {
    expect(appliedColorScheme('light', true)).toBe('light');
    expect(appliedColorScheme('dark', false)).toBe('dark');
    expect(appliedColorScheme('system', true)).toBe('dark');
    expect(appliedColorScheme('system', false)).toBe('light');
  });
});
