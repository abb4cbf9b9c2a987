/**
 * One permission table (issue 13): what each organization role may do. The server authorizes
 * every organization call with it, and the portal reads it to show only the navigation a person
 * can use and to guard each organization route. The spec shows no permissions per screen (SPEC
 * §2, §6); these are ours:
 * - every member sees the organization (its dashboard, profile and account);
 * - an Enrolment Admin manages users, approves requests and reads the reports;
 * - an Enrolment Admin or an Authorized Signatory buys and signs;
 * - managing L2 providers (approval, allocation, their counters and stock) needs an Enrolment
 *   Admin of an organization of an L1 provider.
 * Membership and roles are read from the database on every request, so a changed role applies to
 * the very next one.
 */
import {
  ORGANIZATION_ROLES,
  type OrganizationRole,
  type ServiceProviderLevel,
} from './organization.js';
import type { OrgRoute } from './routes.js';

interface Permission {
  roles: readonly OrganizationRole[];
  /** The provider level the organization must be at, when the action needs one. */
  providerLevel?: ServiceProviderLevel;
}

const ADMIN = ['enrolmentAdmin'] as const;
const BUYER = ['enrolmentAdmin', 'authorizedSignatory'] as const;

export const PERMISSIONS = {
  viewOrganization: { roles: ORGANIZATION_ROLES },
  viewAdminDashboard: { roles: ADMIN },
  manageUsers: { roles: ADMIN },
  approve: { roles: ADMIN },
  readReports: { roles: ADMIN },
  buy: { roles: BUYER },
  sign: { roles: BUYER },
  manageL2Providers: { roles: ADMIN, providerLevel: 'L1' },
} as const satisfies Record<string, Permission>;

export type OrganizationAction = keyof typeof PERMISSIONS;

/** Whether a membership (the session's organization entry) allows an action. */
export function isAllowed(
  membership: { roles: readonly OrganizationRole[]; sipLevel: ServiceProviderLevel | null },
  action: OrganizationAction,
): boolean {
  const permission: Permission = PERMISSIONS[action];
  if (permission.providerLevel && membership.sipLevel !== permission.providerLevel) return false;
  return membership.roles.some((role) => permission.roles.includes(role));
}

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
  '/app/org/approval/ltwo': 'manageL2Providers',
  '/app/org/buy/esign/plans': 'buy',
  '/app/org/buy/esign/plans/buycounter': 'buy',
  '/app/org/buy/esign/plans/sipBuyCounter': 'manageL2Providers',
  '/app/org/buy/role/plans': 'buy',
  '/app/org/buy/role/plans/buyOrgPlan': 'buy',
  '/app/org/buy/role/l2/counter': 'manageL2Providers',
  '/app/org/buy/role/l2/counter/create': 'manageL2Providers',
  '/app/org/esign/transactions': 'sign',
  '/app/org/purchase/special/plan': 'buy',
  '/app/org/purchase/special/plan/buyspecialplan': 'buy',
  '/app/org/purchase/requests': 'buy',
  '/app/org/account': 'viewOrganization',
  '/app/org/orgProfile': 'viewOrganization',
  '/app/org/reports/esign': 'readReports',
  '/app/org/reports/dsc': 'readReports',
  '/app/org/reports/roles': 'readReports',
  '/app/org/reports/stock': 'manageL2Providers',
  '/app/org/paymentStatus': 'buy',
};
