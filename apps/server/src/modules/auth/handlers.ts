/**
 * Authentication (SPEC §4, §7): login, enrolment and KYC renewal through the national identity
 * app; credentials plus a one-time code; refresh; logout.
 *
 * Identity-app challenges expire after 180 s, are bound to the browser that started them (its
 * device id), and are limited per national id (no push bombing). Initiation answers the same for
 * registered and unregistered ids; whether an account exists is said only after the person has
 * proved who they are in the app.
 */
import { randomUUID } from 'node:crypto';
import {
  DEVICE_MISMATCH,
  IDENTITY_STATUS,
  TOKEN_EXPIRED,
  formatCount,
  TOKEN_REUSED,
  maskNationalId,
  normalizeSaudiMobile,
  type OrganizationRole,
  type ProviderRole,
} from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { sessionLimits } from '../../deps.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { deviceHash, type AuditContext } from '../audit/log.js';
import {
  requireCaller,
  type Caller,
  type HandlerContext,
  type Handlers,
} from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import {
  confirmIdentity,
  createSession,
  revokeSession,
  rotateRefreshToken,
} from '../sessions/sessions.js';
import { checkCode, issueCode, maskAddress, tooSoon } from './codes.js';
import { registerDevice } from '../devices/devices.js';
import {
  FREE_FAILURES,
  MAX_CONSECUTIVE_FAILURES,
  clearAccount,
  clearFailures,
  failureKeys,
  recordFailure,
  standing,
} from './lockout.js';
import { IDENTITY_APP_REQUIRED, authMessage, lockoutNotice } from './messages.js';
import { DUMMY_HASH, verifyPassword } from './passwords.js';
import { failed, initiate, recordVerifiedPerson, verify } from './identityApp.js';
import { activeMember, activeStaff } from '../access/membership.js';

/** The session data a sign-in answers (SPEC §3 "Authenticated user"). */
export async function sessionDataFor(
  deps: Deps,
  userSlno: number,
  session: { sessionId: string; refreshToken: string; deviceId: string },
) {
  const now = deps.clock();
  const [user] = (
    await deps.pool.query<{ full_name_en: string; full_name_ar: string }>(
      'SELECT full_name_en, full_name_ar FROM users WHERE user_slno = $1',
      [userSlno],
    )
  ).rows;
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', { detail: TOKEN_EXPIRED });
  const organizations = (
    await deps.pool.query<{
      organization_user_slno: number;
      org_slno: number;
      sip_slno: number;
      email: string;
      name_en: string;
      name_ar: string;
      organization_type: number;
      roles: OrganizationRole[];
      level: 'L1' | 'L2';
    }>(
      `SELECT m.organization_user_slno, o.org_slno, o.sip_slno, m.email, o.name_en, o.name_ar, o.organization_type, m.roles, p.level
         FROM memberships m JOIN organizations o USING (org_slno) JOIN service_providers p ON p.sip_slno = o.sip_slno
        WHERE m.user_slno = $1 AND ${activeMember('m')}
        ORDER BY o.org_slno`,
      [userSlno],
    )
  ).rows.map((row) => ({
    slno: row.org_slno,
    sipSlNo: row.sip_slno,
    organizationUserSlno: row.organization_user_slno,
    userName: row.email,
    organizationName: row.name_en,
    organizationNameArabic: row.name_ar,
    organizationType: row.organization_type,
    roles: row.roles,
    sipLevel: row.level,
  }));
  const providers = (
    await deps.pool.query<{
      sip_slno: number;
      name_en: string;
      name_ar: string;
      roles: ProviderRole[];
      level: 'L1' | 'L2';
    }>(
      `SELECT p.sip_slno, p.name_en, p.name_ar, s.roles, p.level
         FROM provider_staff s JOIN service_providers p ON p.sip_slno = s.sip_slno
        WHERE s.user_slno = $1 AND ${activeStaff('s')}
        ORDER BY p.sip_slno`,
      [userSlno],
    )
  ).rows.map((row) => ({
    sipSlNo: row.sip_slno,
    providerName: row.name_en,
    providerNameArabic: row.name_ar,
    roles: row.roles,
    sipLevel: row.level,
  }));
  const token = await deps.signer.issue(
    { userSlno, sessionId: session.sessionId, deviceId: session.deviceId },
    now,
    deps.config.ACCESS_TOKEN_SECONDS,
  );
  return {
    token,
    refreshToken: session.refreshToken,
    organizationList: organizations,
    selectedOrganization: organizations[0] ?? null,
    providerList: providers,
    fullNameEnglish: user.full_name_en,
    fullNameArabic: user.full_name_ar,
    inactivityLimitMinutes: deps.config.INACTIVITY_MINUTES,
    expiresIn: deps.config.ACCESS_TOKEN_SECONDS,
  };
}

async function signIn(
  deps: Deps,
  { audit: context, deviceId, request }: HandlerContext,
  userSlno: number,
  method: 'identity-app' | 'password',
) {
  const now = deps.clock();
  const session = await inTransaction(deps.pool, async (tx) => {
    const created = await createSession(tx, {
      userSlno,
      deviceId,
      now,
      limits: sessionLimits(deps.config),
    });
    // Signing in through the identity app confirms who the person is (account changes need it).
    if (method === 'identity-app') await confirmIdentity(tx, created.sessionId, now);
    await registerDevice(tx, { userSlno, deviceId, userAgent: request.headers['user-agent'], now });
    await deps.audit.record(tx, context, {
      action: 'session.signed-in',
      actor: userSlno,
      target: created.sessionId,
      detail: { method },
    });
    return created;
  });
  return sessionDataFor(deps, userSlno, { ...session, deviceId });
}

/**
 * The welcome pack the public site promises: each newly enrolled individual receives the active
 * welcome-pack plan once (a second enrolment of the same person finds it there already), with a
 * notification saying what it holds.
 */
async function giveWelcomePack(deps: Deps, db: Queryable, userSlno: number): Promise<void> {
  const now = deps.clock();
  await inTransaction(db, async (client) => {
    const given = await client.query<{ transactions: number }>(
      `INSERT INTO purchased_plans (plan_unique_id, user_slno, product_pricing_details_slno, transactions, valid_from, valid_to, created_at)
       SELECT $2, $1, e.product_pricing_details_slno, e.transaction_limit, $3::date,
              ($3::date + make_interval(months => e.validity_months))::date, $3
         FROM esign_plans e
        WHERE e.is_welcome_pack AND e.is_active
          AND NOT EXISTS (SELECT 1 FROM purchased_plans p JOIN esign_plans w USING (product_pricing_details_slno)
                           WHERE p.user_slno = $1 AND w.is_welcome_pack)
        ORDER BY e.product_pricing_details_slno LIMIT 1
       RETURNING transactions`,
      [userSlno, `PLN-WELCOME-${randomUUID()}`, now],
    );
    const pack = given.rows[0];
    if (!pack) return;
    await client.query(
      `INSERT INTO notifications (user_slno, title_en, title_ar, message_en, message_ar, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        userSlno,
        'Welcome to Tawqi',
        'مرحبًا بك في منصة توقيع',
        `Your welcome pack holds ${formatCount(pack.transactions, 'transaction', 'en')} to sign with.`,
        // The count stands as the subject (nominative), the case formatCount's forms are in.
        `في باقة الترحيب ${formatCount(pack.transactions, 'transaction', 'ar')} للتوقيع بها.`,
        now,
      ],
    );
  });
}

async function userByNationalId(deps: Deps, nationalId: string): Promise<number | null> {
  return (
    (
      await deps.pool.query<{ user_slno: number }>(
        'SELECT user_slno FROM users WHERE national_id = $1',
        [nationalId],
      )
    ).rows[0]?.user_slno ?? null
  );
}

/** The signed-in caller's own national id (KYC renewal is always for oneself). */
export async function nationalIdOf(
  deps: Deps,
  caller: Caller | null,
): Promise<{ userSlno: number; nationalId: string }> {
  const { userSlno } = requireCaller(caller);
  const [user] = (
    await deps.pool.query<{ national_id: string }>(
      'SELECT national_id FROM users WHERE user_slno = $1',
      [userSlno],
    )
  ).rows;
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');
  return { userSlno, nationalId: user.national_id };
}

/** A credentials answer that sends no code. */
const NO_CODE = { otpReference: null, maskedDestination: null, expiresInSeconds: null };

/** Ends the session for a refresh that cannot go on; the detail says why (SPEC §8 and ours). */
const REFRESH_DETAILS: Partial<Record<string, string>> = {
  reused: TOKEN_REUSED,
  'device-mismatch': DEVICE_MISMATCH,
};

/** The username a person signs in with, as the keys of throttles and failures take it. */
const usernameOf = (value: unknown) => String(value).trim().toLowerCase();

export function authHandlers(deps: Deps): Handlers {
  /** Tells the owner, once per threshold, that failed passwords now slow or pause their account. */
  async function noticeLockout(
    context: AuditContext,
    user: { user_slno: number; mobile: string | null },
    consecutive: number,
  ) {
    if (consecutive !== FREE_FAILURES && consecutive !== MAX_CONSECUTIVE_FAILURES) return;
    const paused = consecutive === MAX_CONSECUTIVE_FAILURES;
    const notice = lockoutNotice(paused);
    const now = deps.clock();
    await inTransaction(deps.pool, async (tx) => {
      await tx.query(
        `INSERT INTO notifications (user_slno, title_en, title_ar, message_en, message_ar, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [user.user_slno, notice.title.en, notice.title.ar, notice.body.en, notice.body.ar, now],
      );
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

  /** A sign-in through the identity app proves more than a password: it clears every count. */
  async function clearAfterIdentityApp(userSlno: number) {
    const [user] = (
      await deps.pool.query<{ username: string | null }>(
        'SELECT username FROM users WHERE user_slno = $1',
        [userSlno],
      )
    ).rows;
    if (user?.username) await clearAccount(deps.pool, user.username);
  }

  return {
    nafathLoginInitiate: async (context) =>
      initiate(deps, context, 'login', context.input.body.nationalID),
    nafathEnrollmentInitiate: async (context) =>
      initiate(deps, context, 'enrollment', context.input.body.nationalID),

    nafathLoginVerify: async (context) => {
      const input = {
        nationalId: context.input.body.nationalID,
        transId: context.input.body.transId,
      };
      const answer = await verify(deps, context, 'login', input, async (person) => {
        const userSlno = await userByNationalId(deps, person.nationalId);
        if (userSlno === null) return 'notRegistered';
        await clearAfterIdentityApp(userSlno);
        return {
          session: await signIn(deps, context, userSlno, 'identity-app'),
        };
      });
      return {
        session: null,
        ...answer,
        reason: 'reason' in answer && answer.reason === 'notRegistered' ? answer.reason : null,
      };
    },

    nafathEnrollmentVerify: async (context) => {
      const input = {
        nationalId: context.input.body.nationalID,
        transId: context.input.body.transId,
      };
      const answer = await verify(deps, context, 'enrollment', input, async (person) => {
        // Enrolling someone already enrolled signs them in. The person, their welcome pack and
        // the record of both are one change.
        const userSlno = await inTransaction(deps.pool, async (tx) => {
          const recorded = await recordVerifiedPerson(tx, person, deps.clock());
          if (recorded.created) {
            await giveWelcomePack(deps, tx, recorded.userSlno);
            await deps.audit.record(tx, context.audit, {
              action: 'user.enrolled',
              actor: recorded.userSlno,
              target: maskNationalId(person.nationalId),
            });
          }
          return recorded.userSlno;
        });
        await clearAfterIdentityApp(userSlno);
        return {
          session: await signIn(deps, context, userSlno, 'identity-app'),
        };
      });
      return { session: null, ...answer, reason: null };
    },

    kycRenewalInitiate: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      return initiate(deps, context, 'kycRenewal', self.nationalId, { userSlno: self.userSlno });
    },

    kycRenewalVerify: async (context) => {
      const caller = requireCaller(context.caller);
      const user = await nationalIdOf(deps, caller);
      const answer = await verify(
        deps,
        context,
        'kycRenewal',
        { nationalId: user.nationalId, transId: context.input.body.transId },
        async () => {
          return inTransaction(deps.pool, async (tx) => {
            await confirmIdentity(tx, caller.sessionId, deps.clock());
            const renewed = await tx.query<{ kyc_valid_till: Date }>(
              "UPDATE users SET kyc_valid_till = ($2::timestamptz + interval '1 year')::date WHERE user_slno = $1 RETURNING kyc_valid_till",
              [caller.userSlno, deps.clock()],
            );
            const validTill = (renewed.rows[0] as { kyc_valid_till: Date }).kyc_valid_till
              .toISOString()
              .slice(0, 10);
            await deps.audit.record(tx, context.audit, {
              action: 'kyc.renewed',
              target: maskNationalId(user.nationalId),
              detail: { validTill },
            });
            return { kycValidTill: validTill };
          });
        },
      );
      return { kycValidTill: null, ...answer };
    },

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
          await noticeLockout(context.audit, user, counts[accountKey] ?? 0);
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

    refresh: async (context) => {
      const deviceId = context.input.body.deviceID;
      // The rotation, and a revocation it makes, commit with their audit record.
      const rotated = await inTransaction(deps.pool, async (tx) => {
        const outcome = await rotateRefreshToken(tx, {
          refreshToken: context.input.body.refreshToken,
          deviceId,
          now: deps.clock(),
          limits: sessionLimits(deps.config),
          successorKey: deps.keys.refresh,
        });
        if (outcome.ok) {
          await deps.audit.record(tx, context.audit, {
            action: 'session.refreshed',
            actor: outcome.userSlno,
            target: outcome.sessionId,
          });
          return outcome;
        }
        if (!outcome.sessionId) return outcome;
        const detail = REFRESH_DETAILS[outcome.reason] ?? TOKEN_EXPIRED;
        if (detail !== TOKEN_EXPIRED)
          await deps.audit.record(tx, context.audit, {
            action:
              outcome.reason === 'reused' ? 'session.token-reused' : 'session.device-mismatch',
            outcome: 'denied',
            actor: outcome.userSlno,
            target: outcome.sessionId,
            detail: { sessionRevoked: true },
          });
        else if (outcome.reason !== 'revoked')
          await deps.audit.record(tx, context.audit, {
            action: 'session.revoked',
            actor: outcome.userSlno,
            target: outcome.sessionId,
            detail: { reason: outcome.reason },
          });
        return outcome;
      });
      if (!rotated.ok) {
        const detail = REFRESH_DETAILS[rotated.reason] ?? TOKEN_EXPIRED;
        throw new AppError(401, 'UNAUTHENTICATED', { detail });
      }
      return sessionDataFor(deps, rotated.userSlno, {
        sessionId: rotated.sessionId,
        refreshToken: rotated.refreshToken,
        deviceId,
      });
    },

    // The session was found live and touched on the way in (callerOf): nothing more to do.
    keepAlive: (context) => {
      requireCaller(context.caller);
      return Promise.resolve({ status: IDENTITY_STATUS.accepted, errorMessage: null });
    },

    logout: async (context) => {
      const caller = requireCaller(context.caller);
      await inTransaction(deps.pool, async (tx) => {
        await revokeSession(tx, caller.sessionId, deps.clock(), 'logout');
        await deps.audit.record(tx, context.audit, {
          action: 'session.logout',
          target: caller.sessionId,
        });
      });
      return { status: IDENTITY_STATUS.accepted, errorMessage: null };
    },
  };
}
