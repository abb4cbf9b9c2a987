/**
 * Status vocabularies (SPEC §4, "Status vocabularies"): one const list and one type for each row
 * of the table, the new-UAV numeric codes, the tone of every status, and each grid's default
 * status filter.
 */
import {
  CERTIFICATE_REVIEW_STATUSES,
  CERTIFICATE_STATES,
  type CertificateRequestStatus,
  type CertificateState,
} from './certificates.js';
import type { Language } from './settings.js';

/** Organization-user status filter. */
export const ORG_USER_STATUSES = [
  'Initiated',
  'Pending',
  'Approved',
  'Rejected',
  'UserRejected',
  'Deactivated',
] as const;
export type OrgUserStatus = (typeof ORG_USER_STATUSES)[number];

/** Organization-user active filter. */
export const ORG_USER_ACTIVE_STATES = ['Active', 'Inactive'] as const;
export type OrgUserActiveState = (typeof ORG_USER_ACTIVE_STATES)[number];

/** New UAV (create user) request, in the order of its numeric codes 0–4. */
export const UAV_REQUEST_STATUSES = [
  'Initiated',
  'Pending',
  'Approved',
  'Rejected',
  'Cancelled',
] as const;
export type UavRequestStatus = (typeof UAV_REQUEST_STATUSES)[number];
export const UAV_REQUEST_STATUS_CODES = {
  Initiated: 0,
  Pending: 1,
  Approved: 2,
  Rejected: 3,
  Cancelled: 4,
} as const satisfies Record<UavRequestStatus, number>;
export type UavRequestStatusCode = (typeof UAV_REQUEST_STATUS_CODES)[UavRequestStatus];

/** The UAV status of a numeric code from the server, or undefined for a code the spec lacks. */
export function uavRequestStatusOf(code: number): UavRequestStatus | undefined {
  return Number.isInteger(code) ? UAV_REQUEST_STATUSES[code] : undefined;
}

/** New-user approvals. */
export const NEW_USER_APPROVAL_STATUSES = [
  'Pending',
  'Approved',
  'Rejected',
  'UserRejected',
] as const;
export type NewUserApprovalStatus = (typeof NEW_USER_APPROVAL_STATUSES)[number];

/** Change requests and L2 requests share one vocabulary. */
export const REVIEW_REQUEST_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type ReviewRequestStatus = (typeof REVIEW_REQUEST_STATUSES)[number];
export type ChangeRequestStatus = ReviewRequestStatus;
export type L2RequestStatus = ReviewRequestStatus;

/** Counter and role plan purchases. */
export const PLAN_PURCHASE_STATUSES = ['success', 'failure'] as const;
export type PlanPurchaseStatus = (typeof PLAN_PURCHASE_STATUSES)[number];

/** Special plan purchases. */
export const SPECIAL_PLAN_STATUSES = [
  'pendingForApproval',
  'approved',
  'rejected',
  'paymentSuccess',
  'paymentFailure',
] as const;
export type SpecialPlanStatus = (typeof SPECIAL_PLAN_STATUSES)[number];

/** Purchase orders: the special-plan values plus pending and paymentInitiated. */
export const PURCHASE_ORDER_STATUSES = [
  ...SPECIAL_PLAN_STATUSES,
  'pending',
  'paymentInitiated',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** eSign transactions. */
export const ESIGN_TRANSACTION_STATUSES = ['success', 'failed', 'pending'] as const;
export type EsignTransactionStatus = (typeof ESIGN_TRANSACTION_STATUSES)[number];

/**
 * A plan of the individual area (ours: the spec gives plans only a statusLabel; the badge needs
 * the word behind it): in force, used up, or past its validity.
 */
export const PLAN_STATES = ['active', 'usedUp', 'expired'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/**
 * A payment of the individual area's payment history (ours, as the gateway reports it): started,
 * waiting for the gateway, paid, or failed.
 */
/**
 * A payment attempt: open (`initiated`, `pending`), paid (`success`), declined (`failure`),
 * `cancelled` (superseded by a newer attempt of the same order, or closed at the gateway), or
 * `refunded` (a second capture for an order already paid, given back). Ours: the spec shows none.
 */
export const PAYMENT_STATUSES = [
  'initiated',
  'pending',
  'success',
  'failure',
  'cancelled',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Every status word of every vocabulary. */
export type Status =
  | OrgUserStatus
  | OrgUserActiveState
  | UavRequestStatus
  | NewUserApprovalStatus
  | ReviewRequestStatus
  | PlanPurchaseStatus
  | SpecialPlanStatus
  | PurchaseOrderStatus
  | EsignTransactionStatus
  | PlanState
  | PaymentStatus
  | CertificateRequestStatus
  | CertificateState;

/** The visual tone a status badge takes; the label is always shown too, never colour alone. */
export const TONES = ['neutral', 'info', 'success', 'warning', 'danger'] as const;
export type Tone = (typeof TONES)[number];

/**
 * The tone of every status. `satisfies Record<Status, Tone>` makes a status without a tone a
 * compile error. One word has one tone in every vocabulary it appears in.
 */
export const STATUS_TONES = {
  Initiated: 'info',
  Pending: 'warning',
  Approved: 'success',
  Rejected: 'danger',
  UserRejected: 'danger',
  Deactivated: 'neutral',
  Active: 'success',
  Inactive: 'neutral',
  Cancelled: 'neutral',
  success: 'success',
  failure: 'danger',
  pendingForApproval: 'warning',
  approved: 'success',
  rejected: 'danger',
  paymentSuccess: 'success',
  paymentFailure: 'danger',
  pending: 'warning',
  paymentInitiated: 'info',
  failed: 'danger',
  active: 'success',
  usedUp: 'neutral',
  expired: 'neutral',
  initiated: 'info',
  cancelled: 'neutral',
  refunded: 'neutral',
  keyPending: 'info',
  approvalPending: 'warning',
  confirmationPending: 'warning',
  issued: 'success',
  valid: 'success',
  revoked: 'danger',
} as const satisfies Record<Status, Tone>;

/** The tone of a status word from the server; a word the spec lacks is neutral. */
export function toneOf(status: string): Tone {
  return isKnownStatus(status) ? STATUS_TONES[status] : 'neutral';
}

function isKnownStatus(status: string): status is Status {
  return Object.hasOwn(STATUS_TONES, status);
}

/**
 * The words of every status, in both languages (GLOSSARY.md "Statuses"): the one catalogue the
 * server writes `statusLabel` and export cells from and the portal shows badges and filter choices
 * from, so a status reads the same on a screen, in a file and in every grid. A status without both
 * words is a compile error.
 */
export const STATUS_WORDS = {
  Initiated: { en: 'Initiated', ar: 'تم البدء' },
  Pending: { en: 'Pending', ar: 'قيد الانتظار' },
  Approved: { en: 'Approved', ar: 'معتمد' },
  Rejected: { en: 'Rejected', ar: 'مرفوض' },
  UserRejected: { en: 'Rejected by user', ar: 'رفضه المستخدم' },
  Deactivated: { en: 'Deactivated', ar: 'معطّل' },
  Active: { en: 'Active', ar: 'نشط' },
  Inactive: { en: 'Inactive', ar: 'غير نشط' },
  Cancelled: { en: 'Cancelled', ar: 'ملغى' },
  success: { en: 'Success', ar: 'ناجحة' },
  failure: { en: 'Payment failure', ar: 'فشل الدفع' },
  pendingForApproval: { en: 'Pending for approval', ar: 'بانتظار الموافقة' },
  approved: { en: 'Approved', ar: 'معتمد' },
  rejected: { en: 'Rejected', ar: 'مرفوض' },
  paymentSuccess: { en: 'Payment success', ar: 'تم الدفع' },
  paymentFailure: { en: 'Payment failure', ar: 'فشل الدفع' },
  pending: { en: 'Pending', ar: 'قيد الانتظار' },
  paymentInitiated: { en: 'Payment initiated', ar: 'تم بدء الدفع' },
  failed: { en: 'Failed', ar: 'فاشلة' },
  active: { en: 'Active', ar: 'نشطة' },
  usedUp: { en: 'Used up', ar: 'مستنفدة' },
  expired: { en: 'Expired', ar: 'منتهية' },
  initiated: { en: 'Payment initiated', ar: 'تم بدء الدفع' },
  cancelled: { en: 'Cancelled', ar: 'ملغى' },
  refunded: { en: 'Refunded', ar: 'مُسترد' },
  keyPending: { en: 'Waiting for your key', ar: 'بانتظار إنشاء المفتاح' },
  approvalPending: { en: 'Waiting for approval', ar: 'بانتظار الموافقة' },
  confirmationPending: { en: 'Waiting for your confirmation', ar: 'بانتظار تأكيدك' },
  issued: { en: 'Issued', ar: 'صادر' },
  valid: { en: 'Valid', ar: 'ساري' },
  // Revocation is «إبطال», not the glossary's «ملغى» of a cancelled payment or user: two states.
  revoked: { en: 'Revoked', ar: 'مُبطَل' },
} as const satisfies Record<Status, Record<Language, string>>;

/** A status in words; a word the spec lacks is shown as it came. */
export function statusWord(status: string, language: Language): string {
  return isKnownStatus(status) ? STATUS_WORDS[status][language] : status;
}

/**
 * Every status-filtered grid of the spec, with its vocabulary and its default filter (SPEC §4:
 * "The default grid status filter for most grids is all statuses. The new-user approvals, change
 * requests and L2 approvals grids start on Approved or Pending.").
 */
export const GRID_STATUS_FILTERS = {
  organizationUsers: { statuses: ORG_USER_STATUSES, defaultFilter: ORG_USER_STATUSES },
  uavRequests: { statuses: UAV_REQUEST_STATUSES, defaultFilter: UAV_REQUEST_STATUSES },
  newUserApprovals: {
    statuses: NEW_USER_APPROVAL_STATUSES,
    defaultFilter: ['Approved', 'Pending'],
  },
  changeRequests: { statuses: REVIEW_REQUEST_STATUSES, defaultFilter: ['Approved', 'Pending'] },
  l2Approvals: { statuses: REVIEW_REQUEST_STATUSES, defaultFilter: ['Approved', 'Pending'] },
  counterPurchases: { statuses: PLAN_PURCHASE_STATUSES, defaultFilter: PLAN_PURCHASE_STATUSES },
  rolePlanPurchases: { statuses: PLAN_PURCHASE_STATUSES, defaultFilter: PLAN_PURCHASE_STATUSES },
  specialPlans: { statuses: SPECIAL_PLAN_STATUSES, defaultFilter: SPECIAL_PLAN_STATUSES },
  purchaseOrders: { statuses: PURCHASE_ORDER_STATUSES, defaultFilter: PURCHASE_ORDER_STATUSES },
  esignTransactions: {
    statuses: ESIGN_TRANSACTION_STATUSES,
    defaultFilter: ESIGN_TRANSACTION_STATUSES,
  },
  /** The eSign counter deduction summary: an organization's plans by their state. */
  esignDeductions: { statuses: PLAN_STATES, defaultFilter: PLAN_STATES },
  /** Members' certificate requests: the ones still open first (issue 18). */
  certificateApprovals: {
    statuses: CERTIFICATE_REVIEW_STATUSES,
    defaultFilter: ['approvalPending', 'confirmationPending'],
  },
  /** The organization's certificates by their state (issue 18). */
  dscReport: { statuses: CERTIFICATE_STATES, defaultFilter: CERTIFICATE_STATES },
} as const satisfies Record<
  string,
  { statuses: readonly Status[]; defaultFilter: readonly Status[] }
>;
export type StatusFilteredGrid = keyof typeof GRID_STATUS_FILTERS;

/** The statuses a grid's filter starts on. */
export function defaultStatusFilter<G extends StatusFilteredGrid>(
  grid: G,
): (typeof GRID_STATUS_FILTERS)[G]['defaultFilter'] {
  return GRID_STATUS_FILTERS[grid].defaultFilter;
}
