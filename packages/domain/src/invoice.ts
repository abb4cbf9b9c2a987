/**
 * The seller on every simplified tax invoice (issue 12) and in the public site's legal footer.
 * The invoice's ZATCA QR code is built by the server (payments/invoiceQr.ts).
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
