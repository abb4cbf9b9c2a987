/**
 * L2 provider management (SPEC §7 "L2 provider management"): the L1 provider approves L2
 * requests and allocates stock and role counters to its L2 providers.
 *
 * SPEC §7 lists three calls by path and six as `POST {token}` / `POST {hash}`. The six are the
 * operations the L2 screens and reports need (SPEC §2 approval/ltwo, buy/role/l2/counter, the L2
 * reports and their two exports, SPEC §3 "L1 remaining counters", SPEC §5); their paths are ours,
 * in the spec's style. The two allocation actions are our design on top.
 */
import {
  DEFAULT_IDS,
  EXPORT_FILE_NAMES,
  PURCHASE_ORDER_STATUSES,
  REVIEW_REQUEST_STATUSES,
  SPECIAL_PLAN_STATUSES,
} from '@tawqi/domain';
import { z } from 'zod';
import { defineEndpoint, json, xlsx, recordIn, tenantIn } from './endpoint.js';
import {
  count,
  decisionAnswer,
  filterRequest,
  l1RemainingCounters,
  l2OrganizationView,
  l2RequestDetail,
  l2RequestRow,
  l2RoleCounterAllocation,
  l2StockAllocation,
  language,
  pageOf,
  pageRequest,
  providerPurchaseOrderRow,
  providerSummary,
  providerSpecialPlanRow,
  reviewBody,
  sar,
  text,
  slno,
  statusAnswer,
  uniqueFileId,
} from './schemas.js';

/** The L1 provider every L2 management call acts in. */
const L1_TENANT = tenantIn('body', 'l1SipId', 'provider');

export const providerDashboard = defineEndpoint({
  id: 'providerDashboard',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/provider/dashboard',
  summary: 'A provider’s home for its staff: its stock, what it allocated, what waits for it',
  origin: 'design',
  designNote:
    'Issue 36: a provider is its own tenant. Its figures were on its customers’ organization ' +
    'dashboard; they are its staff’s, on the provider area’s home.',
  access: 'session',
  body: z.strictObject({ sipId: slno }),
  answer: json(providerSummary),
  tenant: tenantIn('body', 'sipId', 'provider'),
});

/** The default L1 provider of the L2 stock allocation report (SPEC §9). */
const l1SipId = slno.default(DEFAULT_IDS.l2StockAllocationL1SipId);

const l2GridBody = z.strictObject({
  l1SipId,
  ...pageRequest,
  ...filterRequest,
  statuses: z.array(z.enum(REVIEW_REQUEST_STATUSES)).optional(),
});

export const l2RequestsGrid = defineEndpoint({
  id: 'l2RequestsGrid',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/l2sip/grid',
  summary: 'L2 provider requests awaiting the L1 provider (starts on Approved or Pending)',
  origin: 'spec',
  designNote: 'Ours: pageNumber is zero-based here (one of the "few" of SPEC §5).',
  access: 'session',
  body: l2GridBody,
  answer: json(pageOf(l2RequestRow)),
  pageBase: 'zero',
  tenant: L1_TENANT,
});

export const l2RequestView = defineEndpoint({
  id: 'l2RequestView',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/l2sip/view',
  summary: 'One L2 request with its organization, contacts, admins and documents',
  origin: 'spec',
  access: 'session',
  body: z.strictObject({ l1SipId, requestId: slno }),
  answer: json(l2RequestDetail),
  tenant: L1_TENANT,
  records: [recordIn('body', 'requestId', 'l2Request')],
});

export const l2OrganizationViewCall = defineEndpoint({
  id: 'l2OrganizationView',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/l2org/orgView',
  summary: 'The organization behind an L2 request',
  origin: 'spec',
  designNote: 'A non-empty errorMessage in the answer is raised as the error (SPEC §8).',
  access: 'session',
  body: z.strictObject({ l1SipId, l2OrgId: slno }),
  answer: json(l2OrganizationView),
  tenant: L1_TENANT,
  records: [recordIn('body', 'l2OrgId', 'l2Organization')],
});

export const l2RequestDocument = defineEndpoint({
  id: 'l2RequestDocument',
  area: 'l2Management',
  method: 'GET',
  path: 'api/v1/l2sip/document/{l1SipId}/{uniqueFileId}',
  summary: 'Download one supporting document of an L2 provider’s request',
  origin: 'design',
  designNote:
    'Issue 16: the L2 request’s documents are viewable. The organization’s own document call ' +
    'names the organization as tenant; the L1 reads an applicant’s documents as the provider.',
  access: 'session',
  params: z.strictObject({ l1SipId: z.coerce.number().pipe(slno), uniqueFileId }),
  answer: { kind: 'document' },
  tenant: tenantIn('path', 'l1SipId', 'provider'),
  records: [recordIn('path', 'uniqueFileId', 'l2RequestDocument')],
});

export const processL2Request = defineEndpoint({
  id: 'processL2Request',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/l2sip/process',
  summary: 'Approve or reject an L2 request',
  origin: 'spec-hidden',
  designNote:
    'SPEC §7 POST {token} no. 1: the approval action of approval/ltwo. Remarks are required to reject.',
  access: 'session',
  body: reviewBody({ l1SipId, requestId: slno }),
  answer: json(statusAnswer),
  tenant: L1_TENANT,
  records: [recordIn('body', 'requestId', 'l2Request')],
  idempotent: true,
});

const stockReportBody = z.strictObject({ l1SipId, ...pageRequest, ...filterRequest });

export const l2StockAllocationReport = defineEndpoint({
  id: 'l2StockAllocationReport',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/l2sip/stock/allocation/report',
  summary: 'Stock allocated by the L1 provider to its L2 providers',
  origin: 'spec-hidden',
  designNote: `SPEC §7 POST {hash} no. 1: the L2 stock allocation report; l1SipId defaults to ${DEFAULT_IDS.l2StockAllocationL1SipId} (SPEC §9).`,
  access: 'session',
  body: stockReportBody,
  answer: json(pageOf(l2StockAllocation)),
  pageBase: 'one',
  tenant: L1_TENANT,
});

export const exportL2StockAllocationReports = defineEndpoint({
  id: 'exportL2StockAllocationReports',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/excel/report/exportL2StockAllocationReports',
  summary: 'Export the L2 stock allocation report',
  origin: 'spec-hidden',
  designNote: 'SPEC §7 POST {hash} no. 2: the export named L2_Stock_Allocation_Reports in SPEC §9.',
  access: 'session',
  body: stockReportBody.omit({ pageNumber: true, pageSize: true }).extend({ language }),
  answer: xlsx(EXPORT_FILE_NAMES.l2StockAllocationReports),
  tenant: L1_TENANT,
});

export const l1RemainingCountersCall = defineEndpoint({
  id: 'l1RemainingCounters',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/l2sip/role/counter/remaining',
  summary: 'Role counters the L1 provider still has to allocate',
  origin: 'spec-hidden',
  designNote:
    'SPEC §7 POST {token} no. 2: SPEC §3 "L1 remaining counters". When it fails the screen ' +
    'shows 0 for each (SPEC §5).',
  access: 'session',
  body: z.strictObject({ l1SipId }),
  answer: json(l1RemainingCounters),
  tenant: L1_TENANT,
});

const roleAllocationBody = z.strictObject({
  l1SipId,
  ...pageRequest,
  ...filterRequest,
  l2SipId: slno.optional(),
});

export const l2RoleCounterAllocations = defineEndpoint({
  id: 'l2RoleCounterAllocations',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/l2sip/role/counter/allocation/list',
  summary: 'Role counters allocated to each L2 provider',
  origin: 'spec-hidden',
  designNote:
    'SPEC §7 POST {token} no. 3: the L2 counter allocation list; the screen shows an empty list ' +
    'when the answer is not 200 (SPEC §5).',
  access: 'session',
  body: roleAllocationBody,
  answer: json(pageOf(l2RoleCounterAllocation)),
  pageBase: 'one',
  tenant: L1_TENANT,
  records: [recordIn('body', 'l2SipId', 'l2Provider')],
});

export const exportL2RoleCounterAllocations = defineEndpoint({
  id: 'exportL2RoleCounterAllocations',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/excel/report/exportL2OrganizationRolePlanAllocationReports',
  summary: 'Export the L2 role counter allocations',
  origin: 'spec-hidden',
  designNote:
    'SPEC §7 POST {hash} no. 3: the export named L2_Organization_Role_Plan_Allocation_Reports in SPEC §9.',
  access: 'session',
  body: roleAllocationBody.omit({ pageNumber: true, pageSize: true }).extend({ language }),
  answer: xlsx(EXPORT_FILE_NAMES.l2OrganizationRolePlanAllocationReports),
  tenant: L1_TENANT,
  records: [recordIn('body', 'l2SipId', 'l2Provider')],
});

export const allocateL2Stock = defineEndpoint({
  id: 'allocateL2Stock',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/l2sip/stock/allocate',
  summary: 'Allocate eSign stock from the L1 provider to an L2 provider',
  origin: 'design',
  designNote:
    'SPEC §1: an L1 provider allocates stock to L2 providers. Never below zero; idempotent.',
  access: 'session',
  body: z.strictObject({ l1SipId, l2SipId: slno, counters: z.int().min(1).max(10_000_000) }),
  answer: json(decisionAnswer.extend({ l1SipRemainingCounter: count.nullable() })),
  tenant: L1_TENANT,
  records: [recordIn('body', 'l2SipId', 'l2Provider')],
  idempotent: true,
});

export const allocateL2RoleCounters = defineEndpoint({
  id: 'allocateL2RoleCounters',
  area: 'l2Management',
  method: 'POST',
  path: 'api/v1/l2sip/role/counter/allocate',
  summary:
    'Allocate role counters from the L1 provider to an L2 provider (buy/role/l2/counter/create)',
  origin: 'design',
  designNote:
    'SPEC §1: an L1 provider allocates role counters to L2 providers. Never below zero; idempotent.',
  access: 'session',
  body: z
    .strictObject({
      l1SipId,
      l2SipId: slno,
      organizationUserCounters: count.max(1_000_000),
      enrollmentAdminCounters: count.max(1_000_000),
      authorisedSignatoryCounters: count.max(1_000_000),
    })
    .refine(
      (body) =>
        body.organizationUserCounters +
          body.enrollmentAdminCounters +
          body.authorisedSignatoryCounters >
        0,
      { message: 'allocate at least one counter' },
    ),
  answer: json(decisionAnswer.extend({ remaining: l1RemainingCounters.nullable() })),
  tenant: L1_TENANT,
  records: [recordIn('body', 'l2SipId', 'l2Provider')],
  idempotent: true,
});

// ── Special plans the L1 provider decides (ours) ────────────────────────────────────────────

const providerSpecialPlansBody = z.strictObject({
  l1SipId: slno,
  ...pageRequest,
  ...filterRequest,
  statuses: z.array(z.enum(SPECIAL_PLAN_STATUSES)).optional(),
});

export const providerSpecialPlans = defineEndpoint({
  id: 'providerSpecialPlans',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/provider/special/requests',
  summary: 'Special plan requests of the organizations under an L1 provider, newest first',
  origin: 'design',
  designNote:
    'Issue 15: "design where that decision is made". Issue 36: the L1 provider’s staff decide, ' +
    'in the provider area (never an admin of a customer organization).',
  access: 'session',
  body: providerSpecialPlansBody,
  answer: json(pageOf(providerSpecialPlanRow)),
  pageBase: 'one',
  tenant: L1_TENANT,
});

export const decideSpecialPlan = defineEndpoint({
  id: 'decideSpecialPlan',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/provider/special/decide',
  summary: 'Price a special plan request (approve) or refuse it with remarks (reject)',
  origin: 'design',
  designNote:
    'Approving names the price of one counter or seat before VAT and, for counters, how many ' +
    'months they stay valid; rejecting needs remarks, which the organization sees. A price above ' +
    'the four-eyes amount waits for a second staff member to send the same decision (issue 36).',
  access: 'session',
  body: z.strictObject({
    l1SipId: slno,
    requestSlNo: slno,
    approve: z.boolean(),
    unitPrice: sar.positive().optional(),
    validityMonths: z.int().min(1).max(60).optional(),
    remarks: text(500).optional(),
  }),
  answer: json(decisionAnswer),
  tenant: L1_TENANT,
  records: [recordIn('body', 'requestSlNo', 'providerSpecialPlanRequest')],
  idempotent: true,
});

// ── Purchase orders the L1 provider confirms (ours) ─────────────────────────────────────────

export const providerPurchaseOrders = defineEndpoint({
  id: 'providerPurchaseOrders',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/provider/requests',
  summary: 'Purchase orders of the organizations under an L1 provider, newest first',
  origin: 'design',
  designNote:
    'The provider is paid by bank transfer and its staff confirm receipt in the provider area ' +
    '(issue 36).',
  access: 'session',
  body: z.strictObject({
    l1SipId: slno,
    ...pageRequest,
    ...filterRequest,
    statuses: z.array(z.enum(PURCHASE_ORDER_STATUSES)).optional(),
  }),
  answer: json(pageOf(providerPurchaseOrderRow)),
  pageBase: 'one',
  tenant: L1_TENANT,
});

export const confirmPurchaseOrder = defineEndpoint({
  id: 'confirmPurchaseOrder',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/provider/requests/confirm',
  summary: 'Confirm a purchase order’s transfer arrived (credited), or say it did not (remarks)',
  origin: 'design',
  designNote:
    'Received: the order is credited once. Not received needs remarks the organization reads. ' +
    'Above the four-eyes amount, a second staff member confirms the same decision (issue 36).',
  access: 'session',
  body: z.strictObject({
    l1SipId: slno,
    requestSlNo: slno,
    received: z.boolean(),
    remarks: text(500).optional(),
  }),
  answer: json(decisionAnswer),
  tenant: L1_TENANT,
  records: [recordIn('body', 'requestSlNo', 'providerPurchaseOrder')],
  idempotent: true,
});
