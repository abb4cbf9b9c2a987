/**
 * One error shape for every failure (api's `apiErrorBody`), its message in the caller's language
 * (Accept-Language), no stack traces to clients. Field messages are localized by the kind of issue.
 */
import type { ApiErrorBody, ErrorCode } from '@tawqi/api';
import { MESSAGES, toLanguage, type Language } from '@tawqi/domain';

export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly options: {
      detail?: string;
      fieldErrors?: ApiErrorBody['fieldErrors'];
      message?: string;
      /** A message for this case in both languages, instead of the code's general one. */
      localized?: Record<Language, string>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(options.message ?? code);
  }
}

const MESSAGES_BY_CODE: Record<ErrorCode, Record<Language, string>> = {
  VALIDATION_FAILED: {
    en: 'The request is not valid. Check the highlighted fields.',
    ar: 'الطلب غير صالح. راجع الحقول المشار إليها.',
  },
  UNAUTHENTICATED: {
    en: 'Your session has ended. Sign in again.',
    ar: 'انتهت الجلسة. يرجى تسجيل الدخول مرة أخرى.',
  },
  FORBIDDEN: { en: 'You do not have access to this.', ar: 'لا تملك صلاحية الوصول إلى هذا.' },
  NOT_FOUND: { en: 'Not found.', ar: 'غير موجود.' },
  METHOD_NOT_ALLOWED: {
    en: 'This address does not take this kind of request.',
    ar: 'هذا العنوان لا يقبل هذا النوع من الطلبات.',
  },
  CONFLICT: {
    en: 'This was changed meanwhile. Reload and try again.',
    ar: 'تغيّر هذا في الأثناء. أعد التحميل وحاول مرة أخرى.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    en: 'This request was already sent with other details. Start again.',
    ar: 'أُرسل هذا الطلب من قبل بتفاصيل أخرى. ابدأ من جديد.',
  },
  EXPORT_TOO_LARGE: {
    en: 'Too many rows for one file. Narrow the filter (dates or status) and export again.',
    ar: 'عدد الصفوف أكبر من أن يتسع له ملف واحد. ضيّق عوامل التصفية (التواريخ أو الحالة) ثم صدّر مرة أخرى.',
  },
  UNSUPPORTED_MEDIA_TYPE: { en: 'Send the request as JSON.', ar: 'أرسل الطلب بصيغة JSON.' },
  PAYLOAD_TOO_LARGE: { en: 'The request is too large.', ar: 'حجم الطلب كبير جدًا.' },
  // When to try again is the answer's Retry-After, which the portal counts down beside this:
  // the message says what happened only, never a second, vaguer "when".
  RATE_LIMITED: {
    en: 'Too many attempts.',
    ar: 'محاولات كثيرة.',
  },
  NOT_IMPLEMENTED: { en: 'This service is not available yet.', ar: 'هذه الخدمة غير متاحة بعد.' },
  SERVICE_UNAVAILABLE: {
    en: 'The service is unavailable. Try again shortly.',
    ar: 'الخدمة غير متاحة حاليًا. حاول مرة أخرى بعد قليل.',
  },
  INTERNAL: MESSAGES['errors.somethingWentWrong'],
  NETWORK_ERROR: MESSAGES['errors.somethingWentWrong'],
  INVALID_RESPONSE: MESSAGES['errors.somethingWentWrong'],
  INVALID_REQUEST: { en: 'The request is not valid.', ar: 'الطلب غير صالح.' },
};

const FIELD_MESSAGES: Record<string, Record<Language, string>> = {
  required: { en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
  unknown: { en: 'This field is not accepted.', ar: 'هذا الحقل غير مقبول.' },
  invalid: { en: 'This value is not valid.', ar: 'هذه القيمة غير صالحة.' },
  tooShort: { en: 'This value is too short or too small.', ar: 'هذه القيمة قصيرة أو صغيرة جدًا.' },
  tooLong: { en: 'This value is too long or too large.', ar: 'هذه القيمة طويلة أو كبيرة جدًا.' },
};

/** The language of a request: Accept-Language's first supported tag; Arabic, the product's default, otherwise. */
export function languageOf(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const language = toLanguage(part.split(';')[0]);
    if (language) return language;
  }
  return 'ar';
}

export function messageOf(code: ErrorCode, language: Language): string {
  return MESSAGES_BY_CODE[code][language];
}

/** A zod issue as a localized field message. */
export function fieldMessage(
  issue: { code: string; input?: unknown; keys?: string[] },
  language: Language,
): string {
  const kind =
    issue.code === 'unrecognized_keys'
      ? 'unknown'
      : issue.code === 'invalid_type' && issue.input === undefined
        ? 'required'
        : issue.code === 'too_small'
          ? 'tooShort'
          : issue.code === 'too_big'
            ? 'tooLong'
            : 'invalid';
  return (FIELD_MESSAGES[kind] as Record<Language, string>)[language];
}
