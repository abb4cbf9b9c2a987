/**
 * Wire schemas shared by the calls: scalars, pages, answers, and every entity of SPEC §3 with the
 * spec's field names.
 *
 * Conventions (ours where the spec shows no shape, in its style):
 * - Requests are strict objects: an unknown field is refused (SECURITY.md). Responses are plain
 *   objects: parsing drops any field the schema does not declare, so only declared fields leave
 *   the server and reach a screen.
 * - Ids are positive integers named `…Slno`/`…SlNo` as the spec spells each; "encoded" ids are
 *   opaque strings.
 * - Instants are ISO-8601 UTC date-times; calendar dates (plan validity, filters) are ISO dates.
 * - Money is SAR as a JSON number with at most two decimals; inside, the domain uses halalas.
 * - A page is `{ dataList, totalCount }`; a yes/no answer is `{ status, errorMessage }`.
 */
import {
  APPLICATION_KINDS,
  APPROVAL_REQUEST_LANGUAGE,
  COUNTED_ROLES,
  ESIGN_TRANSACTION_STATUSES,
  LANGUAGES,
  NEW_USER_APPROVAL_STATUSES,
  MEMBER_CHANGE_FIELDS,
  ORDER_CATEGORIES,
  ORGANIZATION_ROLES,
  PROVIDER_ROLES,
  ORG_USER_ACTIVE_STATES,
  ORG_USER_STATUSES,
  PAYMENT_STATUSES,
  PLAN_PURCHASE_STATUSES,
  PLAN_STATES,
  PURCHASE_ORDER_STATUSES,
  REVIEW_REQUEST_STATUSES,
  SERVICE_PROVIDER_LEVELS,
  SPECIAL_PLAN_STATUSES,
  SPECIAL_PLAN_TYPES,
  UAV_REQUEST_STATUS_CODES,
  isValidNationalId,
  normalizeSaudiMobile,
  toHalalas,
} from '@tawqi/domain';
import { z } from 'zod';

// ── Scalars ──────────────────────────────────────────────────────────────────────────────────

export const slno = z.int().positive().max(2_147_483_647);
export const count = z.int().nonnegative();
export const isoDateTime = z.iso.datetime({ offset: true });
export const isoDate = z.iso.date();
export const encodedId = z.string().min(1).max(200).meta({ description: 'An opaque encoded id' });
export const text = (max = 500) => z.string().max(max);
export const requiredText = (max = 500) => z.string().trim().min(1).max(max);
/** SAR with at most two decimals: exactly the amounts the domain reads as halalas. */
export const sar = z
  .number()
  .refine(isSarAmount, { message: 'not an amount in SAR with at most two decimals' })
  .meta({ description: 'Amount in SAR, at most two decimals', minimum: 0 });

function isSarAmount(value: number): boolean {
  try {
    toHalalas(value);
    return true;
  } catch {
    return false;
  }
}
export const flag = z.union([z.literal(0), z.literal(1)]).meta({ description: '1 or 0 (SPEC §5)' });
export const language = z.enum(LANGUAGES);
export const providerLevel = z.enum(SERVICE_PROVIDER_LEVELS);

export const nationalId = z
  .string()
  .refine(isValidNationalId, { message: 'not a valid national id' })
  .meta({ description: 'Saudi national id (1…) or resident id (2…): 10 digits, Luhn check digit' });
export const mobile = z
  .string()
  .refine((value) => normalizeSaudiMobile(value) !== null, { message: 'not a Saudi mobile number' })
  .meta({ description: 'Saudi mobile, e.g. 0551234567 or +966551234567' });
export const email = z.email().max(254);
export const maskedNationalId = z.string().regex(/^\*{6}\d{4}$/);

// ── Answers and pages ────────────────────────────────────────────────────────────────────────

/** The spec's yes/no answer (SPEC §4: "0" failure, "1" accepted, "3" waiting). */
export const statusAnswer = z.object({
  status: z.string(),
  errorMessage: z.string().nullable(),
});

/**
 * What a provider's decision answers (issue 36): `awaitingSecondStaff` is true when the decision is
 * above the configured amount and was recorded for a second staff member to confirm (four eyes);
 * false when it took effect.
 */
export const decisionAnswer = statusAnswer.extend({ awaitingSecondStaff: z.boolean() });

/** A page of rows: `dataList` and `totalCount` (SPEC §7 payment history and grids). */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ dataList: z.array(row), totalCount: count });
}

/** A list with no paging. */
export function listOf<T extends z.ZodType>(row: T) {
  return z.object({ dataList: z.array(row) });
}

/**
 * The page fields of a grid request body (SPEC §7 manage users: pageNumber, pageSize); the
 * endpoint's `pageBase` sets where pageNumber starts (`defineEndpoint`).
 */
export const pageRequest = {
  pageNumber: z.int().nonnegative().max(1_000_000),
  pageSize: z.int().min(1).max(500),
};

/** The date and text fields of a filter bar (SPEC §5). */
export const filterRequest = {
  fromDate: isoDate.nullable().optional(),
  toDate: isoDate.nullable().optional(),
  search: text(200).optional(),
};

/** Path parameters of the `{page}/{size}` calls. */
export const pagePathParams = z.strictObject({
  page: z.coerce.number().pipe(z.int().min(1).max(1_000_000)),
  size: z.coerce.number().pipe(z.int().min(1).max(500)),
});

// ── Session (SPEC §3 "Authenticated user") ───────────────────────────────────────────────────

export const organizationEntry = z.object({
  slno,
  sipSlNo: slno,
  organizationUserSlno: slno,
  userName: z.string(),
  /** Ours: the screens show the organization's name and pick the query id by type (SPEC §6). */
  organizationName: z.string(),
  organizationNameArabic: z.string(),
  organizationType: z.int(),
  roles: z.array(z.enum(ORGANIZATION_ROLES)),
  sipLevel: providerLevel.nullable(),
});

/**
 * Ours (issue 36): a provider the signed-in person is on the staff of, with their provider roles.
 * The portal's provider area acts in it, switched to like an organization.
 */
export const providerEntry = z.object({
  sipSlNo: slno,
  providerName: z.string(),
  providerNameArabic: z.string(),
  roles: z.array(z.enum(PROVIDER_ROLES)),
  sipLevel: providerLevel,
});

/** What a successful login, enrolment or refresh answers: the session data with a token. */
export const sessionData = z.object({
  token: z.string(),
  refreshToken: z.string(),
  organizationList: z.array(organizationEntry),
  selectedOrganization: organizationEntry.nullable(),
  /** Ours (issue 36): the providers the person is on the staff of. */
  providerList: z.array(providerEntry),
  /** Ours: the header shows the user's name in either language. */
  fullNameEnglish: z.string(),
  fullNameArabic: z.string(),
  /** Ours: the configured inactivity limit (SPEC §4) comes from the server. */
  inactivityLimitMinutes: z
    .int()
    .min(1)
    .max(24 * 60),
  /** Ours: seconds until the access token expires. */
  expiresIn: z.int().positive(),
});

// ── Individual area (SPEC §3) ────────────────────────────────────────────────────────────────

export const purchasedPlan = z.object({
  planName: z.string(),
  productName: z.string(),
  planUniqueID: z.string(),
  transactions: count,
  utilized: count,
  balance: count,
  validFrom: isoDate,
  validTo: isoDate,
  encodedOrderSlno: encodedId,
  price: sar,
  tax: sar,
  totalPrice: sar,
  /** Ours: the word behind statusLabel, for the badge's tone. */
  status: z.enum(PLAN_STATES),
  statusLabel: z.string(),
});

export const paymentHistoryItem = z.object({
  productName: z.string(),
  transactionId: z.string(),
  validity: z.string().meta({ description: 'Validity as shown, e.g. "12 months"' }),
  paymentDate: isoDateTime,
  amountWithoutTax: sar,
  tax: sar,
  amount: sar,
  status: z.enum(PAYMENT_STATUSES),
  statusLabel: z.string(),
  initiatePayment: z.boolean(),
  recheckPayment: z.boolean(),
  encodedPaymentSlno: encodedId,
  orderDetailsSlno: slno,
  orderProductSlno: slno,
  productPricingDetailsSlno: slno,
  applicationSlno: slno,
  // Ours (issue 12): one item per order. transactionId is the order's reference, the one the
  // payment status page shows too; the actions and encodedPaymentSlno are its latest attempt's.
  encodedOrderSlno: encodedId,
  quantity: count,
  /** Every payment attempt of the order, newest first. */
  attempts: z.array(
    z.object({
      encodedPaymentSlno: encodedId,
      paymentDate: isoDateTime,
      status: z.enum(PAYMENT_STATUSES),
      statusLabel: z.string(),
    }),
  ),
  /** Paid: its simplified tax invoice can be shown (paymentReceipt). */
  hasReceipt: z.boolean(),
});

/** A simplified tax invoice (ZATCA), bilingual: both languages of every name. */
export const taxInvoice = z.object({
  invoiceNumber: z.string(),
  issuedAt: isoDateTime,
  sellerNameEnglish: z.string(),
  sellerNameArabic: z.string(),
  sellerAddressEnglish: z.string(),
  sellerAddressArabic: z.string(),
  vatNumber: z.string(),
  commercialRegistration: z.string(),
  buyerNameEnglish: z.string(),
  buyerNameArabic: z.string(),
  orderReference: z.string(),
  lines: z.array(
    z.object({
      descriptionEnglish: z.string(),
      descriptionArabic: z.string(),
      quantity: count,
      unitPrice: sar,
      amountWithoutTax: sar,
      tax: sar,
      amount: sar,
    }),
  ),
  vatRatePercent: z.number().nonnegative(),
  amountWithoutTax: sar,
  tax: sar,
  amount: sar,
  /** The QR code's content: ZATCA's TLV, base64. */
  qr: z.string(),
  /** Issued when the payment that settled the order was refunded (issue 38). */
  creditNote: z.object({ number: z.string(), issuedAt: isoDateTime, qr: z.string() }).nullable(),
});

/** One tax invoice in a list: an organization's or a provider's paid orders. */
export const taxInvoiceRow = z.object({
  encodedOrderSlno: z.string(),
  invoiceNumber: z.string(),
  issuedAt: isoDateTime,
  /** What the order bought, in the caller's language. */
  description: z.string(),
  amount: sar,
  creditNoteNumber: z.string().nullable(),
});

export const buyablePlan = z.object({
  planName: z.string(),
  productName: z.string(),
  transactionLimit: count,
  validity: z.string(),
  price: sar,
  tax: sar,
  totalPrice: sar,
  productPricingDetailsSlno: slno,
});

export const myTransaction = z.object({
  transactionDate: isoDateTime,
  numberOfDocuments: count,
  transactionID: z.string(),
  planType: z.string(),
  userRole: z.string(),
  statusID: z.int(),
  status: z.enum(ESIGN_TRANSACTION_STATUSES),
  statusLabel: z.string(),
  originator: z.string(),
  esignLogsID: slno,
});

export const transactionDocument = z.object({
  rowCount: count,
  documentName: z.string(),
  uniqueFileID: z.string(),
  /** Ours (issue 19): whether its signed copy or signature can be downloaded (mySignedDocument). */
  signed: z.boolean(),
});

export const registeredDevice = z.object({
  deviceSlno: slno,
  deviceType: z.string(),
  deviceModel: z.string(),
  createdDate: isoDateTime,
  appVersion: z.string(),
  /** Ours: the device this request came from, so a person can tell it from the others. */
  isThisDevice: z.boolean(),
});

export const agreement = z.object({
  userType: z.string(),
  organization: z.string(),
  uniqueFileID: z.string(),
  /** Ours: the name the downloaded file is saved under. */
  fileName: z.string(),
  /** Ours: what the document is, in the reader's language (a list of roles alone says nothing). */
  title: z.string(),
  /** Ours: when it was accepted, where that is known. */
  acceptedAt: isoDateTime.nullable(),
});

export const notification = z.object({
  notificationSlno: slno,
  title: z.string(),
  message: z.string(),
  createdDate: isoDateTime,
  isRead: z.boolean(),
});

// ── Organization users (SPEC §3) ─────────────────────────────────────────────────────────────

export const orgUserRow = z.object({
  orgUnit: z.string(),
  orgUnitArabic: z.string(),
  employeeId: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  createdDate: isoDateTime,
  isActive: z.boolean(),
  status: z.enum(ORG_USER_STATUSES),
  userSlno: slno,
  /** Ours: the grid names the user. */
  fullNameEnglish: z.string(),
  fullNameArabic: z.string(),
});

export const orgUserActiveState = z.enum(ORG_USER_ACTIVE_STATES);

export const userDetail = z.object({
  fullNameEnglish: z.string(),
  fullNameArabic: z.string(),
  nationality: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  nationalId: maskedNationalId,
  status: z.enum(ORG_USER_STATUSES),
  mobile: z.string(),
  email: z.string(),
  organizationUnit: z.string(),
  employeeId: z.string(),
  isActive: z.boolean(),
  organizationCountersUse: z.object(
    Object.fromEntries(COUNTED_ROLES.map((role) => [role, count])) as Record<
      (typeof COUNTED_ROLES)[number],
      typeof count
    >,
  ),
  orgUnitSlNo: slno,
  isAutoOU: z.boolean(),
  /** Ours: the roles the member holds, and which of their changes await approval. */
  roles: z.array(z.enum(ORGANIZATION_ROLES)),
  openChanges: z.array(z.enum(MEMBER_CHANGE_FIELDS)),
});

export const uavRequestRow = z.object({
  nationalID: maskedNationalId,
  fullName: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  processedBy: z.string().nullable(),
  status: z.union(Object.values(UAV_REQUEST_STATUS_CODES).map((code) => z.literal(code))).meta({
    description: 'Initiated 0, Pending 1, Approved 2, Rejected 3, Cancelled 4',
  }),
  createdDate: isoDateTime,
  id: slno,
});

/** A new-user (UAV) request as its admin reads it (ours: SPEC §2 names the viewuav screen). */
/** A stored document's id: 128 random bits, base64url (never a guessable number). */
export const uniqueFileId = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

export const approvalDocument = z.object({
  id: slno,
  /** The category's code (domain DOCUMENT_CATEGORIES); the screen says it in its language. */
  category: z.string(),
  name: z.string(),
  /** Uploaded (not yet part of a request) or Submitted, in the caller's language. */
  status: z.string(),
  /** pdf, png or jpeg: what the content is, as the server read it. */
  type: z.string(),
  uniqueFileId,
  /** Ours: the file's size in bytes, so the screen can say it. */
  size: count,
});

export const uavRequestDetail = z.object({
  id: slno,
  nationalID: maskedNationalId,
  fullNameEnglish: z.string(),
  fullNameArabic: z.string(),
  nationality: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  organizationUnit: z.string(),
  userType: z.string(),
  employeeId: z.string(),
  status: uavRequestRow.shape.status,
  createdDate: isoDateTime,
  createdBy: z.string().nullable(),
  processedBy: z.string().nullable(),
  processedDate: isoDateTime.nullable(),
  remarks: z.string().nullable(),
  /** Whether the caller may cancel it: it is open. */
  cancellable: z.boolean(),
  documents: z.array(approvalDocument),
});

export const organizationUnitOption = z.object({
  orgUnitSlNo: slno,
  organizationalUnitName: z.string(),
  organizationalUnitNameArabic: z.string(),
});

// ── Approvals (SPEC §3) ──────────────────────────────────────────────────────────────────────

export const newUserApprovalRow = z.object({
  status: z.enum(NEW_USER_APPROVAL_STATUSES),
  userType: z.string(),
  createdDate: isoDateTime,
  employeeID: z.string(),
  userSlno: slno,
  fullNameEnglish: z.string(),
  fullNameArabic: z.string(),
});

export const newUserApprovalDetail = z.object({
  employeeId: z.string(),
  email: z.string(),
  phone: z.string(),
  isdCode: z.string(),
  organizationUnit: z.string(),
  fullNameEnglish: z.string(),
  fullNameArabic: z.string(),
  nationality: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  maskedNationalId,
  kycStatus: z.string(),
  status: z.enum(NEW_USER_APPROVAL_STATUSES),
  documents: z.array(approvalDocument),
  /**
   * Ours: whether the caller made this request, so the screen can say why they may not decide it
   * (separation of duties: another Enrolment Admin does), and the decision's remarks.
   */
  createdByYou: z.boolean(),
  remarks: z.string().nullable(),
});

export const changeRequestRow = z.object({
  status: z.enum(REVIEW_REQUEST_STATUSES),
  userType: z.string(),
  requestDate: isoDateTime,
  changeType: z.string(),
  userSlno: slno,
  /** Ours: a user may have several change requests; the row names which. */
  changeRequestSlno: slno,
  /** Ours: the grid names whose request it is. */
  fullNameEnglish: z.string(),
  fullNameArabic: z.string(),
});

export const changeRequestDetail = z.object({
  userType: z.string(),
  changeType: z.string(),
  email: z.string(),
  newEmailID: z.string().nullable(),
  status: z.enum(REVIEW_REQUEST_STATUSES),
  remarks: z.string().nullable(),
  /**
   * Ours: what changes, as it is and as asked for (an e-mail, a mobile, a unit's name), and
   * whether the caller made the request (another Enrolment Admin decides it then).
   */
  currentValue: z.string(),
  newValue: z.string(),
  createdByYou: z.boolean(),
});

/** Approve or reject: our design for the actions the approval screens need. */
export const reviewAction = z.enum(['approve', 'reject']);

/**
 * The body of an approve-or-reject action: the ids of what is reviewed, the action, and remarks,
 * which a rejection must give (the requester is told why).
 */
export function reviewBody<S extends z.ZodRawShape>(ids: S) {
  return z
    .strictObject({ ...ids, action: reviewAction, remarks: text(500).optional() })
    .refine((body) => isExplained(body as ReviewFields), {
      message: 'remarks are required to reject',
      path: ['remarks'],
    });
}

interface ReviewFields {
  action: z.output<typeof reviewAction>;
  remarks?: string | undefined;
}

function isExplained(review: ReviewFields): boolean {
  return review.action === 'approve' || (review.remarks ?? '').trim() !== '';
}

// ── Reports (SPEC §3) ────────────────────────────────────────────────────────────────────────

export const counterDeductionSummary = z.object({
  /** Ours: the purchased plan (lot) the row is, naming it among plans of the same name. */
  planUniqueId: z.string(),
  planName: z.string(),
  activeDate: isoDate,
  expiryDate: isoDate,
  planType: z.string(),
  salesPrice: sar,
  vat: sar,
  totalPrice: sar,
  /** Ours: the plan's state as a code (active, usedUp, expired); the screen words it. */
  status: z.enum(PLAN_STATES),
  totalCounters: count,
  utilizedCounters: count,
  /** What remains to sign with: nothing once the plan has expired. */
  remainingCounters: count,
  /**
   * Ours (issue 43): what the plan had left when it expired (0 until then), so total = utilized +
   * remaining + expired and the rows add up to the dashboard's eSign counters.
   */
  expiredCounters: count,
});

const roleCounts = z.object({ total: count, utilized: count, remaining: count });
export const roleDeductionSummary = z.object({
  enrolmentAdmin: roleCounts,
  authorizedSignatory: roleCounts,
  organizationUser: roleCounts,
});

/**
 * Role seats the organization received (SPEC §3 "Allocation history"): a pack (pax) of seats of
 * one role. Ours: the prices are null for seats not bought (an opening balance, an allocation
 * from the provider); paxType says which.
 */
export const allocationHistory = z.object({
  createdDate: isoDate,
  createdTime: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/),
  paxUniqueId: z.string(),
  paxDescription: z.string(),
  userType: z.string(),
  paxType: z.string(),
  salesPrice: sar.nullable(),
  paxSize: count,
  baseprice: sar.nullable(),
});

// ── Purchases (SPEC §3 "Purchase rows", "Quantity rows", "User pax rows") ─────────────────────

const purchaseCommon = {
  transactionNo: z.string(),
  requestDate: isoDateTime,
  paymentMode: z.string(),
  paymentType: z.string(),
  productsInQuantity: count,
  productKeyRequestSlNo: slno,
};
const pricedPlan = {
  price: sar,
  vat: sar,
  totalPrice: sar,
  planName: z.string(),
  planType: z.string(),
};
const serverOutcome = {
  errorMessage: z.string().nullable(),
  errorCode: z.string().nullable(),
  responseStatus: z.string().nullable(),
};

export const counterPurchaseRow = z.object({
  ...purchaseCommon,
  status: z.enum(PLAN_PURCHASE_STATUSES),
});
export const rolePlanPurchaseRow = z.object({
  ...purchaseCommon,
  ...pricedPlan,
  status: z.enum(PLAN_PURCHASE_STATUSES),
});
export const specialPlanRow = z.object({
  ...purchaseCommon,
  ...pricedPlan,
  ...serverOutcome,
  status: z.enum(SPECIAL_PLAN_STATUSES),
});
/** A special plan request as its L1 provider sees it: whose, what for, and why. */
export const providerSpecialPlanRow = specialPlanRow.extend({
  organizationName: z.string(),
  justification: z.string(),
  requestedType: z.enum(SPECIAL_PLAN_TYPES),
});
export const purchaseOrderRow = z.object({
  ...purchaseCommon,
  ...pricedPlan,
  ...serverOutcome,
  status: z.enum(PURCHASE_ORDER_STATUSES),
});

/** A purchase order as its L1 provider sees it: whose, and the transfer said to pay it. */
export const providerPurchaseOrderRow = purchaseOrderRow.extend({
  organizationName: z.string(),
  transferReference: z.string().nullable(),
});

export const quantityRow = z.object({
  planId: slno,
  planDescription: z.string(),
  productName: z.string(),
  userType: z.string(),
  category: z.string(),
  planType: z.string(),
  validity: z.string(),
  size: count,
  quantity: count,
  price: sar,
  vat: sar,
  totalPrice: sar,
});

export const userPaxRow = z.object({
  name: z.string(),
  paxDescription: z.string(),
  paxSize: count,
  paxTypeName: z.string(),
  paxUniqueId: z.string(),
  salesPrice: sar,
  tax: sar,
  totalPrice: sar,
  totalQuantity: count,
});

// ── Organization profile (SPEC §3) ───────────────────────────────────────────────────────────

export const organizationUnit = z.object({
  orgUnitSlNo: slno,
  organizationalUnitName: z.string(),
  supportingDocument: z.string().nullable(),
  createdDate: isoDateTime,
  status: z.string(),
  isActive: z.boolean(),
  remarks: z.string().nullable(),
  uniqueFileID: z.string().nullable(),
});

export const organizationProfile = z.object({
  organizationName: z.string(),
  sipId: z.string(),
  dbaName: z.string(),
  dbaNameArabic: z.string(),
  crNumber: z.string(),
  unifiedOrgNo: z.string(),
  email: z.string(),
  validTill: isoDate,
  telephoneNumber: z.string(),
  address: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  postalCode: z.string(),
  digitalStamp: z.string().nullable().meta({ description: 'uniqueFileID of the stamp image' }),
  digitalSealStatus: z.string(),
  remarks: z.string().nullable(),
});

export const certificateInfo = z.object({
  issuedBy: z.string(),
  issuedTo: z.string(),
  validFrom: isoDateTime,
  validTo: isoDateTime,
  class: z.string(),
  isDocumentSigner: z.boolean(),
  serialNumberHex: z.string().regex(/^[0-9A-F]+$/),
  serialNumberDecimal: z.string().regex(/^\d+$/),
  keyUsage: z.array(z.string()),
});

export const contactPerson = z.object({
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  isPrimary: z.boolean(),
});

export const organizationAdmin = z.object({
  fullName: z.string(),
  email: z.string(),
  mobileNumber: z.string(),
  employeeID: z.string(),
  loginType: z.string(),
  isActive: z.boolean(),
  designation: z.string(),
});

// ── Organization eSign transactions (SPEC §3) ────────────────────────────────────────────────

export const orgEsignTransaction = z.object({
  globalCounter: count,
  requestedDate: isoDateTime,
  sipTxnId: z.string(),
  planType: z.string(),
  roleType: z.string(),
  txnStatus: z.string(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  responseTs: isoDateTime.nullable(),
  status: z.enum(ESIGN_TRANSACTION_STATUSES),
  esignLogsID: slno,
  sipAccountId: z.string(),
  sipLevel: providerLevel,
});

/** The request, response or signed-response record of one transaction, for the viewers. */
export const esignTransactionRecord = z.object({
  esignLogsID: slno,
  contentType: z.enum(['application/json', 'application/xml', 'text/plain']),
  data: z.string(),
});

// ── L1 / L2 providers (SPEC §3) ──────────────────────────────────────────────────────────────

export const l2RequestRow = z.object({
  requestId: slno,
  /** Ours (issue 38): what applies — an organization, or an L2 provider — and its word. */
  kind: z.enum(APPLICATION_KINDS),
  kindLabel: z.string(),
  /** The provider's id; empty for an organization's application, which names no provider. */
  l2sipId: z.string(),
  l2OrgId: slno,
  sipName: z.string(),
  crNumber: z.string(),
  orgName: z.string(),
  emailId: z.string(),
  phoneNumber: z.string(),
  status: z.enum(REVIEW_REQUEST_STATUSES),
  statusLabel: z.string(),
  processedBy: z.string().nullable(),
  processedDate: isoDateTime.nullable(),
  originator: z.string(),
  remarks: z.string().nullable(),
});

/** "The L2 detail and the organization view carry many … fields": our selection of them. */
export const l2RequestDetail = l2RequestRow.extend({
  organization: organizationProfile,
  sponsors: z.array(contactPerson),
  technicalContacts: z.array(contactPerson),
  admins: z.array(organizationAdmin),
  documents: z.array(approvalDocument),
});

export const l2OrganizationView = z.object({
  errorMessage: z.string().nullable(),
  organization: organizationProfile.nullable(),
  sponsors: z.array(contactPerson),
  technicalContacts: z.array(contactPerson),
  admins: z.array(organizationAdmin),
});

export const l2StockAllocation = z.object({
  /** Ours: the allocation the row is (two allocations can share a name and a minute). */
  slNo: slno,
  l1SipName: z.string(),
  l2SipName: z.string(),
  l1SipAvailableCounter: count,
  l2SipAllocatedCounter: count,
  l1SipRemainingCounter: count,
  allocatedDate: isoDateTime,
});

export const l2RoleCounterAllocation = z.object({
  slNo: slno,
  l1SipId: slno,
  l1SipName: z.string(),
  l2SipId: slno,
  l2SipName: z.string(),
  allocatedOrganizationUserCounters: count,
  remainingOrganizationUserCounters: count,
  allocatedEnrollmentAdminCounters: count,
  remainingEnrollmentAdminCounters: count,
  allocatedAuthorisedSignatoryCounters: count,
  remainingAuthorisedSignatoryCounters: count,
});

/**
 * Ours (issue 16; issue 36 moved it from the organization dashboard to the provider's home, for
 * its staff only: a customer's admin does not see its provider's stock).
 * An L1's: its stock left, the eSign stock it has allocated to its L2 providers in all, and the
 * L2 applications waiting for it. An L2's: what it holds, and what it received from its L1.
 */
export const providerSummary = z.object({
  level: providerLevel,
  name: z.string(),
  /** What the provider holds now, per counter. */
  held: z.object({
    esign: count,
    enrolmentAdmin: count,
    authorizedSignatory: count,
    organizationUser: count,
  }),
  /** L1: eSign stock allocated to its L2 providers in all; L2: received from its L1 in all. */
  esignAllocated: count,
  /** L1: L2 applications waiting for a decision (0 for an L2). */
  pendingL2Requests: count,
  /** L2: its L1 provider's name; null for an L1. */
  parentName: z.string().nullable(),
});

export const l1RemainingCounters = z.object({
  /** Ours: the eSign stock left to allocate, for the stock allocation's form. */
  remainingEsignCounters: count,
  remainingAuthorisedSignatoryCounters: count,
  remainingOrganizationUserCounters: count,
  remainingEnrollmentAdminCounters: count,
});

// ── Reference data ───────────────────────────────────────────────────────────────────────────

export const country = z.object({
  countrySlno: slno,
  countryNameEnglish: z.string(),
  countryNameArabic: z.string(),
  isdCode: z.string(),
});
export const region = z.object({
  stateSlno: slno,
  stateNameEnglish: z.string(),
  stateNameArabic: z.string(),
});
export const city = z.object({
  citySlno: slno,
  cityNameEnglish: z.string(),
  cityNameArabic: z.string(),
});
export const month = z.object({
  monthNumber: z.int().min(1).max(12),
  monthNameEnglish: z.string(),
  monthNameArabic: z.string(),
});

/** The approval request language (SPEC §9). */
export const approvalLanguage = z
  .literal(APPROVAL_REQUEST_LANGUAGE)
  .default(APPROVAL_REQUEST_LANGUAGE);

/** A translation namespace file: nested objects of strings. */
export interface TranslationTree {
  [key: string]: string | TranslationTree;
}
export const translationTree: z.ZodType<TranslationTree> = z.lazy(() =>
  z.record(z.string(), z.union([z.string(), translationTree])),
);

// ── Payments ─────────────────────────────────────────────────────────────────────────────────

/** A payment begun: the order, the attempt and the gateway's page to go to. */
export const paymentAnswer = z.object({
  encodedOrderSlno: encodedId,
  encodedPaymentSlno: encodedId,
  /** The gateway's hosted payment page to send the browser to. */
  paymentUrl: z.url(),
});

/** How a payment stands (the paymentStatus pages). */
export const paymentStatusAnswer = z.object({
  encodedPaymentSlno: encodedId,
  /** Ours: the order's reference, as the payment history shows it. */
  encodedOrderSlno: encodedId,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  statusLabel: z.string(),
  amount: sar,
  errorMessage: z.string().nullable(),
  /** Ours (issue 38): what the order bought, so the page leads to it once paid. */
  category: z.enum(ORDER_CATEGORIES),
});
