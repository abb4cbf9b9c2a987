/**
 * Money and VAT (ARCHITECTURE.md "Money"; SPEC §3, §9): amounts are integer halalas inside
 * (1 SAR = 100 halalas), SAR outside; VAT comes from the server as a percentage; price + tax =
 * total, exactly, because all three are integers.
 */
import { intlLocale } from './format.js';
import type { Language } from './settings.js';

export const HALALAS_PER_SAR = 100;
export const CURRENCY = 'SAR';

const BASIS_POINTS_PER_WHOLE = 10_000;

/**
 * Halalas from an amount in SAR as the API carries it (a JSON number such as 115 or 114.95, or
 * its text). More than two decimals, a negative, or anything not a number is refused: silently
 * rounding money hides a bug.
 */
export function toHalalas(sar: number | string): number {
  const text = typeof sar === 'number' ? numberText(sar) : sar.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount in SAR: ${String(sar)}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const halalas = whole * HALALAS_PER_SAR + fraction;
  if (!Number.isSafeInteger(halalas)) throw new RangeError(`amount too large: ${String(sar)}`);
  return halalas;
}

/** A finite number as plain decimal text (no exponent), so 1e21 is refused rather than misread. */
function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : 'NaN';
}

/** The amount in SAR for the API (a number with at most two decimals). */
export function toSar(halalas: number): number {
  assertHalalas(halalas);
  return halalas / HALALAS_PER_SAR;
}

function assertHalalas(halalas: number): void {
  if (!Number.isSafeInteger(halalas) || halalas < 0) {
    throw new RangeError(`halalas must be a non-negative integer, got ${halalas}`);
  }
}

/** A VAT percentage from the server (15 or 15.5) as integer basis points (1500, 1550). */
export function vatRateBasisPoints(percent: number): number {
  const basisPoints = toHalalas(percent); // two decimals of a percentage: the same exact parse
  if (basisPoints > BASIS_POINTS_PER_WHOLE) throw new RangeError(`VAT above 100%: ${percent}`);
  return basisPoints;
}

/**
 * The VAT on a price, rounded half up to the halala (the usual rounding of Saudi VAT invoices).
 * Integer arithmetic only: price × rate stays far below 2^53 for any real price.
 */
export function vatOf(priceHalalas: number, rateBasisPoints: number): number {
  assertHalalas(priceHalalas);
  const scaled = priceHalalas * rateBasisPoints;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`price too large: ${priceHalalas}`);
  return Math.floor((scaled + BASIS_POINTS_PER_WHOLE / 2) / BASIS_POINTS_PER_WHOLE);
}

export interface PriceWithVat {
  price: number;
  tax: number;
  totalPrice: number;
}

/** Price, tax and total of a price before VAT; the total is the exact sum. */
export function priceWithVat(priceHalalas: number, rateBasisPoints: number): PriceWithVat {
  const tax = vatOf(priceHalalas, rateBasisPoints);
  return { price: priceHalalas, tax, totalPrice: priceHalalas + tax };
}

/** Quantity × unit price with VAT on the line total (QuantityDialog, purchase rows). */
export function lineWithVat(
  unitPriceHalalas: number,
  quantity: number,
  rateBasisPoints: number,
): PriceWithVat {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a non-negative integer, got ${quantity}`);
  }
  return priceWithVat(unitPriceHalalas * quantity, rateBasisPoints);
}

/** Whether a row's price, tax and total agree to the halala. */
export function isTotalConsistent(amounts: PriceWithVat): boolean {
  return amounts.price + amounts.tax === amounts.totalPrice;
}

/** An amount shown to a person: "SAR 1,150.00" / "‏١٬١٥٠٫٠٠ ر.س.‏". */
export function formatMoney(halalas: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: 2,
  }).format(toSar(halalas));
}
