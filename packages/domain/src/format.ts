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

/** A year as a year reads: digits of the language, no grouping (2026, ٢٠٢٦). */
export function formatYear(year: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language), { useGrouping: false }).format(year);
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
