/**
 * The seller on every simplified tax invoice (issue 12) and in the public site's legal footer.
 * The invoice's ZATCA QR code is built by the server (payments/invoiceQr.ts).
 */
import type { ApplicationKind } from './enrolment.js';
import type { Language } from './settings.js';

export type Bilingual = Record<Language, string>;

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

/**
 * The labels of every tax document, each in both languages: a Saudi invoice shows both whatever
 * the reader's language, so they live here (both the page and the server's PDF write them), not
 * in one language's translations (issue 38: the other language's keys showed raw).
 */
export const INVOICE_LABELS = {
  invoice: { en: 'Simplified tax invoice', ar: 'فاتورة ضريبية مبسطة' },
  creditNote: { en: 'Credit note', ar: 'إشعار دائن' },
  vatNumber: { en: 'VAT number', ar: 'الرقم الضريبي' },
  commercialRegistration: { en: 'Commercial registration', ar: 'السجل التجاري' },
  invoiceNumber: { en: 'Invoice number', ar: 'رقم الفاتورة' },
  creditNoteNumber: { en: 'Credit note number', ar: 'رقم الإشعار الدائن' },
  creditNoteOf: { en: 'Refund of invoice', ar: 'استرداد الفاتورة' },
  issueDate: { en: 'Issue date', ar: 'تاريخ الإصدار' },
  orderReference: { en: 'Order reference', ar: 'مرجع الطلب' },
  customer: { en: 'Customer', ar: 'العميل' },
  item: { en: 'Item', ar: 'البند' },
  quantity: { en: 'Quantity', ar: 'الكمية' },
  unitPrice: { en: 'Unit price', ar: 'سعر الوحدة' },
  vat: { en: 'VAT', ar: 'ضريبة القيمة المضافة' },
  totalWithoutVat: { en: 'Total without VAT', ar: 'الإجمالي دون الضريبة' },
  totalWithVat: { en: 'Total with VAT', ar: 'الإجمالي مع الضريبة' },
  currency: { en: 'Amounts in Saudi riyals (SAR)', ar: 'المبالغ بالريال السعودي' },
} as const satisfies Record<string, Bilingual>;
export type InvoiceLabel = keyof typeof INVOICE_LABELS;

/** What a registration fee's invoice line says it bought. */
export const REGISTRATION_FEE_ITEM = {
  organization: { en: 'Organization account registration fee', ar: 'رسوم تسجيل حساب منشأة' },
  l2Provider: {
    en: 'Signing service provider registration fee',
    ar: 'رسوم تسجيل مزوّد خدمة التوقيع',
  },
} as const satisfies Record<ApplicationKind, Bilingual>;
