/**
 * The bilingual words for what is stored or sent in one language (SPEC §3's free-text plan
 * types and roles, products, devices, originators, how counters were received): the server
 * answers in the caller's language with them, and the api package's mock answers do the same, so
 * a story in Arabic shows what the portal shows. Status words are the statuses' own catalogue
 * (STATUS_WORDS). A value not listed is shown as it came.
 */
import { statusWord } from './statuses.js';
import type { Language } from './settings.js';

export const TERMS: Record<string, Record<Language, string>> = {
  // Organization members: how they sign in, what they do.
  Nafath: { en: 'National identity app (Nafath)', ar: 'تطبيق نفاذ الوطني' },
  Credentials: { en: 'Username and password', ar: 'اسم المستخدم وكلمة المرور' },
  'IT manager': { en: 'IT manager', ar: 'مدير تقنية المعلومات' },
  Officer: { en: 'Officer', ar: 'موظف' },
  Employee: { en: 'Employee', ar: 'موظف' },
  Manager: { en: 'Manager', ar: 'مدير' },
  // What a member's change request changes (SPEC §3 changeType).
  'Email change': { en: 'Email change', ar: 'تغيير البريد الإلكتروني' },
  'Mobile change': { en: 'Mobile change', ar: 'تغيير رقم الجوال' },
  'Organization unit change': { en: 'Organization unit change', ar: 'تغيير الوحدة التنظيمية' },
  // A person's identity verification (KYC), as an approver sees it.
  kycValid: { en: 'Verified', ar: 'موثّق' },
  kycExpired: { en: 'Verification expired', ar: 'انتهى التوثيق' },
  'Saudi Arabia': { en: 'Saudi Arabia', ar: 'المملكة العربية السعودية' },
  // Residents' nationalities as the identity app gives them (English), named in each language.
  Egypt: { en: 'Egypt', ar: 'مصر' },
  Jordan: { en: 'Jordan', ar: 'الأردن' },
  Sudan: { en: 'Sudan', ar: 'السودان' },
  Yemen: { en: 'Yemen', ar: 'اليمن' },
  Pakistan: { en: 'Pakistan', ar: 'باكستان' },
  India: { en: 'India', ar: 'الهند' },
  // Who made an L2 request: its applicant, through create account (issue 17).
  'Self-registration': { en: 'Self-registration', ar: 'تسجيل ذاتي' },
  // A supporting document: uploaded, then sent with a request.
  documentUploaded: { en: 'Uploaded', ar: 'مرفوع' },
  documentSubmitted: { en: 'Submitted', ar: 'مُرسَل' },
  // How an organization received counters or seats (the counters ledger's credit entries).
  opening: { en: 'Opening balance', ar: 'الرصيد الافتتاحي' },
  purchase: { en: 'Purchase', ar: 'شراء' },
  allocationIn: { en: 'Allocated by the provider', ar: 'خصّصه مزوّد الخدمة' },
  'Demo seats': { en: 'Demo seats', ar: 'مقاعد تجريبية' },
  // An organization's purchases: what it bought, and how it paid (ours: online, by card).
  'eSign counters': { en: 'eSign counters', ar: 'رصيد العمليات' },
  esign: { en: 'eSign counters', ar: 'رصيد العمليات' },
  'Role seats': { en: 'Role seats', ar: 'مقاعد الأدوار' },
  'No expiry': { en: 'No expiry', ar: 'بلا انتهاء' },
  'To be priced': { en: 'To be priced', ar: 'تُحدَّد عند التسعير' },
  Organization: { en: 'Organization', ar: 'المنشأة' },
  online: { en: 'Online', ar: 'عبر الإنترنت' },
  card: { en: 'Card', ar: 'بطاقة' },
  bankTransfer: { en: 'Bank transfer', ar: 'تحويل بنكي' },
  // An organization's digital seal.
  notRequested: { en: 'Not requested', ar: 'لم يُطلب' },
  issued: { en: 'Issued', ar: 'صادر' },
  revoked: { en: 'Revoked', ar: 'مُبطَل' },
  // Organization transactions: plan types, roles and originators of the demo world.
  'Role plan': { en: 'Role plan', ar: 'باقة الأدوار' },
  'Special plan': { en: 'Special plan', ar: 'باقة خاصة' },
  'Purchase order': { en: 'Purchase order', ar: 'أمر شراء' },
  enrolmentAdmin: { en: 'Enrolment Admin', ar: 'مسؤول التسجيل' },
  authorizedSignatory: { en: 'Authorized Signatory', ar: 'المفوّض بالتوقيع' },
  organizationUser: { en: 'Organization User', ar: 'مستخدم المنشأة' },
  'ERP integration': { en: 'ERP integration', ar: 'الربط مع نظام تخطيط الموارد' },
  'Mobile app': { en: 'Mobile app', ar: 'تطبيق الجوال' },
  Individual: { en: 'Individual', ar: 'فرد' },
  'Welcome pack': { en: 'Welcome pack', ar: 'باقة الترحيب' },
  'Enrolment Admin': { en: 'Enrolment Admin', ar: 'مسؤول التسجيل' },
  'Authorized Signatory': { en: 'Authorized Signatory', ar: 'المفوّض بالتوقيع' },
  'Organization User': { en: 'Organization User', ar: 'مستخدم المنشأة' },
  // Products (GLOSSARY.md).
  eSign: { en: 'eSign', ar: 'التوقيع الإلكتروني' },
  DSC: { en: 'Digital signature certificate', ar: 'شهادة التوقيع الرقمي' },
  // Devices (modules/devices): the kind a browser reported, and the words stored before it did.
  desktop: { en: 'Computer', ar: 'حاسوب' },
  mobile: { en: 'Phone', ar: 'هاتف جوال' },
  tablet: { en: 'Tablet', ar: 'جهاز لوحي' },
  tv: { en: 'TV', ar: 'تلفاز' },
  Browser: { en: 'Browser', ar: 'متصفح' },
  'Web browser': { en: 'Web browser', ar: 'متصفح ويب' },
  web: { en: 'web', ar: 'ويب' },
  // The portal as a transaction's originator (other originators are applications' own names).
  'Tawqi portal': { en: 'Tawqi portal', ar: 'بوابة منصة توقيع' },
  // Where an L2 provider's application was made (pre-enrolment, issue 17).
  'L2 portal': { en: 'Provider enrolment', ar: 'تسجيل المزوّدين' },
  // What applies to an L1 provider (APPLICATION_KINDS, issue 38).
  organization: { en: 'Organization', ar: 'منشأة' },
  l2Provider: { en: 'L2 provider', ar: 'مزوّد خدمة من المستوى الثاني' },
};

/** A stored status or term in the caller's language. */
export function localWord(value: string, language: Language): string {
  return TERMS[value]?.[language] ?? statusWord(value, language);
}

/** A name stored in both languages, in the caller's. */
export function inLanguage(en: string, ar: string, language: Language): string {
  return language === 'ar' ? ar : en;
}

/**
 * Other names for what the glossary names one way (GLOSSARY.md), each with the glossary's word:
 * a page, a message or a file never says the other name.
 */
export const OTHER_NAMES: Readonly<Record<string, string>> = {
  'تطبيق الهوية': 'تطبيق نفاذ الوطني',
};
