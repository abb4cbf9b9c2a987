/** The messages of "0" answers, in both languages (SPEC §8: the client shows them as they are). */
import type { Language } from '@tawqi/domain';

export const AUTH_MESSAGES = {
  tooManyRequests: {
    en: 'Too many requests for this national ID. Wait a few minutes and try again.',
    ar: 'طلبات كثيرة لرقم الهوية هذا. انتظر بضع دقائق ثم حاول مرة أخرى.',
  },
  expired: { en: 'The request expired. Start again.', ar: 'انتهت صلاحية الطلب. ابدأ من جديد.' },
  rejected: { en: 'The request was rejected in Nafath.', ar: 'رُفض الطلب في تطبيق نفاذ.' },
  otherDevice: {
    en: 'This request was started on another device.',
    ar: 'بدأ هذا الطلب على جهاز آخر.',
  },
  unknownRequest: {
    en: 'This request was not found. Start again.',
    ar: 'لم يُعثر على هذا الطلب. ابدأ من جديد.',
  },
  notRegistered: {
    en: 'This national ID has no Tawqi account yet. Enrol first.',
    ar: 'لا يوجد حساب في توقيع لرقم الهوية هذا. سجّل أولًا.',
  },
  wrongCode: { en: 'The code is not correct.', ar: 'رمز التحقق غير صحيح.' },
  codeExpired: {
    en: 'The code has expired. Request a new one.',
    ar: 'انتهت صلاحية الرمز. اطلب رمزًا جديدًا.',
  },
  tooManyAttempts: {
    en: 'Too many attempts. Request a new code.',
    ar: 'محاولات كثيرة. اطلب رمزًا جديدًا.',
  },
  codeSent: {
    en: 'Your Tawqi sign-in code is {code}. It expires in 3 minutes.',
    ar: 'رمز الدخول إلى توقيع هو {code}، وتنتهي صلاحيته خلال ٣ دقائق.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type AuthMessage = keyof typeof AUTH_MESSAGES;

export function authMessage(key: AuthMessage, language: Language): string {
  return AUTH_MESSAGES[key][language];
}
