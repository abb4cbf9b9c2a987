import { describe, expect, it } from 'vitest';
import {
  riyadhWallClock,
  COUNTED_NOUNS,
  FORMATTING_LOCALES,
  formatClock,
  formatCount,
  formatDate,
  formatNumber,
  formatFileSize,
  formatList,
  formatMonth,
  formatPercent,
  formatYear,
  intlLocale,
  toAsciiDigits,
  formatContact,
  formatDigits,
} from '../src/index.js';

describe('formatting locales (SPEC §4, §9)', () => {
  it('maps en to en-US and ar to ar-SA, with the Gregorian calendar pinned', () => {
    expect(FORMATTING_LOCALES).toEqual({ en: 'en-US', ar: 'ar-SA' });
    expect(intlLocale('ar')).toBe('ar-SA-u-ca-gregory');
    expect(new Intl.DateTimeFormat(intlLocale('ar')).resolvedOptions().calendar).toBe('gregory');
  });

  it('formats numbers per locale', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(toAsciiDigits(formatNumber(1234.5, 'ar'))).toMatch(/^1.234.5$/u);
    expect(formatYear(2026, 'en')).toBe('2026');
    expect(formatYear(2026, 'ar')).toBe('٢٠٢٦');
  });

  it("writes a percentage with the language's digits and sign", () => {
    expect(formatPercent(15, 'en')).toBe('15%');
    expect(formatPercent(0, 'ar')).toMatch(/^٠٪/u);
    expect(formatPercent(15, 'ar')).toMatch(/^١٥٪/u);
    expect(formatPercent(12.5, 'ar')).not.toMatch(/[0-9%]/);
  });

  it('joins words as the language joins a list', () => {
    expect(formatList(['Provider Admin', 'Provider Finance'], 'en')).toBe(
      'Provider Admin and Provider Finance',
    );
    expect(formatList(['أ', 'ب', 'ج'], 'ar')).toBe('أ وب وج');
    expect(formatList(['Provider Admin'], 'en')).toBe('Provider Admin');
  });

  it("writes a countdown as a clock in the language's digits, never below zero", () => {
    expect(formatClock(125, 'en')).toBe('\u20662:05\u2069');
    expect(formatClock(59.2, 'ar')).toBe('\u2066١:٠٠\u2069');
    expect(formatClock(9, 'ar')).toBe('\u2066٠:٠٩\u2069');
    expect(formatClock(-3, 'en')).toBe('\u20660:00\u2069');
  });

  it("counts in Arabic's six plural forms and English's two", () => {
    expect([1, 2, 3, 10, 11, 12, 99, 100, 101].map((n) => formatCount(n, 'month', 'ar'))).toEqual([
      'شهر واحد',
      'شهران',
      '٣ أشهر',
      '١٠ أشهر',
      '١١ شهرًا',
      '١٢ شهرًا',
      '٩٩ شهرًا',
      '١٠٠ شهر',
      '١٠١ شهر',
    ]);
    expect(formatCount(5, 'transaction', 'ar')).toBe('٥ عمليات');
    for (const noun of Object.values(COUNTED_NOUNS))
      for (const language of ['en', 'ar'] as const)
        expect(Object.keys(noun[language]).sort()).toEqual(
          [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort(),
        );
    expect(formatCount(1, 'month', 'en')).toBe('1 month');
    expect(formatCount(1000, 'transaction', 'en')).toBe('1,000 transactions');
  });

  it('says the Arabic dual after a preposition in its own case, and the rest as they are', () => {
    expect(
      [1, 2, 3, 11, 100].map((n) => formatCount(n, 'second', 'ar', 'afterPreposition')),
    ).toEqual(['ثانية واحدة', 'ثانيتين', '٣ ثوانٍ', '١١ ثانية', '١٠٠ ثانية']);
    expect(formatCount(2, 'minute', 'ar')).toBe('دقيقتان');
    expect(formatCount(2, 'minute', 'ar', 'afterPreposition')).toBe('دقيقتين');
    expect(formatCount(2, 'minute', 'en', 'afterPreposition')).toBe('2 minutes');
    expect(formatCount(1, 'second', 'en', 'afterPreposition')).toBe('1 second');
  });

  it('shows dates in Saudi time, in the Gregorian calendar for Arabic too', () => {
    // 22:30 UTC on 31 Dec is 01:30 on 1 Jan in Riyadh.
    expect(formatDate('2025-12-31T22:30:00Z', 'en')).toBe('Jan 1, 2026');
    expect(formatDate('2025-12-31T22:30:00Z', 'en', { withTime: true })).toMatch(
      /^Jan 1, 2026.*1:30/u,
    );
    expect(toAsciiDigits(formatDate('2025-12-31T22:30:00Z', 'ar'))).toContain('2026');
  });

  it('refuses a date that is not ISO', () => {
    expect(() => formatDate('not a date', 'en')).toThrow(RangeError);
  });

  it('reads Arabic-Indic and Extended Arabic-Indic digits as ASCII', () => {
    expect(toAsciiDigits('١٠١٠١٠١٠١٠')).toBe('1010101010');
    expect(toAsciiDigits('۰۵۵۱۲۳۴۵۶۷')).toBe('0551234567');
    expect(toAsciiDigits('SAR ١٫٥ and 9')).toBe('SAR 1٫5 and 9');
  });
});

describe('formatFileSize', () => {
  it('says a size in bytes, kilobytes or megabytes, in the language’s digits', () => {
    expect(formatFileSize(812, 'en')).toBe('812 bytes');
    expect(formatFileSize(46_000, 'en')).toBe('45 kB');
    expect(formatFileSize(1_258_291, 'en')).toBe('1.2 MB');
    expect(formatFileSize(812, 'ar')).toBe('٨١٢ بايت');
    expect(formatFileSize(46_000, 'ar')).toBe('٤٥ كيلوبايت');
    expect(formatFileSize(5 * 1024 * 1024, 'ar')).toMatch(/^٥ ميغابايت$/);
  });
});

describe('formatMonth', () => {
  it('names a month shortly in the language', () => {
    expect(formatMonth('2026-11', 'en')).toBe('Nov');
    expect(formatMonth('2026-01', 'ar')).toBe('يناير');
  });

  it('refuses what is not a month', () => {
    expect(() => formatMonth('2026-13', 'en')).toThrow(RangeError);
    expect(() => formatMonth('November', 'en')).toThrow(RangeError);
  });
});

describe('formatDigits', () => {
  it('writes each digit as the language does, keeping leading zeros and the rest', () => {
    expect(formatDigits('07', 'ar')).toBe('٠٧');
    expect(formatDigits('05••••567', 'ar')).toBe('٠٥••••٥٦٧');
    expect(formatDigits('05••••567', 'en')).toBe('05••••567');
    expect(toAsciiDigits(formatDigits('0123456789', 'ar'))).toBe('0123456789');
  });
});

describe('formatContact', () => {
  it('keeps a masked mobile or address left to right inside a sentence, in the language’s digits', () => {
    // LRI … PDI: an Arabic sentence cannot reverse its runs of digits.
    expect(formatContact('05••••567', 'ar')).toBe('\u2066٠٥••••٥٦٧\u2069');
    expect(formatContact('n***@example.sa', 'en')).toBe('\u2066n***@example.sa\u2069');
  });
});

describe('riyadhWallClock', () => {
  it("reads an instant as Riyadh's wall clock (UTC+3), to the minute or the second", () => {
    const at = new Date(Date.UTC(2026, 11, 31, 22, 4, 5));
    expect(riyadhWallClock(at)).toBe('2027-01-01 01:04');
    expect(riyadhWallClock(at, 'second')).toBe('2027-01-01 01:04:05');
    expect(riyadhWallClock(new Date(Date.UTC(2026, 5, 1, 21, 0, 0)))).toBe('2026-06-02 00:00');
  });
});
