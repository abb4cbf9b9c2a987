/**
 * The server's bilingual words for what it stores in one language: status words (for a row's
 * `statusLabel`), the spec's free-text plan types and roles, products, devices and originators.
 * One catalogue for every module; a value not listed is shown as it came.
 */
import type { Language } from '@tawqi/domain';

const WORDS: Record<string, Record<Language, string>> = {
  // Organization units and user requests.
  Approved: { en: 'Approved', ar: 'معتمد' },
  Pending: { en: 'Pending', ar: 'قيد الانتظار' },
  Rejected: { en: 'Rejected', ar: 'مرفوض' },
  // Organization members: how they sign in, what they do.
  Nafath: { en: 'National identity app (Nafath)', ar: 'تطبيق نفاذ الوطني' },
  Credentials: { en: 'Username and password', ar: 'اسم المستخدم وكلمة المرور' },
  'IT manager': { en: 'IT manager', ar: 'مدير تقنية المعلومات' },
  Officer: { en: 'Officer', ar: 'موظف' },
  Employee: { en: 'Employee', ar: 'موظف' },
  Manager: { en: 'Manager', ar: 'مدير' },
  // An organization's digital seal.
  notRequested: { en: 'Not requested', ar: 'لم يُطلب' },
  issued: { en: 'Issued', ar: 'صادر' },
  revoked: { en: 'Revoked', ar: 'ملغى' },
  // Organization transactions: plan types, roles and originators of the demo world.
  'Role plan': { en: 'Role plan', ar: 'باقة الأدوار' },
  'Special plan': { en: 'Special plan', ar: 'باقة خاصة' },
  enrolmentAdmin: { en: 'Enrolment Admin', ar: 'مسؤول التسجيل' },
  authorizedSignatory: { en: 'Authorized Signatory', ar: 'المفوّض بالتوقيع' },
  organizationUser: { en: 'Organization User', ar: 'مستخدم المنشأة' },
  'ERP integration': { en: 'ERP integration', ar: 'الربط مع نظام تخطيط الموارد' },
  'Mobile app': { en: 'Mobile app', ar: 'تطبيق الجوال' },
  success: { en: 'Success', ar: 'ناجحة' },
  failed: { en: 'Failed', ar: 'فاشلة' },
  failure: { en: 'Payment failure', ar: 'فشل الدفع' },
  pending: { en: 'Pending', ar: 'قيد الانتظار' },
  initiated: { en: 'Payment initiated', ar: 'تم بدء الدفع' },
  cancelled: { en: 'Cancelled', ar: 'ملغى' },
  refunded: { en: 'Refunded', ar: 'مُسترد' },
  active: { en: 'Active', ar: 'نشطة' },
  expired: { en: 'Expired', ar: 'منتهية' },
  usedUp: { en: 'Used up', ar: 'مستنفدة' },
  Individual: { en: 'Individual', ar: 'فرد' },
  'Welcome pack': { en: 'Welcome pack', ar: 'باقة الترحيب' },
  'Enrolment Admin': { en: 'Enrolment Admin', ar: 'مسؤول التسجيل' },
  'Authorized Signatory': { en: 'Authorized Signatory', ar: 'المفوّض بالتوقيع' },
  'Organization User': { en: 'Organization User', ar: 'مستخدم المنشأة' },
  // Products (GLOSSARY.md).
  eSign: { en: 'eSign', ar: 'التوقيع الإلكتروني' },
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
};

/** A stored status or term in the caller's language. */
export function localWord(value: string, language: Language): string {
  return WORDS[value]?.[language] ?? value;
}
