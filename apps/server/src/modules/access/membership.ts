/**
 * One meaning of "an active member": a membership approved and not deactivated. The
 * database holds the same rule (memberships_active_is_approved: a membership that is not approved
 * is never stored as active), and every check asks this one — signing in to an organization, its
 * tenant, signing for it, paying for it, its notices and its counts.
 */
import {
  isAllowed,
  type OrganizationAction,
  type ServiceProviderLevel,
  type WorkspaceRole,
} from '@tawqi/domain';
import type { Queryable } from '../../db/pool.js';

export const activeMember = (alias: string): string =>
  `${alias}.is_active AND ${alias}.status = 'Approved'`;

/** An active staff member of a provider: on its staff and not deactivated. */
export const activeStaff = (alias: string): string => `${alias}.is_active`;

/**
 * Whether the person is an active member of the organization now — and, when `action` is named,
 * holds a role that allows it — read inside the caller's transaction with their membership row
 * locked until it ends: a deactivation or role change committed before is seen, and one made
 * meanwhile waits for the transaction (whichever commits first decides).
 */
export async function memberStanding(
  tx: Queryable,
  orgSlno: number,
  userSlno: number,
  action?: OrganizationAction,
): Promise<boolean> {
  const { rows } = await tx.query<{ roles: WorkspaceRole[]; level: ServiceProviderLevel }>(
    `SELECT m.roles, p.level FROM memberships m
       JOIN organizations o ON o.org_slno = m.org_slno
       JOIN service_providers p ON p.sip_slno = o.sip_slno
      WHERE m.org_slno = $1 AND m.user_slno = $2 AND ${activeMember('m')}
        FOR SHARE OF m`,
    [orgSlno, userSlno],
  );
  const [membership] = rows;
  if (!membership) return false;
  return (
    action === undefined ||
    isAllowed({ roles: membership.roles, sipLevel: membership.level }, action)
  );
}
