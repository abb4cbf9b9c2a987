/** The messages of "0" answers, in both languages (SPEC §8: the client shows them as they are). */
import { formatCount, type Language } from '@tawqi/domain';

export const AUTH_MESSAGES = {
  expired: { en: 'The request expired. Start again.', ar: 'انتهت صلاحية الطلب. ابدأ من جديد.' },
  rejected: { en: 'The request was rejected in Nafath.', ar: 'رُفض الطلب في تطبيق نفاذ.' },
  unknownRequest: {
    en: 'This request was not found. Start again.',
    ar: 'لم يُعثر على هذا الطلب. ابدأ من جديد.',
  },
  notRegistered: {
    en: 'This national ID has no Tawqi account yet.',
    ar: 'لا يوجد حساب في منصة توقيع لرقم الهوية هذا بعد.',
  },
  wrongCredentials: {
    en: 'The username or password is incorrect.',
    ar: 'اسم المستخدم أو كلمة المرور غير صحيحة.',
  },
  noMobile: {
    en: 'This account has no mobile number to send a code to. Sign in with Nafath, then add one in your account.',
    ar: 'لا يوجد رقم جوال في هذا الحساب لإرسال الرمز إليه. سجّل الدخول عبر تطبيق نفاذ، ثم أضف رقمًا في حسابك.',
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
    ar: 'رمز الدخول إلى منصة توقيع هو {code}، وتنتهي صلاحيته خلال ٣ دقائق.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type AuthMessage = keyof typeof AUTH_MESSAGES;

export function authMessage(key: AuthMessage, language: Language): string {
  return AUTH_MESSAGES[key][language];
}

/**
 * How long to wait, in words and in the language's own digits (one digit system per page): after
 * "in" / «بعد», so Arabic's counting forms in their case («بعد ثانيتين»).
 */
function wait(seconds: number): Record<Language, string> {
  const [count, noun] =
    seconds < 120 ? [seconds, 'second' as const] : [Math.ceil(seconds / 60), 'minute' as const];
  return {
    en: formatCount(count, noun, 'en', 'afterPreposition'),
    ar: formatCount(count, noun, 'ar', 'afterPreposition'),
  };
}

/** "Too many attempts" with the time to wait. */
export function waitMessage(seconds: number): Record<Language, string> {
  const time = wait(seconds);
  return {
    en: `Too many attempts. Try again in ${time.en}.`,
    ar: `محاولات كثيرة. حاول مرة أخرى بعد ${time.ar}.`,
  };
}

/** Too many identity-app requests for one national id, with the time to wait. */
export function identityWaitMessage(seconds: number): Record<Language, string> {
  const time = wait(seconds);
  return {
    en: `Too many requests for this national ID. Try again in ${time.en}.`,
    ar: `طلبات كثيرة لرقم الهوية هذا. حاول مرة أخرى بعد ${time.ar}.`,
  };
}

/** A new code was asked for too soon, with the time to wait. */
export function resendWaitMessage(seconds: number): Record<Language, string> {
  const time = wait(seconds);
  return {
    en: `A code was sent a moment ago. You can ask for a new one in ${time.en}.`,
    ar: `أُرسل رمز قبل قليل. يمكنك طلب رمز جديد بعد ${time.ar}.`,
  };
}

/** After too many failed passwords in a row: the identity app is the way back. */
export const IDENTITY_APP_REQUIRED: Record<Language, string> = {
  en: 'Password sign-in is paused for this account after too many failed attempts. Sign in with Nafath to continue.',
  ar: 'أُوقف الدخول بكلمة المرور لهذا الحساب بعد محاولات فاشلة كثيرة. سجّل الدخول عبر تطبيق نفاذ للمتابعة.',
};

/** What the owner is told when their account starts to be slowed down or paused. */
export function lockoutNotice(paused: boolean): {
  title: Record<Language, string>;
  body: Record<Language, string>;
} {
  return {
    title: { en: 'Failed sign-in attempts', ar: 'محاولات دخول فاشلة' },
    body: paused
      ? {
          en: 'After many failed password attempts, password sign-in to your Tawqi account is paused. Sign in with Nafath to resume it. If it was not you, change your password.',
          ar: 'بعد محاولات كثيرة فاشلة بكلمة المرور، أُوقف الدخول بكلمة المرور إلى حسابك في منصة توقيع. سجّل الدخول عبر تطبيق نفاذ لاستئنافه. إن لم تكن أنت، فغيّر كلمة المرور.',
        }
      : {
          en: 'Several wrong passwords were entered for your Tawqi account, so new attempts now wait a little. If it was not you, you can still sign in with Nafath or from your usual browser.',
          ar: 'أُدخلت كلمات مرور خاطئة عدة مرات لحسابك في منصة توقيع، لذا تنتظر المحاولات الجديدة قليلًا. إن لم تكن أنت، فما زال بإمكانك الدخول عبر تطبيق نفاذ أو من متصفحك المعتاد.',
        },
  };
}
