/**
 * One meaning of "an active member" (issue 36): a membership approved and not deactivated. The
 * database holds the same rule (memberships_active_is_approved: a membership that is not approved
 * is never stored as active), and every check asks this one — signing in to an organization, its
 * tenant, signing for it, paying for it, its notices and its counts.
 */
export const activeMember = (alias: string): string =>
  `${alias}.is_active AND ${alias}.status = 'Approved'`;

/** An active staff member of a provider (issue 36): on its staff and not deactivated. */
export const activeStaff = (alias: string): string => `${alias}.is_active`;
