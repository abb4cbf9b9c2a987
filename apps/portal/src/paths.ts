/** The individual area's paths (SPEC §2, under /app/my), named once for links and routes. */
import type { MyRoute, OrgRoute, ProviderRoute } from '@tawqi/domain';

export const MY_PATHS = {
  dashboard: '/app/my/dashboard',
  subscriptions: '/app/my/esign/subscriptions',
  buyPlans: '/app/my/esign/buy/plans',
  buyCertificate: '/app/my/dsc/buy',
  certificates: '/app/my/dsc/manage',
  transactions: '/app/my/esign/transactions',
  signOwn: '/app/my/esign/sign',
  envelopes: '/app/my/envelopes',
  sendEnvelope: '/app/my/envelopes/send',
  envelope: '/app/my/envelope',
  transactionStatus: '/app/my/esigntransaction-status',
  externalReturn: '/app/my/esign/transaction/return/external',
  account: '/app/my/account',
  devices: '/app/my/devices',
  paymentStatus: '/app/my/paymentStatus',
} as const satisfies Record<string, MyRoute>;

/** Where a transaction's outcome is shown. */
export function transactionStatusPath(transactionID: string): string {
  return `${MY_PATHS.transactionStatus}?transactionID=${encodeURIComponent(transactionID)}`;
}

/** One envelope: where it stands, and signing or declining it when it is my turn. */
export function envelopePath(envelopeID: string): string {
  return `${MY_PATHS.envelope}?id=${encodeURIComponent(envelopeID)}`;
}

/** Buy eSign plan with one plan's dialog open (from the public pricing page). */
export function buyPlanPath(productPricingDetailsSlno: number): string {
  return `${MY_PATHS.buyPlans}?plan=${String(productPricingDetailsSlno)}`;
}

/** The organization area's paths that screens link to (SPEC §2, under /app/org). */
export const ORG_PATHS = {
  index: '/app/org',
  dashboard: '/app/org/dashboard',
  profile: '/app/org/orgProfile',
  account: '/app/org/account',
  approvals: '/app/org/approval/user',
  certificateApprovals: '/app/org/approval/dsc',
  manageUsers: '/app/org/manage/users',
  newUsers: '/app/org/manage/users/uav',
  createNewUser: '/app/org/manage/users/uav/createuav',
  viewNewUser: '/app/org/manage/users/uav/viewuav',
  transactions: '/app/org/esign/transactions',
  esignReport: '/app/org/reports/esign',
  rolesReport: '/app/org/reports/roles',
  dscReport: '/app/org/reports/dsc',
  counterPurchases: '/app/org/buy/esign/plans',
  buyCounters: '/app/org/buy/esign/plans/buycounter',
  rolePurchases: '/app/org/buy/role/plans',
  buyRoleSeats: '/app/org/buy/role/plans/buyOrgPlan',
  paymentStatus: '/app/org/paymentStatus',
  specialPlans: '/app/org/purchase/special/plan',
  requestSpecialPlan: '/app/org/purchase/special/plan/buyspecialplan',
  purchaseOrders: '/app/org/purchase/requests',
  invoices: '/app/org/purchase/invoices',
} as const satisfies Record<string, OrgRoute>;

/** The provider area's paths (issue 36): a provider's staff operate it, under /app/provider. */
export const PROVIDER_PATHS = {
  index: '/app/provider',
  l2Approvals: '/app/provider/approval/ltwo',
  stockReport: '/app/provider/reports/stock',
  roleAllocations: '/app/provider/buy/role/l2/counter',
  allocateRoles: '/app/provider/buy/role/l2/counter/create',
  buyForL2: '/app/provider/buy/esign/plans/sipBuyCounter',
  specialPlans: '/app/provider/purchase/special/plan',
  purchaseOrders: '/app/provider/purchase/requests',
  invoices: '/app/provider/purchase/invoices',
  paymentStatus: '/app/provider/paymentStatus',
} as const satisfies Record<string, ProviderRoute>;

/** One new-user (UAV) request's page. */
export function newUserRequestPath(id: number): string {
  return `${ORG_PATHS.viewNewUser}?id=${String(id)}`;
}
