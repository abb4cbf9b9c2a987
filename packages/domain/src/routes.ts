/**
 * Every route of the portal (SPEC §2), in one home: the portal's router is built from these
 * lists, and the server answers 404 for any other page address (the portal still shows its
 * not-found page, with the right status for browsers, crawlers and monitors).
 */

/** The marketing pages; "home" is served at / and /index. */
export const MARKETING_PAGES = [
  'home',
  'why-esign',
  'features',
  'use-cases',
  'individual',
  'organization',
  'digital-certificate',
] as const;
export type MarketingPageId = (typeof MARKETING_PAGES)[number];

export const PUBLIC_ROUTES = [
  '/',
  '/index',
  ...MARKETING_PAGES.filter((id) => id !== 'home').map((id) => `/${id}`),
  '/plans-pricing',
  '/puchase-plan',
  '/contact-us',
  // Ours (issue 19): the public verify page, and the signer's approval page of the eSign service.
  '/verify',
  '/esign/approve',
] as const;

/** Pre-enrolment: creating an account and verifying it, before any session. */
export const PRE_ENROLMENT_ROUTES = [
  '/paymentstatus-prelogin',
  '/verify-orgUser',
  '/verify-orgUser-details',
  '/create-account',
  '/verify-payments',
  '/after-verification',
  '/email-verification',
] as const;

export const SESSION_ROUTES = ['/auth-check', '/app/login', '/logout'] as const;

/** The individual area. */
export const MY_ROUTES = [
  '/app/my',
  '/app/my/dashboard',
  '/app/my/esign/transactions',
  '/app/my/esign/sign',
  '/app/my/envelopes',
  '/app/my/envelopes/send',
  '/app/my/envelope',
  '/app/my/esign/subscriptions',
  '/app/my/esign/buy/plans',
  '/app/my/dsc/buy',
  '/app/my/dsc/manage',
  '/app/my/account',
  '/app/my/devices',
  '/app/my/esigntransaction-status',
  '/app/my/esign/transaction/return/external',
  '/app/my/paymentStatus',
] as const;
export type MyRoute = (typeof MY_ROUTES)[number];

/** The organization area. */
export const ORG_ROUTES = [
  '/app/org',
  '/app/org/dashboard',
  '/app/org/manage/users',
  '/app/org/manage/users/uav',
  '/app/org/manage/users/uav/createuav',
  '/app/org/manage/users/uav/viewuav',
  '/app/org/approval/dsc',
  '/app/org/approval/user',
  '/app/org/approval/ltwo',
  '/app/org/buy/esign/plans',
  '/app/org/buy/esign/plans/buycounter',
  '/app/org/buy/esign/plans/sipBuyCounter',
  '/app/org/buy/role/plans',
  '/app/org/buy/role/plans/buyOrgPlan',
  '/app/org/buy/role/l2/counter',
  '/app/org/buy/role/l2/counter/create',
  '/app/org/esign/transactions',
  '/app/org/purchase/special/plan',
  '/app/org/purchase/special/plan/buyspecialplan',
  '/app/org/purchase/requests',
  // Ours (issue 38): the organization's tax invoices.
  '/app/org/purchase/invoices',
  '/app/org/account',
  '/app/org/orgProfile',
  '/app/org/reports/esign',
  '/app/org/reports/dsc',
  '/app/org/reports/roles',
  '/app/org/reports/stock',
  '/app/org/paymentStatus',
] as const;

export type OrgRoute = (typeof ORG_ROUTES)[number];

/**
 * The provider area (issue 36): a provider is its own tenant, operated by its staff. The spec put
 * an L1's screens under /app/org (its L1 was operated through an organization); they live here,
 * at the same path after the area, and each of those /app/org addresses leads here
 * (`PROVIDER_ROUTE_OF`).
 */
export const PROVIDER_ROUTES = [
  '/app/provider',
  '/app/provider/approval/ltwo',
  '/app/provider/reports/stock',
  '/app/provider/buy/role/l2/counter',
  '/app/provider/buy/role/l2/counter/create',
  '/app/provider/buy/esign/plans/sipBuyCounter',
  '/app/provider/purchase/special/plan',
  '/app/provider/purchase/requests',
  '/app/provider/purchase/invoices',
  '/app/provider/paymentStatus',
] as const;

export type ProviderRoute = (typeof PROVIDER_ROUTES)[number];

/** The spec's /app/org addresses of a provider's screens, and where each now is. */
export const PROVIDER_ROUTE_OF: Partial<Record<OrgRoute, ProviderRoute>> = {
  '/app/org/approval/ltwo': '/app/provider/approval/ltwo',
  '/app/org/reports/stock': '/app/provider/reports/stock',
  '/app/org/buy/role/l2/counter': '/app/provider/buy/role/l2/counter',
  '/app/org/buy/role/l2/counter/create': '/app/provider/buy/role/l2/counter/create',
  '/app/org/buy/esign/plans/sipBuyCounter': '/app/provider/buy/esign/plans/sipBuyCounter',
};

const ALL_ROUTES: ReadonlySet<string> = new Set<string>([
  ...PUBLIC_ROUTES,
  ...PRE_ENROLMENT_ROUTES,
  ...SESSION_ROUTES,
  ...MY_ROUTES,
  ...ORG_ROUTES,
  ...PROVIDER_ROUTES,
]);

/**
 * Whether a page address is one of the portal's routes. Paths match exactly, as the router
 * matches them (no trailing slash); the query does not count.
 */
export function isPortalRoute(path: string): boolean {
  return ALL_ROUTES.has(path.replace(/[?#].*$/s, ''));
}
