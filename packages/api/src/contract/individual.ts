/**
 * The individual area (SPEC §7 "Subscription and plans", "Transactions", "Profile" (my),
 * "Dashboards, devices, notifications"), and the payment calls buying a plan needs.
 */
import {
  ESIGN_TRANSACTION_STATUSES,
  EXPORT_FILE_NAMES,
  REVIEW_REQUEST_STATUSES,
  QUERY_CONSTANTS,
} from '@tawqi/domain';
import { z } from 'zod';
import { defineEndpoint, json, xlsx } from './endpoint.js';
import {
  agreement,
  paymentAnswer,
  paymentStatusAnswer,
  buyablePlan,
  count,
  encodedId,
  filterRequest,
  isoDateTime,
  language,
  listOf,
  myTransaction,
  notification,
  pageOf,
  pagePathParams,
  paymentHistoryItem,
  purchasedPlan,
  registeredDevice,
  requiredText,
  sar,
  slno,
  statusAnswer,
  transactionDocument,
} from './schemas.js';

export const currentPlans = defineEndpoint({
  id: 'currentPlans',
  area: 'subscription',
  method: 'GET',
  path: 'api/v1/esign/my/subscription/plans/current/{page}/{size}',
  summary: 'My plans in force: valid today with transactions left (the welcome pack included)',
  origin: 'design',
  designNote:
    'My subscription has four grids (SPEC §2) and the spec names three calls; "current plans" ' +
    'are the plans in force, "purchased plans" every plan bought, in any state.',
  access: 'session',
  params: pagePathParams,
  answer: json(pageOf(purchasedPlan)),
  pageBase: 'one',
});

export const purchasedPlans = defineEndpoint({
  id: 'purchasedPlans',
  area: 'subscription',
  method: 'GET',
  path: 'api/v1/esign/my/subscription/plans/purchased/{page}/{size}',
  summary: 'Every plan I bought, in any state (the welcome pack while nothing is bought)',
  origin: 'spec',
  designNote:
    'SPEC §7: "welcomePackList or purchasedPlanList, plus totalCount". Ours: exactly one of the ' +
    'two lists is present; welcomePackList while the user has bought nothing.',
  access: 'session',
  params: pagePathParams,
  answer: json(
    z.object({
      welcomePackList: z.array(purchasedPlan).optional(),
      purchasedPlanList: z.array(purchasedPlan).optional(),
      totalCount: count,
    }),
  ),
  pageBase: 'one',
});

export const planHistory = defineEndpoint({
  id: 'planHistory',
  area: 'subscription',
  method: 'GET',
  path: 'api/v1/esign/my/subscription/plans/history/{page}/{size}',
  summary: 'My expired and used-up plans',
  origin: 'spec',
  access: 'session',
  params: pagePathParams,
  answer: json(pageOf(purchasedPlan)),
  pageBase: 'one',
});

export const paymentHistory = defineEndpoint({
  id: 'paymentHistory',
  area: 'subscription',
  method: 'GET',
  path: 'api/v1/esign/my/subscription/payment/history/{page}/{size}',
  summary: 'My payments, one item per order with its attempts, and initiate and recheck actions',
  origin: 'spec',
  designNote:
    'Ours: an item is an order (its latest attempt’s actions), carrying its attempts, quantity and whether it has a receipt; a person follows orders, not gateway attempts.',
  access: 'session',
  params: pagePathParams,
  answer: json(pageOf(paymentHistoryItem)),
  pageBase: 'one',
});

export const commonEsignPlans = defineEndpoint({
  id: 'commonEsignPlans',
  area: 'subscription',
  method: 'GET',
  path: 'api/v1/common/esign/plans',
  summary: 'The eSign plans anyone can buy, with VAT',
  origin: 'spec',
  access: 'public',
  answer: json(
    z.object({
      state: z.int(),
      responseMessage: z.string().nullable(),
      vat: z.number().min(0).max(100),
      planDetailsDTOList: z.array(buyablePlan),
    }),
  ),
});

/** The filter of my transactions, shared by the grid and its export. */
const myTransactionsFilter = {
  ...filterRequest,
  statuses: z.array(z.enum(ESIGN_TRANSACTION_STATUSES)).optional(),
};

export const myTransactions = defineEndpoint({
  id: 'myTransactions',
  area: 'transactions',
  method: 'POST',
  path: 'api/v1/esign/my/transactions',
  summary: 'My eSign transactions, filtered and paged',
  origin: 'spec',
  designNote:
    'SPEC §7 payload: type, limit, page. Ours: type is the search type (3 with criteria, 0 ' +
    'without; domain searchTypeOf), page is zero-based (one of the "few" of SPEC §5), and the ' +
    'filter adds dates and statuses.',
  access: 'session',
  body: z.strictObject({
    type: z.union([z.literal(0), z.literal(3)]),
    limit: z.int().min(1).max(500),
    page: z.int().nonnegative().max(1_000_000),
    ...myTransactionsFilter,
  }),
  answer: json(pageOf(myTransaction)),
  pageBase: 'zero',
});

export const exportMyTransactions = defineEndpoint({
  id: 'exportMyTransactions',
  area: 'transactions',
  method: 'POST',
  path: 'api/v1/excel/report/exportMyTransactions',
  summary: 'Export my eSign transactions with the grid’s filter, in the chosen language',
  origin: 'design',
  designNote:
    'The spec names no export of the individual area; My transactions is the grid a user keeps ' +
    'records of. Its file is the spec’s name for transactions (SPEC §9), as the organization’s.',
  access: 'session',
  body: z.strictObject({ ...myTransactionsFilter, language }),
  answer: xlsx(EXPORT_FILE_NAMES.esignTransactions),
});

export const myDocuments = defineEndpoint({
  id: 'myDocuments',
  area: 'transactions',
  method: 'POST',
  path: 'api/v1/esign/my/documents',
  summary: 'The documents of one of my transactions',
  origin: 'spec',
  access: 'session',
  body: z.strictObject({ transactionID: requiredText(100) }),
  answer: json(listOf(transactionDocument)),
});

export const esignTransactionStatus = defineEndpoint({
  id: 'esignTransactionStatus',
  area: 'transactions',
  method: 'GET',
  path: 'api/v1/esign/my/transaction/status/{transactionID}',
  summary: 'The outcome of one signing request (status page and external return page)',
  origin: 'design',
  designNote: 'The routes esigntransaction-status and esign/transaction/return/external need it.',
  access: 'session',
  params: z.strictObject({ transactionID: requiredText(100) }),
  answer: json(myTransaction.extend({ documents: z.array(transactionDocument) })),
});

export const myProfile = defineEndpoint({
  id: 'myProfile',
  area: 'profile',
  method: 'GET',
  path: 'api/v1/profile/my',
  summary: 'My profile',
  origin: 'spec',
  designNote: 'Shape not shown; ours.',
  access: 'session',
  answer: json(
    z.object({
      userSlno: slno,
      fullNameEnglish: z.string(),
      fullNameArabic: z.string(),
      maskedNationalId: z.string(),
      nationality: z.string(),
      email: z.string().nullable(),
      mobile: z.string().nullable(),
      /** The username for credentials sign-in; null until the person sets a password. */
      username: z.string().nullable(),
      kycValidTill: z.iso.date().nullable(),
      createdDate: isoDateTime,
    }),
  ),
});

const contactInOrganization = z.object({
  organizationName: z.string(),
  organizationNameArabic: z.string(),
  isPrimary: z.boolean(),
});

export const myMobiles = defineEndpoint({
  id: 'myMobiles',
  area: 'profile',
  method: 'GET',
  path: 'api/v1/profile/my/organizations/mobiles',
  summary: 'My mobile numbers in each of my organizations',
  origin: 'spec',
  access: 'session',
  answer: json(listOf(contactInOrganization.extend({ mobile: z.string() }))),
});

export const myEmails = defineEndpoint({
  id: 'myEmails',
  area: 'profile',
  method: 'GET',
  path: 'api/v1/profile/my/organizations/emails',
  summary: 'My e-mail addresses in each of my organizations',
  origin: 'spec',
  access: 'session',
  answer: json(listOf(contactInOrganization.extend({ email: z.string() }))),
});

export const myAgreements = defineEndpoint({
  id: 'myAgreements',
  area: 'profile',
  method: 'GET',
  path: 'api/v1/profile/my/agreements',
  summary: 'The agreements I accepted',
  origin: 'spec',
  access: 'session',
  answer: json(listOf(agreement)),
});

export const downloadAgreement = defineEndpoint({
  id: 'downloadAgreement',
  area: 'profile',
  method: 'GET',
  path: 'api/v1/profile/my/agreements/{uniqueFileID}',
  summary: 'Download one of my agreements (PDF)',
  origin: 'design',
  designNote:
    'The account screen offers agreements for download; saved under the agreement’s fileName.',
  access: 'session',
  params: z.strictObject({ uniqueFileID: requiredText(100) }),
  answer: { kind: 'blob', fileName: 'Agreement.pdf', mediaType: 'application/pdf' },
});

export const myDashboard = defineEndpoint({
  id: 'myDashboard',
  area: 'dashboards',
  method: 'POST',
  path: 'api/v1/dashboard/my/dashboard',
  summary: 'The individual dashboard: plan balance, utilization, recent transactions',
  origin: 'spec',
  designNote:
    'Payload and answer not shown. Ours: dashboardType, displayValue, userType 3 (SPEC §9).',
  access: 'session',
  body: z.strictObject({
    dashboardType: z.literal(QUERY_CONSTANTS.dashboardType).default(QUERY_CONSTANTS.dashboardType),
    displayValue: z.literal(QUERY_CONSTANTS.displayValue).default(QUERY_CONSTANTS.displayValue),
    userType: z.literal(QUERY_CONSTANTS.userType).default(QUERY_CONSTANTS.userType),
  }),
  answer: json(
    z.object({
      totalTransactions: count,
      utilizedTransactions: count,
      balanceTransactions: count,
      activePlans: count,
      nextExpiry: z.iso.date().nullable(),
      recentTransactions: z.array(myTransaction),
      /**
       * Ours (issue 38): the organizations this person applied to register, still undecided or
       * refused, so an applicant who signs in before the decision sees where it stands.
       */
      applications: z.array(
        z.object({
          organizationName: z.string(),
          providerName: z.string(),
          status: z.enum(REVIEW_REQUEST_STATUSES),
          submittedAt: isoDateTime,
          remarks: z.string().nullable(),
        }),
      ),
    }),
  ),
});

export const myNotifications = defineEndpoint({
  id: 'myNotifications',
  area: 'dashboards',
  method: 'GET',
  path: 'api/v1/dashboard/my/notifications',
  summary: 'My notifications, newest first',
  origin: 'spec',
  access: 'session',
  answer: json(listOf(notification).extend({ unreadCount: count })),
});

export const registeredDevices = defineEndpoint({
  id: 'registeredDevices',
  area: 'dashboards',
  method: 'GET',
  path: '/api/v1/devices/registeredDevices/{page}/{size}',
  summary: 'The devices registered to my account',
  origin: 'spec',
  access: 'session',
  params: pagePathParams,
  answer: json(pageOf(registeredDevice)),
  pageBase: 'one',
});

/** The answer of a step that sent a one-time code: where it went, masked, and its reference. */
const codeSentAnswer = statusAnswer.extend({
  otpReference: z.string().nullable(),
  maskedDestination: z.string().nullable(),
  expiresInSeconds: z.int().positive().nullable(),
});

const IDENTITY_FIRST =
  'It needs the identity confirmed in the identity app within the last 15 minutes (signing in through it counts); otherwise 403 FORBIDDEN with detail IDENTITY_CONFIRMATION_REQUIRED, and the portal asks for the confirmation (the KYC renewal call) first.';

export const changeMyContactStart = defineEndpoint({
  id: 'changeMyContactStart',
  area: 'profile',
  method: 'POST',
  path: 'api/v1/profile/my/contact/start',
  summary: 'Add or change my e-mail or mobile: a code goes to the new address',
  origin: 'design',
  designNote:
    'Issue 12: an account enrolled through the identity app has no e-mail or mobile and no way to add them. The new address is confirmed by a code sent to it. ' +
    IDENTITY_FIRST,
  access: 'session',
  body: z.strictObject({ kind: z.enum(['email', 'mobile']), value: requiredText(254) }),
  answer: json(codeSentAnswer),
});

export const changeMyContactVerify = defineEndpoint({
  id: 'changeMyContactVerify',
  area: 'profile',
  method: 'POST',
  path: 'api/v1/profile/my/contact/verify',
  summary: 'Confirm the new e-mail or mobile with the code it received',
  origin: 'design',
  designNote: 'The second step of changeMyContactStart; the address changes only here.',
  access: 'session',
  body: z.strictObject({
    otpReference: z.string().min(1).max(100),
    otp: z.string().min(1).max(12),
  }),
  answer: json(statusAnswer),
});

export const setMyPassword = defineEndpoint({
  id: 'setMyPassword',
  area: 'profile',
  method: 'POST',
  path: 'api/v1/profile/my/password',
  summary: 'Set or reset my username and password (the "forgot password" path)',
  origin: 'design',
  designNote:
    'Issue 12: a person enrolled through the identity app can set a password for credentials sign-in, and a person who forgot theirs signs in through the identity app and sets a new one. ' +
    IDENTITY_FIRST,
  access: 'session',
  body: z.strictObject({ username: requiredText(60), password: z.string().min(1).max(200) }),
  answer: json(statusAnswer),
});

export const removeRegisteredDevice = defineEndpoint({
  id: 'removeRegisteredDevice',
  area: 'dashboards',
  method: 'POST',
  path: 'api/v1/devices/registeredDevices/remove',
  summary: 'Remove one of my registered devices; its sessions end at once',
  origin: 'design',
  designNote:
    'SPEC §2 lists registered devices without a way to remove one; a person who lost a phone or used a shared computer needs it. Its sessions end, and a password from it counts as from an unknown device again.',
  access: 'session',
  body: z.strictObject({ deviceSlno: slno }),
  answer: json(statusAnswer),
});

// ── Payments (ours: buying a plan → order → payment through the gateway) ─────────────────────

export const buyEsignPlan = defineEndpoint({
  id: 'buyEsignPlan',
  area: 'payments',
  method: 'POST',
  path: 'api/v1/esign/my/plans/buy',
  summary: 'Order a plan and start paying for it',
  origin: 'design',
  designNote:
    'Buy eSign plan → checkout → gateway (ARCHITECTURE.md). The price is the server’s, never the ' +
    'client’s; the Idempotency-Key header makes a double click one order.',
  access: 'session',
  body: z.strictObject({
    productPricingDetailsSlno: slno,
    quantity: z.int().min(1).max(100).default(1),
  }),
  answer: json(paymentAnswer.extend({ price: sar, tax: sar, totalPrice: sar })),
  idempotent: true,
});

export const initiatePayment = defineEndpoint({
  id: 'initiatePayment',
  area: 'payments',
  method: 'POST',
  path: 'api/v1/esign/my/payment/initiate',
  summary: 'Pay again for an unpaid order (payment history “initiate payment”)',
  origin: 'design',
  designNote: 'Payment history rows carry initiatePayment (SPEC §3); this is its action.',
  access: 'session',
  body: z.strictObject({ encodedPaymentSlno: encodedId }),
  answer: json(paymentAnswer),
  idempotent: true,
});

export const recheckPayment = defineEndpoint({
  id: 'recheckPayment',
  area: 'payments',
  method: 'POST',
  path: 'api/v1/esign/my/payment/recheck',
  summary: 'Ask the gateway again how a payment ended (payment history “recheck payment”)',
  origin: 'design',
  designNote: 'Payment history rows carry recheckPayment (SPEC §3); this is its action.',
  access: 'session',
  body: z.strictObject({ encodedPaymentSlno: encodedId }),
  answer: json(paymentStatusAnswer),
});

export const paymentStatus = defineEndpoint({
  id: 'paymentStatus',
  area: 'payments',
  method: 'GET',
  path: 'api/v1/esign/my/payment/status/{encodedPaymentSlno}',
  summary: 'How a payment stands (the paymentStatus pages)',
  origin: 'design',
  designNote: 'The paymentStatus routes (SPEC §2) show how the gateway answered.',
  access: 'session',
  params: z.strictObject({ encodedPaymentSlno: encodedId }),
  answer: json(paymentStatusAnswer),
});

export const markNotificationsRead = defineEndpoint({
  id: 'markNotificationsRead',
  area: 'dashboards',
  method: 'POST',
  path: 'api/v1/dashboard/my/notifications/read',
  summary: 'Mark notifications as read',
  origin: 'design',
  designNote: 'The header’s notifications need an unread count that goes down.',
  access: 'session',
  body: z.strictObject({ notificationSlnos: z.array(slno).min(1).max(100) }),
  answer: json(statusAnswer),
});
