/** Formatting in the active language (SPEC §4, §9: en → en-US, ar → ar-SA, Gregorian, Riyadh). */
import {
  formatDate,
  formatFileSize,
  formatMoney,
  formatMonth,
  formatList,
  formatNumber,
  formatPercent,
  formatYear,
  toHalalas,
} from '@tawqi/domain';
import { useAtomValue } from 'jotai';
import { languageAtom } from './state/atoms.js';

export function useFormat() {
  const language = useAtomValue(languageAtom);
  return {
    language,
    number: (value: number) => formatNumber(value, language),
    /** Words joined as the language joins a list. */
    list: (words: readonly string[]) => formatList(words, language),
    /** A file's size (812 bytes, 45 kB, ١٫٢ ميغابايت). */
    fileSize: (bytes: number) => formatFileSize(bytes, language),
    year: (value: number) => formatYear(value, language),
    /** A number of percent (15 → 15%, ١٥٪). */
    percent: (value: number) => formatPercent(value, language),
    /** An amount in SAR as the api gives it (e.g. 458.85). */
    sar: (amount: number) => formatMoney(toHalalas(amount), language),
    date: (iso: string) => formatDate(iso, language),
    /** A calendar month ("2026-11") by its short name. */
    month: (month: string) => formatMonth(month, language),
    dateTime: (iso: string) => formatDate(iso, language, { withTime: true }),
  };
}
