/**
 * Signing in with a username and password, then a one-time code sent to the account's mobile.
 * Failures are counted per address and per account (on a device the owner already uses, apart
 * from everyone else's), slow the account down and then pause it (lockout.ts); the owner is told
 * once per threshold.
 */
import { IDENTITY_STATUS, normalizeSaudiMobile } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { inTransaction } from '../../db/pool.js';
import type { Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { deviceHash, type AuditContext } from '../audit/log.js';
import { notifyPerson } from '../notices.js';
import { checkCode, issueCode, maskAddress, tooSoon } from './codes.js';
import { failed } from './identityApp.js';
import {
  FREE_FAILURES,
  MAX_CONSECUTIVE_FAILURES,
  clearFailures,
  failureKeys,
  recordFailure,
  standing,
} from './lockout.js';
import { IDENTITY_APP_REQUIRED, authMessage, lockoutNotice } from './messages.js';
import { DUMMY_HASH, verifyPassword } from './passwords.js';
import { signIn } from './signIn.js';

/** A credentials answer that sends no code. */
const NO_CODE = { otpReference: null, maskedDestination: null, expiresInSeconds: null };

/** The username a person signs in with, as the keys of throttles and failures take it. */
const usernameOf = (value: unknown) => String(value).trim().toLowerCase();

/** Tells the owner, once per threshold, that failed passwords now slow or pause their account. */
async function noticeLockout(
  deps: Deps,
  context: AuditContext,
  user: { user_slno: number; mobile: string | null },
  consecutive: number,
) {
  if (consecutive !== FREE_FAILURES && consecutive !== MAX_CONSECUTIVE_FAILURES) return;
  const paused = consecutive === MAX_CONSECUTIVE_FAILURES;
  const notice = lockoutNotice(paused);
  const now = deps.clock();
  await inTransaction(deps.pool, async (tx) => {
    await notifyPerson(tx, user.user_slno, notice, now);
    await deps.audit.record(tx, context, {
      action: 'account.locked',
      outcome: 'denied',
      actor: user.user_slno,
      detail: { consecutiveFailures: consecutive, paused },
    });
  });
  // Sent once the notice is stored: a message is never about something that did not happen.
  const mobile = user.mobile ? (normalizeSaudiMobile(user.mobile) ?? user.mobile) : null;
  if (mobile)
    await deps.notifier.send(
      { channel: 'sms', recipient: mobile, subject: 'Tawqi', body: notice.body.ar },
      now,
    );
}

export function passwordHandlers(deps: Deps): Handlers {
  return { ...passwordCheckHandlers(deps), ...passwordCodeHandlers(deps) };
}

/** The first step: the password checked, a one-time code sent. */
function passwordCheckHandlers(deps: Deps): Handlers {
  return {
    credentialsLoginInitiate: async (context) => {
      const now = deps.clock();
      const username = usernameOf(context.input.body.username);
      const password = context.input.body.password;
      const [user] = (
        await deps.pool.query<{
          user_slno: number;
          password_hash: string | null;
          mobile: string | null;
          known_device: boolean;
        }>(
          `SELECT u.user_slno, u.password_hash, u.mobile,
                  EXISTS (SELECT 1 FROM registered_devices d WHERE d.user_slno = u.user_slno AND d.device_id = $2) AS known_device
             FROM users u WHERE u.username = $1`,
          [username, context.deviceId],
        )
      ).rows;
      // On a device the owner already uses, their own attempts are counted apart from everyone
      // else's: an attacker elsewhere cannot slow the owner down there.
      const device = deviceHash(context.deviceId);
      const accountKey =
        user?.known_device && device
          ? failureKeys.accountOnDevice(username, device)
          : failureKeys.account(username);
      const keys = [failureKeys.address(context.request.ip), accountKey];
      const before = await standing(deps.pool, keys, now);
      if (before.waitSeconds > 0) throw tooSoon(before.waitSeconds);
      if ((before.consecutive[failureKeys.account(username)] ?? 0) >= MAX_CONSECUTIVE_FAILURES)
        throw new AppError(403, 'FORBIDDEN', {
          detail: 'IDENTITY_APP_REQUIRED',
          localized: IDENTITY_APP_REQUIRED,
        });
      // Unknown users are checked against a dummy hash: same answer, same time.
      const passwordOk = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      if (!passwordOk || !user) {
        const counts = await inTransaction(deps.pool, async (tx) => {
          const counted = await recordFailure(tx, keys, now);
          await deps.audit.record(tx, context.audit, {
            action: 'session.sign-in-failed',
            outcome: 'failure',
            actor: user?.user_slno ?? null,
            detail: { method: 'password', consecutiveFailures: counted[accountKey] ?? 1 },
          });
          return counted;
        });
        if (user && accountKey === failureKeys.account(username))
          await noticeLockout(deps, context.audit, user, counts[accountKey] ?? 0);
        // The same words for an unknown username and a wrong password (and the same time: the
        // dummy hash above), so the answer says nothing about which accounts exist.
        return { ...failed('wrongCredentials', context.language), ...NO_CODE };
      }
      const mobile = user.mobile ? (normalizeSaudiMobile(user.mobile) ?? user.mobile) : null;
      if (!mobile) return { ...failed('noMobile', context.language), ...NO_CODE };
      // A resend waits; a few codes an hour at most (codes.ts).
      const { reference, code, expiresInSeconds } = await issueCode(deps, {
        userSlno: user.user_slno,
        purpose: 'sign-in',
        deviceId: context.deviceId,
        now,
      });
      await deps.notifier.send(
        {
          channel: 'sms',
          recipient: mobile,
          subject: 'Tawqi',
          body: authMessage('codeSent', context.language).replace('{code}', code),
        },
        now,
      );
      await deps.audit.record(deps.pool, context.audit, {
        action: 'otp.sent',
        actor: user.user_slno,
        target: reference,
        detail: { channel: 'sms' },
      });
      return {
        status: IDENTITY_STATUS.accepted,
        errorMessage: null,
        otpReference: reference,
        maskedDestination: maskAddress(mobile),
        expiresInSeconds,
      };
    },
  };
}

/** The second step: the one-time code checked, the session begun. */
function passwordCodeHandlers(deps: Deps): Handlers {
  return {
    credentialsVerifyOtp: async (context) => {
      const now = deps.clock();
      const reference = context.input.body.otpReference;
      const code = context.input.body.otp;
      // A wrong code's counted try and its record commit together.
      const outcome = await inTransaction(deps.pool, async (tx) => {
        const checked = await checkCode(
          deps,
          {
            reference,
            code,
            purpose: 'sign-in',
            deviceId: context.deviceId,
            address: context.request.ip,
            now,
          },
          tx,
        );
        if (checked.ok) return checked.userSlno;
        await deps.audit.record(tx, context.audit, {
          action: 'session.sign-in-failed',
          outcome: 'failure',
          target: reference,
          detail: { method: 'one-time-code', reason: checked.problem },
        });
        return checked.problem;
      });
      if (typeof outcome === 'string') {
        return { session: null, reason: null, ...failed(outcome, context.language) };
      }
      // The password and its code both passed: this address and this account start afresh.
      const [user] = (
        await deps.pool.query<{ username: string }>(
          'SELECT username FROM users WHERE user_slno = $1',
          [outcome],
        )
      ).rows;
      const device = deviceHash(context.deviceId);
      await clearFailures(deps.pool, [
        failureKeys.address(context.request.ip),
        ...(user
          ? [
              failureKeys.account(user.username),
              ...(device ? [failureKeys.accountOnDevice(user.username, device)] : []),
            ]
          : []),
      ]);
      return {
        status: IDENTITY_STATUS.accepted,
        errorMessage: null,
        session: await signIn(deps, context, outcome, 'password'),
        reason: null,
      };
    },
  };
}
