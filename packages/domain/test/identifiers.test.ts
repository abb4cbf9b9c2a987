import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidNationalId,
  nationalIdProblem,
  maskNationalId,
  localSaudiMobile,
  normalizeSaudiMobile,
  searchTypeOf,
} from '../src/index.js';

const DIGITS = Array.from({ length: 10 }, (_, digit) => String(digit));

/** Appends the Luhn check digit to nine digits. */
function withCheckDigit(nine: string): string {
  for (let check = 0; check <= 9; check += 1) {
    if (isValidNationalId(`${nine}${check}`)) return `${nine}${check}`;
  }
  throw new Error(`no check digit for ${nine}`);
}

describe('national id (our format rule)', () => {
  it('accepts Saudi and resident ids with a right check digit', () => {
    expect(isValidNationalId('1000000008')).toBe(true);
    expect(isValidNationalId('2000000006')).toBe(true);
    expect(isValidNationalId(' 1000000008 ')).toBe(true);
    expect(isValidNationalId('١٠٠٠٠٠٠٠٠٨')).toBe(true);
  });

  it('refuses a wrong check digit, length, first digit or character', () => {
    expect(isValidNationalId('1000000009')).toBe(false);
    expect(isValidNationalId('100000008')).toBe(false);
    expect(isValidNationalId('10000000080')).toBe(false);
    expect(isValidNationalId('3000000004')).toBe(false);
    expect(isValidNationalId('10000O0008')).toBe(false);
    expect(isValidNationalId('')).toBe(false);
  });

  it('tells a slip in the check digit from a number of the wrong shape', () => {
    expect(nationalIdProblem('1000000009')).toBe('checkDigit');
    expect(nationalIdProblem('١٠٠٠٠٠٠٠٠٩')).toBe('checkDigit');
    expect(nationalIdProblem('100000000')).toBe('format');
    expect(nationalIdProblem('3000000004')).toBe('format');
    expect(nationalIdProblem('1000000008')).toBeNull();
  });

  it('has exactly one valid check digit for every nine-digit start', () => {
    fc.assert(
      fc.property(fc.constantFrom('1', '2'), fc.stringMatching(/^\d{8}$/), (first, rest) => {
        const valid = DIGITS.filter((d) => isValidNationalId(`${first}${rest}${d}`));
        return valid.length === 1 && withCheckDigit(`${first}${rest}`).endsWith(valid[0] ?? 'x');
      }),
    );
  });

  it('catches any single mistyped digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^1\d{8}$/),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (nine, at, delta) => {
          const id = withCheckDigit(nine);
          const typo = id.slice(0, at) + String((Number(id[at]) + delta) % 10) + id.slice(at + 1);
          return !isValidNationalId(typo);
        },
      ),
    );
  });

  it('masks all but the last four digits', () => {
    expect(maskNationalId('1000000008')).toBe('******0008');
    expect(maskNationalId('123')).toBe('***');
  });
});

describe('Saudi mobile (our format rule)', () => {
  it('reads the usual ways of writing a mobile number', () => {
    for (const input of [
      '0551234567',
      '551234567',
      '966551234567',
      '+966551234567',
      '00966551234567',
      '055 123 4567',
      '055-123-4567',
      '٠٥٥١٢٣٤٥٦٧',
    ]) {
      expect(normalizeSaudiMobile(input)).toBe('+966551234567');
    }
  });

  it('refuses landlines, short numbers and other countries', () => {
    for (const input of ['0112345678', '055123456', '+971551234567', 'mobile', '']) {
      expect(normalizeSaudiMobile(input)).toBeNull();
    }
  });

  it('keeps a member’s mobile in the local form, from any of them', () => {
    expect(localSaudiMobile('+966 55 123 4567')).toBe('0551234567');
    expect(localSaudiMobile('٠٥٥١٢٣٤٥٦٧')).toBe('0551234567');
    expect(localSaudiMobile('0112345678')).toBeNull();
  });
});

describe('search type (SPEC §9, our reading)', () => {
  it('searches by criteria (3) when the search is active, and without (0) otherwise', () => {
    expect(searchTypeOf({ searchText: 'Sara' })).toBe(3);
    expect(searchTypeOf({ dateRange: { from: '2026-01-01', to: null } })).toBe(3);
    expect(searchTypeOf({})).toBe(0);
  });
});
