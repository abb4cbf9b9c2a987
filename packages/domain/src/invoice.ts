/**
 * The simplified tax invoice a paid order gets (issue 12): the seller's registration, and the QR
 * code Saudi e-invoicing (ZATCA, FATOORA) requires on a simplified invoice — five TLV fields
 * (seller name, VAT number, time stamp, total with VAT, VAT), base64 — so any ZATCA-compliant
 * reader shows the same figures as the paper.
 */
import type { Language } from './settings.js';

/**
 * The company that sells (the legal footer shows the same). Placeholders of the right form until
 * the company's registration is issued: replace them here, once, for every invoice and page.
 */
export const COMPANY = {
  legalName: {
    en: 'Tawqi Digital Trust Services Company',
    ar: 'شركة توقيع لخدمات الثقة الرقمية',
  },
  /** 15 digits, starting and ending with 3 (ZATCA's form). */
  vatNumber: '310123456700003',
  commercialRegistration: '1010123456',
  address: {
    en: 'King Fahd Road, Al Olaya, Riyadh 12211, Saudi Arabia',
    ar: 'طريق الملك فهد، العليا، الرياض ١٢٢١١، المملكة العربية السعودية',
  },
} as const satisfies {
  legalName: Record<Language, string>;
  vatNumber: string;
  commercialRegistration: string;
  address: Record<Language, string>;
};

/** An amount in halalas as the QR writes it: riyals with two decimals ("227.70"). */
function riyals(halalas: number): string {
  return `${String(Math.trunc(halalas / 100))}.${String(halalas % 100).padStart(2, '0')}`;
}

/** The base64 TLV of a simplified tax invoice's QR code (ZATCA phase 1 fields 1–5). */
export function simplifiedInvoiceQr(input: {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, UTC. */
  issuedAt: string;
  totalHalalas: number;
  vatHalalas: number;
}): string {
  const fields = [
    input.sellerName,
    input.vatNumber,
    input.issuedAt,
    riyals(input.totalHalalas),
    riyals(input.vatHalalas),
  ];
  const bytes: number[] = [];
  fields.forEach((value, index) => {
    const data = new TextEncoder().encode(value);
    if (data.length > 255) throw new RangeError(`QR field ${String(index + 1)} is too long`);
    bytes.push(index + 1, data.length, ...data);
  });
  return btoa(String.fromCharCode(...bytes));
}

/** The fields of a QR's TLV, decoded (for tests and for anyone checking an invoice). */
export function readInvoiceQr(base64: string): string[] {
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  const fields: string[] = [];
  for (let at = 0; at < bytes.length;) {
    const length = bytes[at + 1] as number;
    fields.push(new TextDecoder().decode(bytes.subarray(at + 2, at + 2 + length)));
    at += 2 + length;
  }
  return fields;
}
