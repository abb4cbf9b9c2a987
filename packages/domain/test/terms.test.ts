import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  OTHER_NAMES,
  STATUS_WORDS,
  TERMS,
  formatCount,
  inLanguage,
  localWord,
} from '../src/index.js';

describe('the terms catalogue', () => {
  it('words a stored term in the asked language, a status from the statuses, anything else as it came', () => {
    expect(localWord('eSign', 'ar')).toBe('التوقيع الإلكتروني');
    expect(localWord('eSign', 'en')).toBe('eSign');
    expect(localWord('Pending', 'ar')).toBe(STATUS_WORDS.Pending.ar);
    expect(localWord('Riyadh Trading Company ERP', 'ar')).toBe('Riyadh Trading Company ERP');
  });

  it('has every term in both languages, the Arabic in Arabic letters', () => {
    for (const [term, words] of Object.entries(TERMS)) {
      expect(words.en, term).not.toBe('');
      expect(words.ar, term).toMatch(/[\u0600-\u06FF]/u);
    }
  });

  it('picks a name stored in both languages', () => {
    expect(inLanguage('Taif Signing House', 'دار الطائف للتوقيع', 'ar')).toBe('دار الطائف للتوقيع');
    expect(inLanguage('Taif Signing House', 'دار الطائف للتوقيع', 'en')).toBe('Taif Signing House');
  });

  it('counts seats in both languages', () => {
    expect([1, 2, 5, 25, 100].map((n) => formatCount(n, 'seat', 'ar'))).toEqual([
      'مقعد واحد',
      'مقعدان',
      '٥ مقاعد',
      '٢٥ مقعدًا',
      '١٠٠ مقعد',
    ]);
    expect(formatCount(1, 'seat', 'en')).toBe('1 seat');
    expect(formatCount(25, 'seat', 'en')).toBe('25 seats');
  });
});

describe('one name for each thing', () => {
  const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
  /** What people read: the portal's translations, and the sources of every package and app. */
  const PLACES = ['apps/portal/public/locales', 'apps/portal/src', 'apps/server/src', 'packages'];
  const files = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      if (['node_modules', 'dist', 'test'].includes(name)) return [];
      if (statSync(path).isDirectory()) return files(path);
      return /\.(ts|tsx|json)$/.test(name) && !name.endsWith('terms.ts') ? [path] : [];
    });

  it('says each thing as the glossary does, never by another name', () => {
    const found = PLACES.flatMap((place) => files(join(ROOT, place))).flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      return Object.entries(OTHER_NAMES)
        .filter(([other]) => text.includes(other))
        .map(([other, ours]) => `${path.slice(ROOT.length)}: “${other}” (say “${ours}”)`);
    });
    expect(found).toEqual([]);
  });
});
