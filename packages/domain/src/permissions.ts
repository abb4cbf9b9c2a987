/**
 * One permission table (issues 13 and 36): what each role may do, in an organization and in a
 * provider. The server authorizes every organization and provider call with it, and the portal
 * reads it to show only the navigation a person can use and to guard each route. The spec shows
 * no permissions per screen (SPEC §2, §6); these are ours:
 * - every member sees the organization (its dashboard, profile and account);
 * - an Enrolment Admin manages users, approves requests and reads the reports;
 * - an Enrolment Admin or an Authorized Signatory buys and signs;
 * - a provider is operated by its own staff (issue 36), never by its customers' admins: every
 *   staff member sees the provider's grids and reports; its admin takes every decision; Finance
 *   prices special plans, confirms purchase orders' transfers, allocates stock and role counters
 *   and buys for L2 providers; an Approver decides L2 applications. Managing L2 providers needs
 *   an L1 provider.
 * Memberships, staff and roles are read from the database on every request, so a changed role
 * applies to the very next one.
 */
import {
  ORGANIZATION_ROLES,
  PROVIDER_ROLES,
  type OrganizationRole,
  type ProviderRole,
  type ServiceProviderLevel,
} from './organization.js';
import type { OrgRoute, ProviderRoute } from './routes.js';

/** A role a person holds in an organization or in a provider (the two never overlap). */
export type WorkspaceRole = OrganizationRole | ProviderRole;

interface Permission {
  roles: readonly WorkspaceRole[];
  /** The provider level the organization or provider must be at, when the action needs one. */
  providerLevel?: ServiceProviderLevel;
}

const ADMIN = ['enrolmentAdmin'] as const;
const BUYER = ['enrolmentAdmin', 'authorizedSignatory'] as const;
const MONEY = ['providerAdmin', 'providerFinance'] as const;

export const PERMISSIONS = {
  viewOrganization: { roles: ORGANIZATION_ROLES },
  viewAdminDashboard: { roles: ADMIN },
  manageUsers: { roles: ADMIN },
  /** The organization's profile: its logo on signatures (issue 44). */
  manageProfile: { roles: ADMIN },
  approve: { roles: ADMIN },
  readReports: { roles: ADMIN },
  buy: { roles: BUYER },
  sign: { roles: BUYER },
  viewProvider: { roles: PROVIDER_ROLES },
  viewL2Providers: { roles: PROVIDER_ROLES, providerLevel: 'L1' },
  decideL2Requests: { roles: ['providerAdmin', 'providerApprover'], providerLevel: 'L1' },
  priceSpecialPlans: { roles: MONEY, providerLevel: 'L1' },
  confirmPurchaseOrders: { roles: MONEY, providerLevel: 'L1' },
  allocateToL2Providers: { roles: MONEY, providerLevel: 'L1' },
} as const satisfies Record<string, Permission>;

export type WorkspaceAction = keyof typeof PERMISSIONS;
/** The name the organization area has always used. */
export type OrganizationAction = WorkspaceAction;

/** Whether a membership or a staff entry (the session's entry) allows an action. */
export function isAllowed(
  entry: { roles: readonly WorkspaceRole[]; sipLevel: ServiceProviderLevel | null },
  action: WorkspaceAction,
): boolean {
  const permission: Permission = PERMISSIONS[action];
  if (permission.providerLevel && entry.sipLevel !== permission.providerLevel) return false;
  return entry.roles.some((role) => permission.roles.includes(role));
}

/** Every action a role allows: the table read the other way, for the README and the tests. */
export function actionsOf(role: WorkspaceRole): WorkspaceAction[] {
  return (Object.keys(PERMISSIONS) as WorkspaceAction[]).filter((action) =>
    (PERMISSIONS[action].roles as readonly WorkspaceRole[]).includes(role),
  );
}

/** The action each provider route needs, in the active provider (the provider area's guard). */
export const PROVIDER_ROUTE_ACTIONS: Record<ProviderRoute, WorkspaceAction> = {
  '/app/provider': 'viewProvider',
  '/app/provider/approval/ltwo': 'viewL2Providers',
  '/app/provider/reports/stock': 'viewL2Providers',
  '/app/provider/buy/role/l2/counter': 'viewL2Providers',
  '/app/provider/buy/role/l2/counter/create': 'allocateToL2Providers',
  '/app/provider/buy/esign/plans/sipBuyCounter': 'allocateToL2Providers',
  '/app/provider/purchase/special/plan': 'viewL2Providers',
  '/app/provider/purchase/requests': 'viewL2Providers',
  '/app/provider/purchase/invoices': 'confirmPurchaseOrders',
  '/app/provider/paymentStatus': 'allocateToL2Providers',
};

/** The action each organization route needs (the portal's navigation and route guard). */
export const ORG_ROUTE_ACTIONS: Record<OrgRoute, OrganizationAction> = {
  '/app/org': 'viewOrganization',
  // The dashboard is the Enrolment Admin's (SPEC §2, §6); the area's index shows other members
  // their organization's profile instead (the portal's OrgArea).
  '/app/org/dashboard': 'viewAdminDashboard',
  '/app/org/manage/users': 'manageUsers',
  '/app/org/manage/users/uav': 'manageUsers',
  '/app/org/manage/users/uav/createuav': 'manageUsers',
  '/app/org/manage/users/uav/viewuav': 'manageUsers',
  '/app/org/approval/dsc': 'approve',
  '/app/org/approval/user': 'approve',
  // Moved to the provider area (PROVIDER_ROUTE_OF): the address leads there.
  '/app/org/approval/ltwo': 'viewL2Providers',
  '/app/org/buy/esign/plans': 'buy',
  '/app/org/buy/esign/plans/buycounter': 'buy',
  '/app/org/buy/esign/plans/sipBuyCounter': 'viewL2Providers',
  '/app/org/buy/role/plans': 'buy',
  '/app/org/buy/role/plans/buyOrgPlan': 'buy',
  '/app/org/buy/role/l2/counter': 'viewL2Providers',
  '/app/org/buy/role/l2/counter/create': 'viewL2Providers',
  '/app/org/esign/transactions': 'sign',
  '/app/org/purchase/special/plan': 'buy',
  '/app/org/purchase/special/plan/buyspecialplan': 'buy',
  '/app/org/purchase/requests': 'buy',
  '/app/org/purchase/invoices': 'buy',
  '/app/org/account': 'viewOrganization',
  '/app/org/orgProfile': 'viewOrganization',
  '/app/org/reports/esign': 'readReports',
  '/app/org/reports/dsc': 'readReports',
  '/app/org/reports/roles': 'readReports',
  '/app/org/reports/stock': 'viewL2Providers',
  '/app/org/paymentStatus': 'buy',
};
