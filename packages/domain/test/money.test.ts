import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  isTotalConsistent,
  lineWithVat,
  priceWithVat,
  toAsciiDigits,
  toHalalas,
  toSar,
  vatOf,
  vatRateBasisPoints,
} from '../src/index.js';

const halalas = fc.integer({ min: 0, max: 100_000_000_000 }); // up to one billion SAR
const rate = fc.integer({ min: 0, max: 10_000 }); // 0% to 100% in basis points

describe('amounts (ARCHITECTURE.md "Money")', () => {
  it('reads SAR amounts as integer halalas, exactly', () => {
    expect(toHalalas(115)).toBe(11500);
    expect(toHalalas(114.95)).toBe(11495);
    expect(toHalalas(0.1)).toBe(10);
    expect(toHalalas('1150.5')).toBe(115050);
    expect(toHalalas(' 7 ')).toBe(700);
  });

  it('refuses amounts that are negative, not numbers, or finer than a halala', () => {
    for (const bad of [
      -1,
      1.005,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e21,
      0.1 + 0.2,
      '',
      'SAR 5',
      '1,000',
      '5.',
    ]) {
      expect(() => toHalalas(bad)).toThrow(RangeError);
    }
    expect(() => toHalalas('9'.repeat(20))).toThrow(/too large/u);
  });

  it('writes halalas back as SAR, refusing what is not a whole halala', () => {
    expect(toSar(11495)).toBe(114.95);
    expect(() => toSar(1.5)).toThrow(RangeError);
    expect(() => toSar(-100)).toThrow(RangeError);
  });

  it('round-trips every amount', () => {
    fc.assert(fc.property(halalas, (h) => toHalalas(toSar(h)) === h));
  });
});

describe('VAT (SPEC §9: fetched from the server)', () => {
  it('reads the server’s percentage as basis points', () => {
    expect(vatRateBasisPoints(15)).toBe(1500);
    expect(vatRateBasisPoints(15.5)).toBe(1550);
    expect(() => vatRateBasisPoints(100.01)).toThrow(RangeError);
    expect(() => vatRateBasisPoints(-5)).toThrow(RangeError);
  });

  it('rounds VAT half up to the halala', () => {
    expect(vatOf(10000, 1500)).toBe(1500); // 100.00 SAR → 15.00
    expect(vatOf(3, 1500)).toBe(0); // 0.45 halala → 0
    expect(vatOf(10, 1500)).toBe(2); // 1.5 halalas → 2
    expect(vatOf(9999, 1500)).toBe(1500); // 1499.85 → 1500
  });

  it('refuses a price that is not halalas or too large to multiply exactly', () => {
    expect(() => vatOf(1.5, 1500)).toThrow(RangeError);
    expect(() => vatOf(Number.MAX_SAFE_INTEGER, 1500)).toThrow(/too large/u);
  });

  it('makes price + tax = total, exactly, for every price and rate', () => {
    fc.assert(
      fc.property(halalas, rate, (price, r) => {
        const amounts = priceWithVat(price, r);
        return (
          amounts.price === price &&
          Number.isSafeInteger(amounts.tax) &&
          amounts.totalPrice === price + amounts.tax &&
          isTotalConsistent(amounts)
        );
      }),
    );
  });

  it('keeps the tax within half a halala of the exact VAT', () => {
    fc.assert(
      fc.property(halalas, rate, (price, r) => {
        const exact = (price * r) / 10_000;
        return Math.abs(vatOf(price, r) - exact) <= 0.5;
      }),
    );
  });

  it('never lowers the tax when the price rises', () => {
    fc.assert(
      fc.property(halalas, halalas, rate, (a, b, r) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return vatOf(low, r) <= vatOf(high, r);
      }),
    );
  });

  it('prices a quantity of items with VAT on the line', () => {
    expect(lineWithVat(11500, 3, 1500)).toEqual({ price: 34500, tax: 5175, totalPrice: 39675 });
    expect(() => lineWithVat(11500, -1, 1500)).toThrow(RangeError);
    expect(() => lineWithVat(11500, 0.5, 1500)).toThrow(RangeError);
  });

  it('tells an inconsistent row', () => {
    expect(isTotalConsistent({ price: 100, tax: 15, totalPrice: 116 })).toBe(false);
  });
});

describe('money shown to a person', () => {
  it('shows SAR with two decimals in the language’s locale', () => {
    expect(formatMoney(115050, 'en')).toBe('SAR\u00a01,150.50');
    const arabic = toAsciiDigits(formatMoney(115050, 'ar'));
    expect(arabic).toMatch(/1.150.50/u);
    expect(arabic).toContain('ر.س');
  });
});
