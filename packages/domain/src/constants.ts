/**
 * Every business constant of the specification, each with one home and a name (SPEC §9).
 * Code elsewhere names these; a literal 10, 408 or 'i18nextLng' outside this file is a bug.
 */

/** Default page size of every grid (SPEC §9). */
export const DEFAULT_PAGE_SIZE = 10;

/**
 * The idle-time constant (SPEC §9: "Idle-time constant: 30. Its unit is not shown").
 * Decision: minutes. It is the default of the configured inactivity limit (SPEC §4) and matches
 * the server's 30-minute idle limit on a session (SECURITY.md), so client and server agree.
 */
export const IDLE_TIME_MINUTES = 30;

/** How often the client checks for inactivity (SPEC §4, §9). */
export const INACTIVITY_CHECK_INTERVAL_MS = 3000;

/**
 * Local-storage keys (SPEC §3, §9). The spec names what is stored, not the exact key text, except
 * `i18nextLng` and a theme key ending in `ui-theme`; the rest are ours, spelt in the spec's style.
 */
export const STORAGE_KEYS = {
  /** The rotating refresh token of the session (SPEC §3). */
  refreshToken: 'refreshToken',
  /** The visitor hash sent as X-DEVICE-ID (SPEC §3). */
  deviceId: 'deviceId',
  /**
   * The active organization entry as JSON ({slno, sipSlNo, organizationUserSlno, userName}), so the
   * header can show it while the session is being restored.
   */
  selectedOrganization: 'selectedOrganization',
  /** The captcha client key fetched at start (SPEC §7 reference data). */
  clientKey: 'clientKey',
  /** The id (slno) of the active organization, persisted when the user switches (SPEC §4). */
  selectedOrg: 'selectedOrg',
  /** Ours (issue 36): the sip slno of the active provider of the provider area, like selectedOrg. */
  selectedProvider: 'selectedProvider',
  /** The language, cached by detection (SPEC §4, §9). */
  language: 'i18nextLng',
  /** The theme choice (SPEC §9: a key ending in `ui-theme`). */
  theme: 'tawqi-ui-theme',
  /** Epoch milliseconds of the last activity (SPEC §4: "a last-activity time is stored"). */
  lastActivity: 'lastActivity',
  /**
   * The secret of the pre-enrolment application this browser is filling in (ours, issue 17): it
   * is sent only to that application's calls, as the application-token header.
   */
  applicationToken: 'applicationToken',
  /** What the applicant has typed and not yet saved, so a reload loses nothing (ours). */
  applicationDraft: 'applicationDraft',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Header names every call carries (SPEC §7). The last-activity header name is ours. */
export const REQUEST_HEADERS = {
  deviceId: 'X-DEVICE-ID',
  language: 'Accept-Language',
  lastActivity: 'X-LAST-ACTIVITY',
  /** Ours: the pre-enrolment application a call acts on (issue 17). */
  applicationToken: 'X-APPLICATION-TOKEN',
} as const;

/** Export file names, all .xlsx (SPEC §9), keyed by the report they belong to. */
export const EXPORT_FILE_NAMES = {
  manageOrganizationUsers: 'ManageOrganizationUsers.xlsx',
  organizationUserNewRequest: 'OrganizationUserNewRequest.xlsx',
  esignCounterDeductionSummary: 'eSign_Counter_Deduction_Summary.xlsx',
  esignRoleCounterDeductionSummary: 'ESign_Role_Counter_Deduction_Summary_Report.xlsx',
  counterPurchasedPlan: 'Counter_Purchased_Plan.xlsx',
  organizationRolePlans: 'Organization_Role_Plans.xlsx',
  specialPlan: 'Special_Plan.xlsx',
  purchaseOrderRequest: 'Purchase_Order_Request.xlsx',
  esignTransactions: 'ESign_Transactions.xlsx',
  l2StockAllocationReports: 'L2_Stock_Allocation_Reports.xlsx',
  l2OrganizationRolePlanAllocationReports: 'L2_Organization_Role_Plan_Allocation_Reports.xlsx',
} as const;

/**
 * The change requests' export (SPEC §2: each approval list has an export), whose file SPEC §9 does
 * not name: named after the new-user requests' file.
 */
export const CHANGE_REQUESTS_FILE_NAME = 'OrganizationUserChangeRequest.xlsx';
export type ExportName = keyof typeof EXPORT_FILE_NAMES;

/** Toast variants and behaviour (SPEC §8, §9). */
export const TOAST_VARIANTS = ['info', 'success', 'warning', 'error'] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];
export const TOAST_SETTINGS = {
  maxVisible: 3,
  timeoutMs: 4000,
  /** Bottom-right in left-to-right, bottom-left in right-to-left: the bottom inline-end corner. */
  placement: { ltr: 'bottom-right', rtl: 'bottom-left' },
} as const;

/** Spinner sizes (SPEC §9): medium by default, shown by default. */
export const SPINNER_SIZES = ['small', 'medium', 'large'] as const;
export type SpinnerSize = (typeof SPINNER_SIZES)[number];
export const SPINNER_DEFAULTS = { size: 'medium', shown: true } as const satisfies {
  size: SpinnerSize;
  shown: boolean;
};

/** Default ids (SPEC §9). */
export const DEFAULT_IDS = {
  /** Default L2 stock allocation l1SipId. */
  l2StockAllocationL1SipId: 408,
  /** Default manage organization unit orgSlNo. */
  manageOrganizationUnitOrgSlNo: 314,
} as const;

/**
 * Query defaults (SPEC §9): "Search types default to 3 or 0. The request type default is 0."
 * Which grid uses 3 and which 0 is not shown; the api contract names the one each call sends.
 */
export const SEARCH_TYPE_DEFAULTS = { byCriteria: 3, none: 0 } as const;
export const REQUEST_TYPE_DEFAULT = 0;

/**
 * "Dashboard type, display value and user type 3 are used in several queries" (SPEC §9). Which
 * queries is not shown; ours: the one dashboard call whose payload the spec leaves open (the
 * individual dashboard, @tawqi/api myDashboard) sends all three. The organization and provider
 * dashboards name their tenant instead, so nothing else sends them.
 */
export const QUERY_CONSTANTS = { dashboardType: 3, displayValue: 3, userType: 3 } as const;

/** The approval request language (SPEC §9). */
export const APPROVAL_REQUEST_LANGUAGE = 'en';

/**
 * The document configuration id (SPEC §9). No call or field of the spec carries it and what it
 * configures is not shown; ours: the rules a supporting document must meet are declared in
 * documents.ts (types, size, count, name) and in each upload call's contract, so nothing sends
 * this id. It stays named here for an integration with a backend that asks for it (a written
 * decision in the server README).
 */
export const DOCUMENT_CONFIGURATION_ID = 7;

/** Client routes the rules refer to (SPEC §2). */
export const ROUTES = {
  authCheck: '/auth-check',
  login: '/app/login',
  logout: '/logout',
  individualDashboard: '/app/my/dashboard',
  organizationDashboard: '/app/org/dashboard',
  /** Where organizations and providers apply (SPEC §2 pre-enrolment). */
  createAccount: '/create-account',
} as const;
