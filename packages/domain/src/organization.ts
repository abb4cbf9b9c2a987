/**
 * Organizations, roles and service-provider levels (SPEC §1, §3, §6).
 */

/** Organization roles (SPEC §1, §6), in the spec's order. */
export const ORGANIZATION_ROLES = [
  'enrolmentAdmin',
  'authorizedSignatory',
  'organizationUser',
  'applicationSponsor',
  'technicalContact',
] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/**
 * A provider's staff roles (issue 36): an L1 or L2 provider is operated by its own staff, never by
 * its customers' admins. An admin takes every provider decision; Finance prices, confirms
 * payments, allocates and buys for L2 providers; an Approver decides L2 applications.
 */
export const PROVIDER_ROLES = ['providerAdmin', 'providerFinance', 'providerApprover'] as const;
export type ProviderRole = (typeof PROVIDER_ROLES)[number];

/**
 * What an order buys (the orders table's category): a person's plan, an organization's counters,
 * role seats or special plan, a provider's registration fee, a person's certificate.
 */
export const ORDER_CATEGORIES = [
  'plan',
  'counter',
  'role',
  'special',
  'registration',
  'certificate',
] as const;
export type OrderCategory = (typeof ORDER_CATEGORIES)[number];

/** The three roles that consume role counters (SPEC §3: role deduction summary). */
export const COUNTED_ROLES = ['enrolmentAdmin', 'authorizedSignatory', 'organizationUser'] as const;
export type CountedRole = (typeof COUNTED_ROLES)[number];

/** What a special plan asks an L1 provider for: eSign counters, or seats of one counted role. */
export const SPECIAL_PLAN_TYPES = ['esign', ...COUNTED_ROLES] as const;
export type SpecialPlanType = (typeof SPECIAL_PLAN_TYPES)[number];

/**
 * What a member's change request may change (SPEC §3 "Change request": changeType): an Enrolment
 * Admin asks, another approves. A role or the active state changes at once (ours).
 */
export const MEMBER_CHANGE_FIELDS = ['email', 'mobile', 'unit'] as const;
export type MemberChangeField = (typeof MEMBER_CHANGE_FIELDS)[number];

/** Service-provider levels (SPEC §6): an L1 provider approves and allocates to L2 providers. */
export const SERVICE_PROVIDER_LEVELS = ['L1', 'L2'] as const;
export type ServiceProviderLevel = (typeof SERVICE_PROVIDER_LEVELS)[number];

/** An entry of the signed-in user's organization list (SPEC §3, "Authenticated user"). */
export interface OrganizationEntry {
  slno: number;
  sipSlNo: number;
  organizationUserSlno: number;
  userName: string;
}

/** The organization type whose queries use the organization's own slno (SPEC §6). */
export const ORGANIZATION_TYPE_USING_ORG_SLNO = 1;

/**
 * The id an organization's queries are made with (SPEC §6): "Type 1 uses the organization slno.
 * Otherwise the service-provider slno is used."
 *
 * The tenancy rule (issue 13, ours): a query id is only a way of naming an organization, never a
 * key for data. Several organizations can share one (two of other types under one provider, or a
 * type 1 organization whose slno equals a provider's), so the server resolves a query id against
 * the caller's own memberships: it must match exactly one organization the caller is an active
 * member of. None is refused as forbidden; several is refused as a conflict (the caller names
 * the organization instead), never merged. Everything after that is selected by the resolved
 * organization's slno, so organizations that share a query id never see each other's data. The
 * database keeps the same rule in the generated column `organizations.query_id` (migration 005),
 * and a test holds the two equal.
 */
export function queryIdOf(organization: {
  organizationType: number;
  slno: number;
  sipSlNo: number;
}): number {
  return organization.organizationType === ORGANIZATION_TYPE_USING_ORG_SLNO
    ? organization.slno
    : organization.sipSlNo;
}

/**
 * The organization to make active after sign-in: the persisted one when it is still in the
 * user's list (a removed membership must not stay selected), else the first, else none.
 * The spec says switching persists the id (SPEC §4); what happens on the next sign-in is ours.
 */
export function activeOrganizationAfterSignIn<T extends OrganizationEntry>(
  organizations: readonly T[],
  persistedSlno: number | null,
): T | null {
  return (
    organizations.find((organization) => organization.slno === persistedSlno) ??
    organizations[0] ??
    null
  );
}

/**
 * Switching organization (SPEC §4): the chosen one becomes active and its id is persisted.
 * Only an organization of the user's own list can be chosen; anything else is refused here, and
 * the server checks membership again on every call.
 */
export function switchOrganization<T extends OrganizationEntry>(
  organizations: readonly T[],
  slno: number,
): { ok: true; active: T; persist: number } | { ok: false } {
  const active = organizations.find((organization) => organization.slno === slno);
  return active ? { ok: true, active, persist: active.slno } : { ok: false };
}
