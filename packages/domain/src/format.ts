/**
 * Formatting (SPEC §4, §9; ARCHITECTURE.md "Time"): en → en-US, ar → ar-SA, with the calendar
 * pinned. ar-SA's own default calendar is Umm al-Qura; Tawqi shows Gregorian dates in both
 * languages so that validity dates read the same in both, and pins it explicitly.
 */
import type { Language } from './settings.js';

export const FORMATTING_LOCALES = { en: 'en-US', ar: 'ar-SA' } as const satisfies Record<
  Language,
  string
>;
export const CALENDAR = 'gregory';
/** API times are UTC; they are shown in Saudi time. */
export const DISPLAY_TIME_ZONE = 'Asia/Riyadh';

/** The BCP 47 tag every Intl formatter of a language uses, calendar included. */
export function intlLocale(language: Language): string {
  return `${FORMATTING_LOCALES[language]}-u-ca-${CALENDAR}`;
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/** Words joined as the language joins a list: "A, B and C", "أ وب وج". */
export function formatList(words: readonly string[], language: Language): string {
  return new Intl.ListFormat(intlLocale(language), { type: 'conjunction' }).format(words);
}

/** A file's size in the language's words and digits: 812 bytes, 45 kB, 1.2 MB (1 kB = 1024 bytes). */
export function formatFileSize(bytes: number, language: Language): string {
  const [unit, value] =
    bytes < 1024
      ? (['byte', bytes] as const)
      : bytes < 1024 * 1024
        ? (['kilobyte', bytes / 1024] as const)
        : (['megabyte', bytes / (1024 * 1024)] as const);
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit,
    // Arabic's short forms (م.ب) are abbreviations few readers know; its long ones are short enough.
    unitDisplay: unit === 'byte' || language === 'ar' ? 'long' : 'short',
    maximumFractionDigits: unit === 'megabyte' ? 1 : 0,
  }).format(value);
}

/** A percentage given as a number of percent (15 → "15%", «١٥٪؜»), with the language's sign. */
export function formatPercent(percent: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(percent / 100);
}

/**
 * A count with its noun, for text the server writes (a plan's validity, a notice): English has one
 * and other; Arabic has six forms (one and two said in words, 3–10 with a plural, 11–99 with an
 * accusative singular, 100 and more with a genitive singular), chosen by Intl.PluralRules.
 */
export interface CountedNoun {
  en: { one: string; other: string };
  ar: { zero: string; one: string; two: string; few: string; many: string; other: string };
}

export const COUNTED_NOUNS = {
  month: {
    en: { one: '{n} month', other: '{n} months' },
    ar: {
      zero: '{n} شهر',
      one: 'شهر واحد',
      two: 'شهران',
      few: '{n} أشهر',
      many: '{n} شهرًا',
      other: '{n} شهر',
    },
  },
  transaction: {
    en: { one: '{n} transaction', other: '{n} transactions' },
    ar: {
      zero: '{n} عملية',
      one: 'عملية واحدة',
      two: 'عمليتان',
      few: '{n} عمليات',
      many: '{n} عملية',
      other: '{n} عملية',
    },
  },
  seat: {
    en: { one: '{n} seat', other: '{n} seats' },
    ar: {
      zero: '{n} مقعد',
      one: 'مقعد واحد',
      two: 'مقعدان',
      few: '{n} مقاعد',
      many: '{n} مقعدًا',
      other: '{n} مقعد',
    },
  },
  second: {
    en: { one: '{n} second', other: '{n} seconds' },
    ar: {
      zero: '{n} ثانية',
      one: 'ثانية واحدة',
      two: 'ثانيتان',
      few: '{n} ثوانٍ',
      many: '{n} ثانية',
      other: '{n} ثانية',
    },
  },
  minute: {
    en: { one: '{n} minute', other: '{n} minutes' },
    ar: {
      zero: '{n} دقيقة',
      one: 'دقيقة واحدة',
      two: 'دقيقتان',
      few: '{n} دقائق',
      many: '{n} دقيقة',
      other: '{n} دقيقة',
    },
  },
} as const satisfies Record<string, CountedNoun>;

/**
 * Arabic's dual after a preposition («بعد ثانيتين»): the one form whose case shows; the other
 * forms read the same after one (the singular's tanween is not written, 11–99 keep their
 * accusative).
 */
const ARABIC_DUAL_GENITIVE = {
  month: 'شهرين',
  transaction: 'عمليتين',
  seat: 'مقعدين',
  second: 'ثانيتين',
  minute: 'دقيقتين',
} as const satisfies Record<keyof typeof COUNTED_NOUNS, string>;

export function formatCount(
  count: number,
  noun: keyof typeof COUNTED_NOUNS,
  language: Language,
  /** 'afterPreposition': the count follows a preposition (Arabic's dual then changes). */
  position: 'subject' | 'afterPreposition' = 'subject',
): string {
  const forms: Readonly<Record<string, string>> = COUNTED_NOUNS[noun][language];
  // Each language lists every category its plural rules select (tested).
  const category = new Intl.PluralRules(language).select(count);
  if (language === 'ar' && category === 'two' && position === 'afterPreposition')
    return ARABIC_DUAL_GENITIVE[noun];
  const form = forms[category] as string;
  return form.replace('{n}', formatNumber(count, language));
}

/**
 * A countdown as a clock reads it, in the language's digits: 125 → "2:05" / «٢:٠٥». Isolated
 * left to right (U+2066 … U+2069), so an Arabic sentence around it cannot turn it into "٠٥:٢".
 */
export function formatClock(totalSeconds: number, language: Language): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const locale = intlLocale(language);
  const minutes = new Intl.NumberFormat(locale).format(Math.floor(seconds / 60));
  const rest = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(seconds % 60);
  return `\u2066${minutes}:${rest}\u2069`;
}

/** A year as a year reads: digits of the language, no grouping (2026, ٢٠٢٦). */
export function formatYear(year: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language), { useGrouping: false }).format(year);
}

/** A calendar month ("2026-11") by its short name in the language: Nov / نوفمبر. */
export function formatMonth(month: string, language: Language): string {
  const date = new Date(`${month}-01T12:00:00Z`);
  if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(date.getTime()))
    throw new RangeError(`not a month: ${month}`);
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', month: 'short' }).format(
    date,
  );
}

/** A date (and, when asked, time) of an ISO-8601 instant, in Saudi time. */
export function formatDate(
  iso: string,
  language: Language,
  options: { withTime?: boolean } = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an ISO date: ${iso}`);
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: DISPLAY_TIME_ZONE,
    dateStyle: 'medium',
    ...(options.withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/**
 * A time zone's wall clock to the second (24-hour, ASCII digits; read it by its parts), made once
 * per zone: making a formatter costs as much as a thousand uses, and an export formats every date
 * cell of every row.
 */
export function wallClockIn(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/**
 * An instant as Riyadh's wall clock reads it, in ASCII digits and either language's order:
 * "2026-11-27 14:47", or with `second` "2026-11-27 14:47:05" (records, documents and the
 * simulators' pages, where one form serves both languages).
 */
export function riyadhWallClock(at: Date, precision: 'minute' | 'second' = 'minute'): string {
  const part = Object.fromEntries(
    wallClockIn(DISPLAY_TIME_ZONE)
      .formatToParts(at)
      .map((one) => [one.type, one.value]),
  ) as Record<Intl.DateTimeFormatPartTypes, string>;
  const minute = `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
  return precision === 'second' ? `${minute}:${part.second}` : minute;
}

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/**
 * Arabic-Indic (٠–٩) and Extended Arabic-Indic (۰–۹) digits as ASCII digits: users in Saudi Arabia
 * type either, and ids and amounts must read the same.
 */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero =
      code >= EXTENDED_ARABIC_INDIC_ZERO ? EXTENDED_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/**
 * A string of digits as the language writes them, every character kept: a code to match on a
 * phone, a masked mobile number. (A quantity goes through formatNumber; this keeps leading zeros
 * and the mask's dots.)
 */
/**
 * A masked mobile or e-mail address said inside a sentence ("05••••••67"): in the language's
 * digits, and kept left to right inside an Arabic sentence (Unicode isolates), where its runs of
 * digits would otherwise be read in reverse order.
 */
export function formatContact(text: string, language: Language): string {
  return `\u2066${formatDigits(text, language)}\u2069`;
}

export function formatDigits(text: string, language: Language): string {
  if (language === 'en') return text;
  return text.replace(/[0-9]/g, (digit) =>
    String.fromCharCode(ARABIC_INDIC_ZERO + digit.charCodeAt(0) - 48),
  );
}
