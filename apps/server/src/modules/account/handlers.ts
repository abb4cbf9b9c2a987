/**
 * Completing an account: adding or changing one's e-mail or mobile (a code sent to the
 * new address confirms it) and setting or resetting a username and password (the "forgot password"
 * path: sign in through the identity app, then set a new one). Each needs the person's identity
 * confirmed in the identity app within the last 15 minutes on this session: signing in through
 * it counts, and so does the KYC renewal the portal asks for when it is older.
 */
import { normalizeSaudiMobile, type Language } from '@tawqi/domain';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { inTransaction } from '../../db/pool.js';
import { requireCaller, type HandlerContext, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { checkCode, issueCode, maskAddress } from '../auth/codes.js';
import { failureKeys, clearFailures } from '../auth/lockout.js';
import { authMessage } from '../auth/messages.js';
import { hashPassword } from '../auth/passwords.js';
import { notifyPerson, type Notice } from '../notices.js';

/** How recent an identity confirmation must be to change contacts or a password. */
export const IDENTITY_CONFIRMATION_MINUTES = 15;

const WORDS = {
  confirmFirst: {
    en: 'Confirm it is you in Nafath first.',
    ar: 'أكّد هويتك في تطبيق نفاذ أولًا.',
  },
  badEmail: {
    en: 'Enter an e-mail address such as name@example.sa.',
    ar: 'أدخل بريدًا إلكترونيًا مثل name@example.sa.',
  },
  badMobile: {
    en: 'Enter a Saudi mobile number such as 05XXXXXXXX.',
    ar: 'أدخل رقم جوال سعوديًا مثل ٠٥٠١٢٣٤٥٦٧.',
  },
  sameAsNow: {
    en: 'This is already your address.',
    ar: 'هذا عنوانك الحالي بالفعل.',
  },
  codeForContact: {
    en: 'Your Tawqi confirmation code is {code}. It expires in 3 minutes.',
    ar: 'رمز التأكيد في منصة توقيع هو {code}، وتنتهي صلاحيته خلال ٣ دقائق.',
  },
  badUsername: {
    en: 'A username has 3 to 60 letters, digits, dots, dashes or underscores.',
    ar: 'يتكون اسم المستخدم من ٣ إلى ٦٠ حرفًا لاتينيًا أو رقمًا أو نقطة أو شرطة.',
  },
  usernameTaken: {
    en: 'This username is taken. Choose another.',
    ar: 'اسم المستخدم هذا مستخدم. اختر غيره.',
  },
  weakPassword: {
    en: 'A password has at least 10 characters, with letters and digits.',
    ar: 'تتكون كلمة المرور من ١٠ رموز على الأقل، فيها أحرف وأرقام.',
  },
} as const satisfies Record<string, Record<Language, string>>;

const USERNAME = /^[a-z0-9._-]{3,60}$/;
const isStrongPassword = (password: string) =>
  password.length >= 10 && /\p{L}/u.test(password) && /\d/.test(password);

const failed = (message: Record<Language, string>, language: Language) => ({
  status: '0',
  errorMessage: message[language],
});

/** Refuses (403) unless this session confirmed its person in the identity app lately. */
async function requireRecentIdentity(deps: Deps, context: HandlerContext) {
  const caller = requireCaller(context.caller);
  const recent = await deps.pool.query(
    `SELECT 1 FROM sessions WHERE session_id = $1
        AND identity_confirmed_at > $2::timestamptz - make_interval(mins => $3)`,
    [caller.sessionId, deps.clock(), IDENTITY_CONFIRMATION_MINUTES],
  );
  if (recent.rowCount !== 1)
    throw new AppError(403, 'FORBIDDEN', {
      detail: 'IDENTITY_CONFIRMATION_REQUIRED',
      localized: WORDS.confirmFirst,
    });
  return caller;
}

export function accountHandlers(deps: Deps): Handlers {
  return { ...contactChangeHandlers(deps), ...passwordSettingHandlers(deps) };
}

/** A change of one's mobile or e-mail: a code sent to the new one, then checked. */
function contactChangeHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    changeMyContactStart: async (context) => {
      const caller = await requireRecentIdentity(deps, context);
      const { kind, value } = context.input.body;
      const address =
        kind === 'email'
          ? z.email().safeParse(value.trim().toLowerCase()).data
          : normalizeSaudiMobile(value);
      const noCode = { otpReference: null, maskedDestination: null, expiresInSeconds: null };
      if (!address)
        return {
          ...failed(kind === 'email' ? WORDS.badEmail : WORDS.badMobile, context.language),
          ...noCode,
        };
      const [user] = (
        await pool.query<{ email: string | null; mobile: string | null }>(
          'SELECT email, mobile FROM users WHERE user_slno = $1',
          [caller.userSlno],
        )
      ).rows;
      const current = kind === 'email' ? user?.email : user?.mobile;
      const currentNormal = current && kind === 'mobile' ? normalizeSaudiMobile(current) : current;
      if (currentNormal === address)
        return { ...failed(WORDS.sameAsNow, context.language), ...noCode };
      const now = deps.clock();
      const { reference, code, expiresInSeconds } = await issueCode(deps, {
        userSlno: caller.userSlno,
        purpose: 'contact-change',
        deviceId: context.deviceId,
        newValue: `${kind}:${address}`,
        now,
      });
      await deps.notifier.send(
        {
          channel: kind === 'email' ? 'email' : 'sms',
          recipient: address,
          subject: 'Tawqi',
          body: WORDS.codeForContact[context.language].replace('{code}', code),
        },
        now,
      );
      await deps.audit.record(pool, context.audit, {
        action: 'otp.sent',
        actor: caller.userSlno,
        target: reference,
        detail: { channel: kind === 'email' ? 'email' : 'sms', purpose: 'contact-change' },
      });
      return {
        status: '1',
        errorMessage: null,
        otpReference: reference,
        maskedDestination: maskAddress(address),
        expiresInSeconds,
      };
    },

    changeMyContactVerify: async (context) => {
      const caller = await requireRecentIdentity(deps, context);
      const { otpReference, otp } = context.input.body;
      const checked = await checkCode(deps, {
        reference: otpReference,
        code: otp.trim(),
        purpose: 'contact-change',
        deviceId: context.deviceId,
        address: context.request.ip,
        userSlno: caller.userSlno,
        now: deps.clock(),
      });
      if (!checked.ok)
        return { status: '0', errorMessage: authMessage(checked.problem, context.language) };
      const [kind, ...rest] = (checked.newValue ?? '').split(':');
      const address = rest.join(':');
      await inTransaction(pool, async (tx) => {
        await tx.query(
          kind === 'email'
            ? 'UPDATE users SET email = $2 WHERE user_slno = $1'
            : 'UPDATE users SET mobile = $2 WHERE user_slno = $1',
          [caller.userSlno, address],
        );
        await deps.audit.record(tx, context.audit, {
          action: 'account.contact-changed',
          actor: caller.userSlno,
          target: kind === 'email' ? 'email' : 'mobile',
          detail: { to: maskAddress(address) },
        });
      });
      return { status: '1', errorMessage: null };
    },
  };
}

/** One's own password set. */
function passwordSettingHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    setMyPassword: async (context) => {
      const caller = await requireRecentIdentity(deps, context);
      const body = context.input.body;
      const username = body.username.trim().toLowerCase();
      if (!USERNAME.test(username)) return failed(WORDS.badUsername, context.language);
      if (!isStrongPassword(body.password)) return failed(WORDS.weakPassword, context.language);
      const taken = await pool.query(
        'SELECT 1 FROM users WHERE username = $1 AND user_slno <> $2',
        [username, caller.userSlno],
      );
      if (taken.rowCount) return failed(WORDS.usernameTaken, context.language);
      const [before] = (
        await pool.query<{ username: string | null }>(
          'SELECT username FROM users WHERE user_slno = $1',
          [caller.userSlno],
        )
      ).rows;
      const passwordHash = await hashPassword(body.password);
      const now = deps.clock();
      let contact: { email: string | null; mobile: string | null } | undefined;
      try {
        contact = await inTransaction(pool, async (tx) => {
          await tx.query(
            'UPDATE users SET username = $2, password_hash = $3 WHERE user_slno = $1',
            [caller.userSlno, username, passwordHash],
          );
          // A new password starts afresh: earlier failures no longer slow the account down.
          await clearFailures(tx, [
            failureKeys.account(username),
            ...(before?.username && before.username !== username
              ? [failureKeys.account(before.username)]
              : []),
          ]);
          // Whoever else holds a session (with the old password, or a stolen token) is out: every
          // other session of the person ends, its refresh tokens with it.
          const ended = await tx.query(
            `UPDATE sessions SET revoked_at = $3, revoke_reason = 'passwordChanged'
              WHERE user_slno = $1 AND session_id <> $2 AND revoked_at IS NULL`,
            [caller.userSlno, caller.sessionId, now],
          );
          await deps.audit.record(tx, context.audit, {
            action: 'account.password-set',
            actor: caller.userSlno,
            target: username,
            detail: { otherSessionsEnded: ended.rowCount ?? 0 },
          });
          await notifyPerson(tx, caller.userSlno, PASSWORD_SET_NOTICE, now);
          return (
            await tx.query<{ email: string | null; mobile: string | null }>(
              'SELECT email, mobile FROM users WHERE user_slno = $1',
              [caller.userSlno],
            )
          ).rows[0];
        });
      } catch (error) {
        // Taken between the check and the write.
        if ((error as { code?: string }).code === '23505')
          return failed(WORDS.usernameTaken, context.language);
        throw error;
      }
      // Told where a thief signed in as them cannot hide it: their e-mail and mobile.
      for (const [channel, recipient] of [
        ['email', contact?.email],
        ['sms', contact?.mobile],
      ] as const)
        if (recipient)
          await deps.notifier.send(
            {
              channel,
              recipient,
              subject: `${PASSWORD_SET_NOTICE.title.ar} / ${PASSWORD_SET_NOTICE.title.en}`,
              body: `${PASSWORD_SET_NOTICE.body.ar}\n\n${PASSWORD_SET_NOTICE.body.en}`,
            },
            now,
          );
      return { status: '1', errorMessage: null };
    },
  };
}

/** What a person is told when their password is set: where else they were signed out. */
const PASSWORD_SET_NOTICE: Notice = {
  title: { en: 'Your password was set', ar: 'عُيّنت كلمة المرور' },
  body: {
    en: 'The password of your Tawqi account was set, and every other session of yours was signed out. If it was not you, sign in through Nafath and set a new password at once.',
    ar: 'عُيّنت كلمة مرور حسابك في توقيع، وسُجّل خروجك من كل جلساتك الأخرى. إن لم تكن أنت، فسجّل الدخول عبر نفاذ وعيّن كلمة مرور جديدة فورًا.',
  },
};
