/**
 * Authentication (SPEC §4, §7): login, enrolment and KYC renewal through the national identity
 * app; credentials plus a one-time code; refresh; logout.
 *
 * Identity-app challenges expire after 180 s, are bound to the browser that started them (its
 * device id), and are limited per national id (no push bombing). Initiation answers the same for
 * registered and unregistered ids; whether an account exists is said only after the person has
 * proved who they are in the app.
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  IDENTITY_CHALLENGE_TTL_MS,
  IDENTITY_STATUS,
  TOKEN_EXPIRED,
  maskNationalId,
  normalizeSaudiMobile,
  type Language,
} from '@tawqi/domain';
import { IdentityProviderError } from '../../adapters/nafath/client.js';
import type { Deps } from '../../deps.js';
import { sessionLimits } from '../../deps.js';
import { inTransaction } from '../../db/pool.js';
import {
  requireCaller,
  type Caller,
  type HandlerContext,
  type Handlers,
} from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { createSession, revokeSession, rotateRefreshToken } from '../sessions/sessions.js';
import { hit } from '../throttle.js';
import { authMessage, type AuthMessage } from './messages.js';
import { DUMMY_HASH, verifyPassword } from './passwords.js';

type Flow = 'login' | 'enrollment' | 'kycRenewal';

/** At most this many identity-app requests per national id in the window. */
const CHALLENGES_PER_ID = 3;
const CHALLENGE_WINDOW_SECONDS = 600;
const OTP_TTL_MS = 180_000;
const OTP_MAX_ATTEMPTS = 5;
/** Consecutive failed sign-ins after which an account stops accepting passwords. */
const MAX_FAILED_LOGINS = 100;

const SERVICE_NAMES: Record<Flow, string> = {
  login: 'Login',
  enrollment: 'Enrollment',
  kycRenewal: 'KycRenewal',
};

function failed(key: AuthMessage, language: Language) {
  return { status: IDENTITY_STATUS.failed, errorMessage: authMessage(key, language) };
}

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
      roles: string[];
      level: 'L1' | 'L2';
    }>(
      `SELECT m.organization_user_slno, o.org_slno, o.sip_slno, m.email, o.name_en, o.name_ar, o.organization_type, m.roles, p.level
         FROM memberships m JOIN organizations o USING (org_slno) JOIN service_providers p ON p.sip_slno = o.sip_slno
        WHERE m.user_slno = $1 AND m.is_active AND m.status = 'Approved'
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
    fullNameEnglish: user.full_name_en,
    fullNameArabic: user.full_name_ar,
    inactivityLimitMinutes: deps.config.INACTIVITY_MINUTES,
    expiresIn: deps.config.ACCESS_TOKEN_SECONDS,
  };
}

async function signIn(deps: Deps, userSlno: number, deviceId: string) {
  const now = deps.clock();
  const session = await createSession(deps.pool, {
    userSlno,
    deviceId,
    now,
    limits: sessionLimits(deps.config),
  });
  await registerDevice(deps, userSlno, deviceId, now);
  await audit(deps, {
    actor: userSlno,
    deviceId,
    action: 'session.created',
    detail: { sessionId: session.sessionId },
  });
  return sessionDataFor(deps, userSlno, { ...session, deviceId });
}

async function registerDevice(deps: Deps, userSlno: number, deviceId: string, now: Date) {
  await deps.pool.query(
    `INSERT INTO registered_devices (user_slno, device_id, device_type, device_model, app_version, created_at)
     VALUES ($1, $2, 'Browser', 'Web browser', 'web', $3) ON CONFLICT (user_slno, device_id) DO NOTHING`,
    [userSlno, deviceId, now],
  );
}

/** Appends to the hash-chained audit log: each entry's hash covers the one before. */
export async function audit(
  deps: Deps,
  entry: {
    actor: number | null;
    orgSlno?: number | null;
    deviceId?: string | null;
    action: string;
    detail?: object;
  },
) {
  await inTransaction(deps.pool, async (client) => {
    await client.query('LOCK TABLE audit_log IN SHARE ROW EXCLUSIVE MODE');
    const previous =
      (
        await client.query<{ hash: string }>(
          'SELECT hash FROM audit_log ORDER BY audit_slno DESC LIMIT 1',
        )
      ).rows[0]?.hash ?? 'genesis';
    const at = deps.clock();
    const detail = entry.detail ?? {};
    const hash = createHash('sha256')
      .update(
        JSON.stringify([
          previous,
          at.toISOString(),
          entry.actor,
          entry.orgSlno ?? null,
          entry.deviceId ?? null,
          entry.action,
          detail,
        ]),
      )
      .digest('hex');
    await client.query(
      'INSERT INTO audit_log (at, actor, org_slno, device_id, action, detail, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [
        at,
        entry.actor,
        entry.orgSlno ?? null,
        entry.deviceId ?? null,
        entry.action,
        detail,
        previous,
        hash,
      ],
    );
  });
}

async function initiate(
  deps: Deps,
  context: HandlerContext,
  flow: Flow,
  nationalId: string,
  userSlno: number | null,
) {
  const now = deps.clock();
  const throttle = await hit(
    deps.pool,
    `nafath:${nationalId}`,
    CHALLENGES_PER_ID,
    CHALLENGE_WINDOW_SECONDS,
    now,
  );
  const base = { nationalID: nationalId, transId: null, random: null };
  if (!throttle.allowed) return { ...base, ...failed('tooManyRequests', context.language) };
  let created: { transId: string; random: string };
  try {
    created = await deps.identity.createRequest({
      nationalId,
      service: SERVICE_NAMES[flow],
      requestId: randomUUID(),
    });
  } catch (error) {
    if (error instanceof IdentityProviderError) throw new AppError(503, 'SERVICE_UNAVAILABLE');
    throw error;
  }
  await deps.pool.query(
    `INSERT INTO identity_challenges (trans_id, flow, national_id, device_id, random, user_slno, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      created.transId,
      flow,
      nationalId,
      context.deviceId,
      created.random,
      userSlno,
      now,
      new Date(now.getTime() + IDENTITY_CHALLENGE_TTL_MS),
    ],
  );
  return {
    ...base,
    status: IDENTITY_STATUS.accepted,
    errorMessage: null,
    transId: created.transId,
    random: created.random,
  };
}

/**
 * Polls a challenge: "3" while waiting; "0" with the reason when it failed; on approval, the
 * challenge is consumed exactly once and `onApproved` runs.
 */
async function verify<T extends object>(
  deps: Deps,
  context: HandlerContext,
  flow: Flow,
  input: { nationalId: string; transId: string },
  onApproved: (person: {
    nationalId: string;
    fullNameEnglish: string;
    fullNameArabic: string;
    nationality: string;
  }) => Promise<T | AuthMessage>,
): Promise<
  { status: string; errorMessage: string | null } | ({ status: string; errorMessage: null } & T)
> {
  const now = deps.clock();
  const [challenge] = (
    await deps.pool.query<{
      national_id: string;
      device_id: string;
      random: string;
      status: string;
      expires_at: Date;
      flow: string;
    }>(
      'SELECT national_id, device_id, random, status, expires_at, flow FROM identity_challenges WHERE trans_id = $1',
      [input.transId],
    )
  ).rows;
  if (
    challenge?.flow !== flow ||
    challenge.national_id !== input.nationalId ||
    challenge.status === 'CONSUMED'
  ) {
    return failed('unknownRequest', context.language);
  }
  if (challenge.device_id !== context.deviceId) return failed('otherDevice', context.language);
  if (now >= challenge.expires_at) return failed('expired', context.language);
  let result;
  try {
    result = await deps.identity.status({
      nationalId: input.nationalId,
      transId: input.transId,
      random: challenge.random,
    });
  } catch (error) {
    if (error instanceof IdentityProviderError) throw new AppError(503, 'SERVICE_UNAVAILABLE');
    throw error;
  }
  if (result.status === 'WAITING') return { status: IDENTITY_STATUS.waiting, errorMessage: null };
  if (result.status === 'REJECTED' || result.status === 'EXPIRED' || !result.person) {
    await deps.pool.query('UPDATE identity_challenges SET status = $2 WHERE trans_id = $1', [
      input.transId,
      result.status,
    ]);
    return failed(result.status === 'REJECTED' ? 'rejected' : 'expired', context.language);
  }
  // Consumed once: a replayed or concurrent verify finds nothing to sign in with.
  const consumed = await deps.pool.query(
    "UPDATE identity_challenges SET status = 'CONSUMED' WHERE trans_id = $1 AND status <> 'CONSUMED'",
    [input.transId],
  );
  if (consumed.rowCount !== 1) return failed('unknownRequest', context.language);
  const approved = await onApproved(result.person);
  if (typeof approved === 'string') return failed(approved, context.language);
  return { status: IDENTITY_STATUS.accepted, errorMessage: null, ...approved };
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
async function nationalIdOf(
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

export function authHandlers(deps: Deps): Handlers {
  return {
    nafathLoginInitiate: async (context) =>
      initiate(deps, context, 'login', String(context.input.body.nationalID), null),
    nafathEnrollmentInitiate: async (context) =>
      initiate(deps, context, 'enrollment', String(context.input.body.nationalID), null),

    nafathLoginVerify: async (context) => {
      const input = {
        nationalId: String(context.input.body.nationalID),
        transId: String(context.input.body.transId),
      };
      const answer = await verify(deps, context, 'login', input, async (person) => {
        const userSlno = await userByNationalId(deps, person.nationalId);
        if (userSlno === null) return 'notRegistered';
        return { session: await signIn(deps, userSlno, context.deviceId) };
      });
      return { session: null, ...answer };
    },

    nafathEnrollmentVerify: async (context) => {
      const input = {
        nationalId: String(context.input.body.nationalID),
        transId: String(context.input.body.transId),
      };
      const answer = await verify(deps, context, 'enrollment', input, async (person) => {
        // Enrolling someone already enrolled signs them in.
        const created = await deps.pool.query<{ user_slno: number }>(
          `INSERT INTO users (national_id, full_name_en, full_name_ar, nationality, kyc_valid_till)
           VALUES ($1, $2, $3, $4, ($5::timestamptz + interval '1 year')::date)
           ON CONFLICT (national_id) DO UPDATE SET national_id = EXCLUDED.national_id
           RETURNING user_slno`,
          [
            person.nationalId,
            person.fullNameEnglish,
            person.fullNameArabic,
            person.nationality,
            deps.clock(),
          ],
        );
        const userSlno = (created.rows[0] as { user_slno: number }).user_slno;
        await audit(deps, {
          actor: userSlno,
          deviceId: context.deviceId,
          action: 'user.enrolled',
          detail: { nationalId: maskNationalId(person.nationalId) },
        });
        return { session: await signIn(deps, userSlno, context.deviceId) };
      });
      return { session: null, ...answer };
    },

    kycRenewalInitiate: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      return initiate(deps, context, 'kycRenewal', self.nationalId, self.userSlno);
    },

    kycRenewalVerify: async (context) => {
      const caller = requireCaller(context.caller);
      const user = await nationalIdOf(deps, caller);
      const answer = await verify(
        deps,
        context,
        'kycRenewal',
        { nationalId: user.nationalId, transId: String(context.input.body.transId) },
        async () => {
          const renewed = await deps.pool.query<{ kyc_valid_till: Date }>(
            "UPDATE users SET kyc_valid_till = ($2::timestamptz + interval '1 year')::date WHERE user_slno = $1 RETURNING kyc_valid_till",
            [caller.userSlno, deps.clock()],
          );
          await audit(deps, {
            actor: caller.userSlno,
            deviceId: context.deviceId,
            action: 'kyc.renewed',
          });
          return {
            kycValidTill: (renewed.rows[0] as { kyc_valid_till: Date }).kyc_valid_till
              .toISOString()
              .slice(0, 10),
          };
        },
      );
      return { kycValidTill: null, ...answer };
    },

    credentialsLoginInitiate: async (context) => {
      const now = deps.clock();
      const username = String(context.input.body.username).trim().toLowerCase();
      const password = String(context.input.body.password);
      const perIp = await hit(deps.pool, `login-ip:${context.request.ip}`, 30, 900, now);
      const perAccount = await hit(deps.pool, `login-account:${username}`, 10, 900, now);
      if (!perIp.allowed || !perAccount.allowed) {
        const retryAfter = String(
          Math.max(
            perIp.allowed ? 0 : perIp.retryAfterSeconds,
            perAccount.allowed ? 0 : perAccount.retryAfterSeconds,
          ),
        );
        throw new AppError(429, 'RATE_LIMITED', { headers: { 'retry-after': retryAfter } });
      }
      const [user] = (
        await deps.pool.query<{
          user_slno: number;
          password_hash: string | null;
          mobile: string | null;
          failed_logins: number;
        }>(
          'SELECT user_slno, password_hash, mobile, failed_logins FROM users WHERE username = $1',
          [username],
        )
      ).rows;
      // Unknown users are checked against a dummy hash: same answer, same time.
      const passwordOk = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      const accepted = Boolean(
        user && passwordOk && user.failed_logins < MAX_FAILED_LOGINS && user.mobile,
      );
      if (user && !passwordOk)
        await deps.pool.query(
          'UPDATE users SET failed_logins = failed_logins + 1 WHERE user_slno = $1',
          [user.user_slno],
        );
      const reference = randomUUID();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await inTransaction(deps.pool, async (client) => {
        // Only the latest code of a user is valid.
        if (accepted && user)
          await client.query(
            'UPDATE otp_codes SET superseded = true WHERE user_slno = $1 AND used_at IS NULL',
            [user.user_slno],
          );
        await client.query(
          'INSERT INTO otp_codes (otp_reference, user_slno, code_hash, device_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [
            reference,
            accepted && user ? user.user_slno : null,
            hashCode(reference, code),
            context.deviceId,
            now,
            new Date(now.getTime() + OTP_TTL_MS),
          ],
        );
      });
      const mobile =
        accepted && user?.mobile ? (normalizeSaudiMobile(user.mobile) ?? user.mobile) : null;
      if (mobile) {
        await deps.notifier.send(
          {
            channel: 'sms',
            recipient: mobile,
            subject: 'Tawqi',
            body: authMessage('codeSent', context.language).replace('{code}', code),
          },
          now,
        );
      }
      return {
        status: IDENTITY_STATUS.accepted,
        errorMessage: null,
        otpReference: reference,
        maskedDestination: mobile
          ? `${mobile.slice(0, 5)}*****${mobile.slice(-3)}`
          : `+9665*****${String(randomInt(100, 1000))}`,
        expiresInSeconds: OTP_TTL_MS / 1000,
      };
    },

    credentialsVerifyOtp: async (context) => {
      const now = deps.clock();
      const reference = String(context.input.body.otpReference);
      const code = String(context.input.body.otp);
      const outcome = await inTransaction(deps.pool, async (client) => {
        const [row] = (
          await client.query<{
            user_slno: number | null;
            code_hash: string;
            attempts: number;
            expires_at: Date;
            used_at: Date | null;
            superseded: boolean;
            device_id: string;
          }>(
            'SELECT user_slno, code_hash, attempts, expires_at, used_at, superseded, device_id FROM otp_codes WHERE otp_reference = $1 FOR UPDATE',
            [reference],
          )
        ).rows;
        if (!row || row.used_at || row.superseded || row.device_id !== context.deviceId)
          return 'codeExpired' as const;
        if (now >= row.expires_at) return 'codeExpired' as const;
        if (row.attempts >= OTP_MAX_ATTEMPTS) return 'tooManyAttempts' as const;
        const expected = Buffer.from(row.code_hash, 'hex');
        const actual = Buffer.from(hashCode(reference, code), 'hex');
        const matches = timingSafeEqual(expected, actual);
        if (!matches || row.user_slno === null) {
          await client.query(
            'UPDATE otp_codes SET attempts = attempts + 1 WHERE otp_reference = $1',
            [reference],
          );
          return row.attempts + 1 >= OTP_MAX_ATTEMPTS
            ? ('tooManyAttempts' as const)
            : ('wrongCode' as const);
        }
        await client.query('UPDATE otp_codes SET used_at = $2 WHERE otp_reference = $1', [
          reference,
          now,
        ]);
        await client.query('UPDATE users SET failed_logins = 0 WHERE user_slno = $1', [
          row.user_slno,
        ]);
        return row.user_slno;
      });
      if (typeof outcome === 'string')
        return { session: null, ...failed(outcome, context.language) };
      return {
        status: IDENTITY_STATUS.accepted,
        errorMessage: null,
        session: await signIn(deps, outcome, context.deviceId),
      };
    },

    refresh: async (context) => {
      const deviceId = String(context.input.body.deviceID);
      const rotated = await rotateRefreshToken(deps.pool, {
        refreshToken: String(context.input.body.refreshToken),
        deviceId,
        now: deps.clock(),
        limits: sessionLimits(deps.config),
      });
      if (!rotated.ok) {
        if (rotated.reason === 'reused' || rotated.reason === 'device-mismatch') {
          await audit(deps, { actor: null, deviceId, action: `session.revoked.${rotated.reason}` });
        }
        throw new AppError(401, 'UNAUTHENTICATED', { detail: TOKEN_EXPIRED });
      }
      return sessionDataFor(deps, rotated.userSlno, {
        sessionId: rotated.sessionId,
        refreshToken: rotated.refreshToken,
        deviceId,
      });
    },

    logout: async (context) => {
      const caller = requireCaller(context.caller);
      await revokeSession(deps.pool, caller.sessionId, deps.clock(), 'logout');
      await audit(deps, {
        actor: caller.userSlno,
        deviceId: context.deviceId,
        action: 'session.logout',
      });
      return { status: IDENTITY_STATUS.accepted, errorMessage: null };
    },
  };
}

function hashCode(reference: string, code: string): string {
  return createHash('sha256').update(`${reference}:${code}`).digest('hex');
}
