/**
 * The components' own words ("Next page", "No results", "Close"…), in Arabic and English. The
 * Arabic follows the product glossary. A key missing in one language fails to compile.
 */
const EN = {
  loading: 'Loading',
  close: 'Close',
  dismiss: 'Dismiss message',
  // The toast region: apart from the app's notifications (a page may have both as landmarks).
  messages: 'Messages',
  retry: 'Try again',
  failedToFetch: 'Failed to fetch',
  noResults: 'No results',
  noResultsFiltered: 'No results match the filters',
  clearFilters: 'Clear filters',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  firstPage: 'First page',
  lastPage: 'Last page',
  pagination: 'Pagination',
  pageOf: 'Page {page} of {pages}',
  rowsOf: 'Rows {first}–{last} of {total}',
  rowsPerPage: 'Rows per page',
  search: 'Search',
  clearSearch: 'Clear search',
  dateRange: 'Date range',
  status: 'Status',
  allStatuses: 'All statuses',
  apply: 'Apply',
  chooseAStatus: 'None selected: choose at least one status.',
  cancel: 'Cancel',
  confirm: 'Confirm',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  vat: 'VAT',
  total: 'Total',
  subtotal: 'Subtotal',
  item: 'Item',
  quantityRequired: 'Choose a quantity of at least one item',
  export: 'Export',
  expandRow: 'Show details',
  rowDetails: 'Details',
  collapseRow: 'Hide details',
  sortAscending: 'sorted ascending',
  sortDescending: 'sorted descending',
  openNavigation: 'Open navigation',
  closeNavigation: 'Close navigation',
  navigation: 'Main navigation',
  resizeColumn: 'Resize column',
  skipToContent: 'Skip to content',
} as const;

/** Typed by the English keys: a key missing or extra in Arabic fails to compile. */
const AR: Record<keyof typeof EN, string> = {
  loading: 'جارٍ التحميل',
  close: 'إغلاق',
  dismiss: 'إغلاق الرسالة',
  messages: 'الرسائل',
  retry: 'إعادة المحاولة',
  failedToFetch: 'تعذّر جلب البيانات',
  noResults: 'لا توجد نتائج',
  noResultsFiltered: 'لا توجد نتائج تطابق عوامل التصفية',
  clearFilters: 'مسح عوامل التصفية',
  previousPage: 'الصفحة السابقة',
  nextPage: 'الصفحة التالية',
  firstPage: 'الصفحة الأولى',
  lastPage: 'الصفحة الأخيرة',
  pagination: 'التنقل بين الصفحات',
  pageOf: 'الصفحة {page} من {pages}',
  rowsOf: 'الصفوف {first}–{last} من {total}',
  rowsPerPage: 'عدد الصفوف في الصفحة',
  search: 'بحث',
  clearSearch: 'مسح البحث',
  dateRange: 'الفترة',
  status: 'الحالة',
  allStatuses: 'جميع الحالات',
  apply: 'تطبيق',
  chooseAStatus: 'لم تختر شيئًا: اختر حالة واحدة على الأقل.',
  cancel: 'إلغاء',
  confirm: 'تأكيد',
  quantity: 'الكمية',
  unitPrice: 'سعر الوحدة',
  vat: 'ضريبة القيمة المضافة',
  total: 'السعر الإجمالي',
  subtotal: 'المجموع قبل الضريبة',
  item: 'البند',
  quantityRequired: 'اختر كمية بند واحد على الأقل',
  export: 'تصدير',
  expandRow: 'عرض التفاصيل',
  rowDetails: 'التفاصيل',
  collapseRow: 'إخفاء التفاصيل',
  sortAscending: 'مرتب تصاعديًا',
  sortDescending: 'مرتب تنازليًا',
  openNavigation: 'فتح القائمة',
  closeNavigation: 'إغلاق القائمة',
  navigation: 'القائمة الرئيسية',
  resizeColumn: 'تغيير عرض العمود',
  skipToContent: 'انتقل إلى المحتوى',
};

export type UiStringKey = keyof typeof EN;
export type UiStrings = Record<UiStringKey, string>;

export const UI_STRINGS: Record<'en' | 'ar', UiStrings> = { en: EN, ar: AR };

/** A string with its `{name}` placeholders filled. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
