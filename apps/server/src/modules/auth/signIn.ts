/**
 * A sign-in, however the person proved who they are: the session made, its device registered,
 * the record written, and the session data answered (SPEC §3 "Authenticated user").
 */
import { TOKEN_EXPIRED, type OrganizationRole, type ProviderRole } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { sessionLimits } from '../../deps.js';
import { inTransaction } from '../../db/pool.js';
import { requireCaller, type Caller, type HandlerContext } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { activeMember, activeStaff } from '../access/membership.js';
import { registerDevice } from '../devices/devices.js';
import { confirmIdentity, createSession } from '../sessions/sessions.js';
import { clearAccount } from './lockout.js';

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

export async function signIn(
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

export async function userByNationalId(deps: Deps, nationalId: string): Promise<number | null> {
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

/** A sign-in through the identity app proves more than a password: it clears every count. */
export async function clearAfterIdentityApp(deps: Pick<Deps, 'pool'>, userSlno: number) {
  const [user] = (
    await deps.pool.query<{ username: string | null }>(
      'SELECT username FROM users WHERE user_slno = $1',
      [userSlno],
    )
  ).rows;
  if (user?.username) await clearAccount(deps.pool, user.username);
}
