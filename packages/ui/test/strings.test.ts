import { describe, expect, it } from 'vitest';
import { UI_STRINGS } from '../src/provider/strings.js';

const ARABIC = /[\u0600-\u06FF]/u;

describe('built-in strings (both languages first-class)', () => {
  it('has every key in both languages, and none empty', () => {
    expect(Object.keys(UI_STRINGS.ar).sort()).toEqual(Object.keys(UI_STRINGS.en).sort());
    for (const language of ['en', 'ar'] as const) {
      for (const [key, text] of Object.entries(UI_STRINGS[language]))
        expect(text.trim(), `${language}.${key}`).not.toBe('');
    }
  });

  it('writes Arabic in Arabic and English in English', () => {
    for (const text of Object.values(UI_STRINGS.ar)) expect(text).toMatch(ARABIC);
    for (const text of Object.values(UI_STRINGS.en)) expect(text).not.toMatch(ARABIC);
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(UI_STRINGS.en)) {
      expect(placeholders(UI_STRINGS.ar[key as keyof typeof UI_STRINGS.ar]), key).toEqual(
        placeholders(text),
      );
    }
  });

  it('uses the glossary’s words for the spec’s fixed messages', () => {
    expect(UI_STRINGS.ar.failedToFetch).toBe('تعذّر جلب البيانات');
    expect(UI_STRINGS.ar.vat).toBe('ضريبة القيمة المضافة');
    expect(UI_STRINGS.ar.total).toBe('السعر الإجمالي');
  });
});
