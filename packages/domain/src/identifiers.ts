/**
 * Field formats (SPEC §5: "Field-level format rules (national id length, e-mail, mobile) are not
 * shown"). Ours, as Saudi services use them; digits may be typed in Arabic-Indic form.
 */
import { toAsciiDigits } from './format.js';

/**
 * A Saudi national id (first digit 1) or resident id (iqama, first digit 2): ten digits whose last
 * is a Luhn check digit. Checking the digit catches a mistyped id before a server call.
 */
export function isValidNationalId(input: string): boolean {
  return nationalIdProblem(input) === null;
}

/**
 * What is wrong with a typed national id or Iqama number, if anything: not ten digits starting
 * with 1 or 2 (`format`), or ten such digits that fail the check digit (`checkDigit`, most often
 * a typing slip), so the form can say which.
 */
export function nationalIdProblem(input: string): 'format' | 'checkDigit' | null {
  const id = toAsciiDigits(input.trim());
  if (!/^[12]\d{9}$/.test(id)) return 'format';
  let sum = 0;
  for (let index = 0; index < id.length; index += 1) {
    const digit = Number(id[index]);
    // Luhn: from the left of ten digits, every even position is doubled and its digits summed.
    const value = index % 2 === 0 ? digit * 2 : digit;
    sum += value > 9 ? value - 9 : value;
  }
  return sum % 10 === 0 ? null : 'checkDigit';
}

/** A national id as logs and screens may show it: only the last four digits. */
export function maskNationalId(id: string): string {
  return id.length <= 4 ? '*'.repeat(id.length) : `${'*'.repeat(id.length - 4)}${id.slice(-4)}`;
}

const SAUDI_MOBILE = /^(?:\+966|00966|966|0)?(5\d{8})$/;

/**
 * A Saudi mobile number in its international form (+9665XXXXXXXX), from 05XXXXXXXX, 5XXXXXXXX,
 * 9665XXXXXXXX, +9665XXXXXXXX or 009665XXXXXXXX, with spaces or dashes; null when it is not one.
 */
export function normalizeSaudiMobile(input: string): string | null {
  const digits = toAsciiDigits(input).replace(/[\s-]/g, '');
  return SAUDI_MOBILE.test(digits) ? digits.replace(SAUDI_MOBILE, '+966$1') : null;
}

/** A Saudi mobile number as members' records keep it (05XXXXXXXX); null when it is not one. */
export function localSaudiMobile(input: string): string | null {
  const international = normalizeSaudiMobile(input);
  return international ? `0${international.slice(4)}` : null;
}
