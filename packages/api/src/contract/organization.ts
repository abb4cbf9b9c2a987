/**
 * The organization area (SPEC §7 "Manage organization users", "Organization approvals",
 * "Reports", "Buying counters and plans", "Special plans and purchase orders", "Profile" (org),
 * "Organization eSign transactions", "Dashboards").
 *
 * Grid bodies (not shown in the spec) follow the manage-users payload the spec does show: the
 * organization id, pageNumber and pageSize (1-based), fromDate, toDate, search, and the statuses.
 */
import {
  CHANGE_REQUESTS_FILE_NAME,
  COUNTED_ROLES,
  DEFAULT_IDS,
  DOCUMENTS_PER_REQUEST,
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MEDIA_TYPES,
  DOCUMENT_NAME_MAX_LENGTH,
  ESIGN_TRANSACTION_STATUSES,
  EXPORT_FILE_NAMES,
  MEMBER_CHANGE_FIELDS,
  NEW_USER_APPROVAL_STATUSES,
  PLAN_PURCHASE_STATUSES,
  PLAN_STATES,
  PURCHASE_ORDER_STATUSES,
  REQUEST_TYPE_DEFAULT,
  REVIEW_REQUEST_STATUSES,
  SPECIAL_PLAN_STATUSES,
  SPECIAL_PLAN_TYPES,
  UAV_REQUEST_STATUS_CODES,
  type OrgUserStatus,
} from '@tawqi/domain';
import { z } from 'zod';
import { defineEndpoint, json, recordIn, tenantIn, xlsx } from './endpoint.js';
import {
  allocationHistory,
  approvalDocument,
  approvalLanguage,
  certificateInfo,
  changeRequestDetail,
  changeRequestRow,
  contactPerson,
  count,
  counterDeductionSummary,
  counterPurchaseRow,
  email,
  filterRequest,
  flag,
  language,
  listOf,
  mobile,
  nationalId,
  newUserApprovalDetail,
  newUserApprovalRow,
  orgEsignTransaction,
  esignTransactionRecord,
  orgUserRow,
  organizationAdmin,
  organizationProfile,
  organizationUnit,
  organizationUnitOption,
  pageOf,
  pageRequest,
  purchaseOrderRow,
  quantityRow,
  requiredText,
  reviewBody,
  roleDeductionSummary,
  rolePlanPurchaseRow,
  slno,
  uniqueFileId,
  specialPlanRow,
  statusAnswer,
  text,
  uavRequestDetail,
  uavRequestRow,
  userDetail,
  userPaxRow,
  sar,
  providerLevel,
} from './schemas.js';

/** A grid body of an organization: its id, page, filter, statuses, and the export's language. */
export function orgGrid<S extends readonly [string, ...string[]], Id extends string = 'orgSlNo'>(
  statuses: S,
  idField: Id = 'orgSlNo' as Id,
) {
  return z.strictObject({
    ...({ [idField]: slno } as Record<Id, typeof slno>),
    ...pageRequest,
    ...filterRequest,
    statuses: z.array(z.enum(statuses)).optional(),
  });
}

/** An export takes its grid's filter without the page, and the language of its cells. */
export function exportOf<Shape extends typeof pageRequest & z.ZodRawShape>(
  grid: z.ZodObject<Shape>,
) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the page is what is left out
  const { pageNumber, pageSize, ...filter } = grid.shape;
  return z.strictObject({ ...filter, language });
}

// ── Manage organization users ───────────────────────────────────────────────────────────────

/** One 1/0 flag per organization-user status (SPEC §5); a new status without a flag won't compile. */
const userStatusFlags = {
  initiated: flag,
  pending: flag,
  approved: flag,
  rejected: flag,
  userRejected: flag,
  deactivated: flag,
} satisfies Record<Uncapitalize<OrgUserStatus>, typeof flag>;

const manageUsersFilter = z.strictObject({
  ...userStatusFlags,
  active: flag,
  inActive: flag,
  organizationSlno: slno,
  ...pageRequest,
  fromDate: filterRequest.fromDate,
  toDate: filterRequest.toDate,
  employeeId: text(50).optional(),
  search: filterRequest.search,
  /** Ours: the unit filter the spec's screen offers (from organizationUnitList). */
  orgUnitSlNo: slno.optional(),
});

export const manageUsersGrid = defineEndpoint({
  id: 'manageUsersGrid',
  area: 'manageUsers',
  method: 'POST',
  path: '/api/v1/user/org/orgUser/viewManageOrganizationUsersGrid',
  summary: 'The organization’s users, filtered and paged',
  origin: 'spec',
  designNote:
    'SPEC §7 payload: status flags (1 or 0), fromDate, toDate, organizationSlno, pageNumber, ' +
    'pageSize, employeeId, search. Ours: one flag per status, camelCased (initiated, pending, ' +
    'approved, rejected, userRejected, deactivated), active/inActive for the active filter, and ' +
    'orgUnitSlNo for the unit filter the screen has (from organizationUnitList).',
  access: 'session',
  body: manageUsersFilter,
  answer: json(pageOf(orgUserRow)),
  pageBase: 'one',
  tenant: tenantIn('body', 'organizationSlno'),
  records: [recordIn('body', 'orgUnitSlNo', 'organizationUnit')],
});

export const viewOrganizationUser = defineEndpoint({
  id: 'viewOrganizationUser',
  area: 'manageUsers',
  method: 'POST',
  path: '/api/v1/user/org/orgUser/viewOrganizationUser',
  summary: 'One user of the organization',
  origin: 'spec',
  access: 'session',
  body: z.strictObject({
    orgSlNo: slno,
    userSlNo: slno,
    requestType: z.int().nonnegative().default(REQUEST_TYPE_DEFAULT),
    type: z.int().nonnegative().default(REQUEST_TYPE_DEFAULT),
    active: flag,
    inActive: flag,
  }),
  answer: json(userDetail),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'userSlNo', 'organizationUser')],
});

const memberRef = { orgSlNo: slno, userSlNo: slno };

export const requestMemberChange = defineEndpoint({
  id: 'requestMemberChange',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/user/org/orgUser/requestChange',
  summary: 'Ask for a change of a member’s e-mail, mobile or unit (another admin approves it)',
  origin: 'design',
  designNote:
    'SPEC §3 has change requests and their approval, not how one is made. Ours: an Enrolment ' +
    'Admin asks from the member’s detail; value is the new e-mail, mobile, or unit id. "0" with ' +
    'errorMessage when the value is not valid, unchanged, or a change of that field is open.',
  access: 'session',
  body: z.strictObject({
    ...memberRef,
    field: z.enum(MEMBER_CHANGE_FIELDS),
    value: requiredText(254),
  }),
  answer: json(statusAnswer.extend({ id: slno.nullable() })),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'userSlNo', 'organizationUser')],
  idempotent: true,
});

export const setMemberActive = defineEndpoint({
  id: 'setMemberActive',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/user/org/orgUser/setActive',
  summary: 'Deactivate or reactivate a member (at once)',
  origin: 'design',
  designNote:
    'Ours: the spec’s Deactivated status and active flag, set by an Enrolment Admin for another ' +
    'current member (not themselves); the member is told.',
  access: 'session',
  body: z.strictObject({ ...memberRef, active: z.boolean() }),
  answer: json(statusAnswer),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'userSlNo', 'organizationUser')],
  idempotent: true,
});

export const changeMemberRole = defineEndpoint({
  id: 'changeMemberRole',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/user/org/orgUser/changeRole',
  summary: 'Give a member another role (at once)',
  origin: 'design',
  designNote:
    'Ours: the member’s counted role (Enrolment Admin, Authorized Signatory, Organization User) ' +
    'is replaced; sponsor and technical-contact roles stay. Not for the caller themselves.',
  access: 'session',
  body: z.strictObject({ ...memberRef, role: z.enum(COUNTED_ROLES) }),
  answer: json(statusAnswer),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'userSlNo', 'organizationUser')],
  idempotent: true,
});

export const organizationUnitList = defineEndpoint({
  id: 'organizationUnitList',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/user/org/orgUser/organizationUnitList/{id}',
  summary: 'The organization’s units, for filters and forms',
  origin: 'spec',
  access: 'session',
  params: z.strictObject({ id: z.coerce.number().pipe(slno) }),
  answer: json(listOf(organizationUnitOption)),
  tenant: tenantIn('path', 'id'),
});

export const employeeIdList = defineEndpoint({
  id: 'employeeIdList',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/user/org/orgUser/viewEmployeeIdList/{orgSlno}',
  summary: 'The organization’s employee ids, for the employee filter',
  origin: 'spec',
  access: 'session',
  params: z.strictObject({ orgSlno: z.coerce.number().pipe(slno) }),
  answer: json(listOf(z.string())),
  tenant: tenantIn('path', 'orgSlno'),
});

export const createUavRequest = defineEndpoint({
  id: 'createUavRequest',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/user/org/uav/createUavRequest',
  summary: 'Create a new-user (UAV) request after the national id was validated and verified',
  origin: 'spec-hidden',
  designNote:
    'SPEC §7 lists this call as POST {hash} in manage users. The create step validates the ' +
    'national id, verifies it through the identity app and fetches the user’s details; this ' +
    'call then records the request with the verification’s transId, Pending (1) from the start: ' +
    'the person has already approved in the identity app (Initiated 0 is the invitation’s state ' +
    'until the invited person verifies).',
  access: 'session',
  body: z.strictObject({
    orgSlNo: slno,
    nationalID: nationalId,
    transId: requiredText(100),
    email,
    mobileNo: mobile,
    orgUnitSlNo: slno,
    employeeId: requiredText(50),
    userType: z.enum(['enrolmentAdmin', 'authorizedSignatory', 'organizationUser']),
    /** Ours: the supporting documents uploaded for this request (uploadDocument). */
    uniqueFileIds: z.array(uniqueFileId).max(DOCUMENTS_PER_REQUEST).default([]),
  }),
  answer: json(statusAnswer.extend({ id: slno.nullable() })),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'orgUnitSlNo', 'organizationUnit')],
  idempotent: true,
});

export const inviteOrgUser = defineEndpoint({
  id: 'inviteOrgUser',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/user/org/uav/invite',
  summary: 'Invite a person by e-mail to verify themselves and complete their details',
  origin: 'design',
  designNote:
    'Issue 17 (/verify-orgUser): when the person is not at hand to approve in the identity app, ' +
    'the admin invites them; the request is Initiated (0) until the person verifies through the ' +
    'invitation’s link and accepts the subscriber agreement, then Pending for approval.',
  access: 'session',
  body: z.strictObject({
    orgSlNo: slno,
    nationalID: nationalId,
    email,
    mobileNo: mobile,
    orgUnitSlNo: slno,
    employeeId: requiredText(50),
    userType: z.enum(['enrolmentAdmin', 'authorizedSignatory', 'organizationUser']),
  }),
  answer: json(statusAnswer.extend({ id: slno.nullable() })),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'orgUnitSlNo', 'organizationUnit')],
  idempotent: true,
});

const manageUsersExport = manageUsersFilter
  .omit({ pageNumber: true, pageSize: true })
  .extend({ language });

export const exportManageUsers = defineEndpoint({
  id: 'exportManageUsers',
  area: 'manageUsers',
  method: 'POST',
  path: '/api/v1/excel/report/exportManageUsers',
  summary: 'Export the filtered users',
  origin: 'spec',
  access: 'session',
  body: manageUsersExport,
  answer: xlsx(EXPORT_FILE_NAMES.manageOrganizationUsers),
  tenant: tenantIn('body', 'organizationSlno'),
  records: [recordIn('body', 'orgUnitSlNo', 'organizationUnit')],
});

export const uavRequestsGrid = defineEndpoint({
  id: 'uavRequestsGrid',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/user/org/uav/viewCreateUavUsersGrid',
  summary: 'The organization’s new-user (UAV) requests',
  origin: 'spec',
  access: 'session',
  body: z.strictObject({
    orgSlNo: slno,
    ...pageRequest,
    ...filterRequest,
    statuses: z
      .array(z.union(Object.values(UAV_REQUEST_STATUS_CODES).map((code) => z.literal(code))))
      .optional(),
  }),
  answer: json(pageOf(uavRequestRow)),
  pageBase: 'one',
  tenant: tenantIn('body', 'orgSlNo'),
});

export const validateNationalId = defineEndpoint({
  id: 'validateNationalId',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/orguser/validate/nationalID',
  summary: 'Check a national id before creating a user (SPEC §5)',
  origin: 'spec',
  designNote:
    'Ours: answers "0" with errorMessage when the id is already a user or has an open request.',
  access: 'session',
  body: z.strictObject({ orgSlNo: slno, nationalID: nationalId }),
  answer: json(statusAnswer),
  tenant: tenantIn('body', 'orgSlNo'),
});

export const orgUserNafathVerify = defineEndpoint({
  id: 'orgUserNafathVerify',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/orguser/{idp}/verify',
  summary: 'Verify the new user through the identity app (start, then poll with transId)',
  origin: 'spec',
  designNote:
    'Ours: the same SPEC §4 pattern as login. Without transId it starts ("1" with the number); ' +
    'with it, it polls ("3" waiting, "1" approved, "0" failed).',
  access: 'session',
  params: z.strictObject({ idp: z.literal('nafath').default('nafath') }),
  body: z.strictObject({
    orgSlNo: slno,
    nationalID: nationalId,
    transId: requiredText(100).optional(),
  }),
  answer: json(
    statusAnswer.extend({
      transId: z.string().nullable(),
      random: z
        .string()
        .regex(/^\d{2}$/)
        .nullable(),
    }),
  ),
  tenant: tenantIn('body', 'orgSlNo'),
});

export const orgUserDetails = defineEndpoint({
  id: 'orgUserDetails',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/orguser/userDetails',
  summary: 'The verified new user’s details from the identity app',
  origin: 'spec',
  designNote:
    'Ours: the details come from the verification this admin completed in this browser for ' +
    'this national id (transId), for 30 minutes after the person approved; the identity app ' +
    'gives no gender, and a date of birth only when it has one.',
  access: 'session',
  body: z.strictObject({ orgSlNo: slno, nationalID: nationalId, transId: requiredText(100) }),
  answer: json(
    statusAnswer.extend({
      fullNameEnglish: z.string(),
      fullNameArabic: z.string(),
      nationality: z.string(),
      dateOfBirth: z.iso.date().nullable(),
    }),
  ),
  tenant: tenantIn('body', 'orgSlNo'),
});

const uavRequestRef = z.strictObject({ orgSlNo: slno, id: slno });

export const uavRequestDetails = defineEndpoint({
  id: 'uavRequestDetails',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/user/org/uav/viewUavRequest',
  summary: 'One new-user (UAV) request as its admin reads it (SPEC §2 `viewuav`)',
  origin: 'design',
  designNote:
    'SPEC §2 names the viewuav screen, not its call. Ours: the request with the person, the ' +
    'membership asked for, who made and who decided it, and whether the caller may cancel it.',
  access: 'session',
  body: uavRequestRef,
  answer: json(uavRequestDetail),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'id', 'newUserRequest')],
});

export const cancelUavRequest = defineEndpoint({
  id: 'cancelUavRequest',
  area: 'manageUsers',
  method: 'POST',
  path: 'api/v1/user/org/uav/cancelUavRequest',
  summary: 'Cancel an open new-user (UAV) request',
  origin: 'design',
  designNote:
    'SPEC §5 has the Cancelled status, not its call. Ours: an Enrolment Admin cancels a request ' +
    'while it is open (Initiated or Pending); a decided one answers 409 with a localized message.',
  access: 'session',
  body: uavRequestRef,
  answer: json(statusAnswer),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'id', 'newUserRequest')],
  idempotent: true,
});

// ── Supporting documents ──────────────────────────────────────────────────────────────────

export const uploadDocument = defineEndpoint({
  id: 'uploadDocument',
  area: 'documents',
  method: 'POST',
  path: 'api/v1/documents/org/{orgSlno}/upload',
  summary: 'Upload one supporting document for a request the caller is preparing',
  origin: 'design',
  designNote:
    'SPEC §3 shows documents on requests (id, category, name, status, type, uniqueFileId), not ' +
    'how they arrive. Ours: the file’s bytes as the body with its media type, its name and ' +
    'category in the query; the server reads the content (PDF, PNG or JPEG, as its name says), ' +
    'keeps it under a random id and answers the document. It belongs to the uploader until a ' +
    'request takes it (createUavRequest’s uniqueFileIds); one never taken is removed after a day.',
  access: 'session',
  params: z.strictObject({ orgSlno: z.coerce.number().pipe(slno) }),
  query: z.strictObject({
    name: requiredText(DOCUMENT_NAME_MAX_LENGTH * 2),
    category: z.enum(DOCUMENT_CATEGORIES),
  }),
  upload: { mediaTypes: DOCUMENT_MEDIA_TYPES, maxBytes: DOCUMENT_MAX_BYTES },
  answer: json(approvalDocument),
  tenant: tenantIn('path', 'orgSlno'),
});

export const downloadDocument = defineEndpoint({
  id: 'downloadDocument',
  area: 'documents',
  method: 'GET',
  path: 'api/v1/documents/org/{orgSlno}/{uniqueFileId}',
  summary: 'Download one supporting document of the organization',
  origin: 'design',
  designNote:
    'SPEC §3 says a request’s documents are viewable and downloadable. Ours: one call for every ' +
    'document of the organization, saved under its own name, for an Enrolment Admin (who uploads ' +
    'and approves); a document no request has taken yet is its uploader’s alone.',
  access: 'session',
  params: z.strictObject({ orgSlno: z.coerce.number().pipe(slno), uniqueFileId }),
  answer: { kind: 'document' },
  tenant: tenantIn('path', 'orgSlno'),
  records: [recordIn('path', 'uniqueFileId', 'document')],
});

// ── Organization approvals ──────────────────────────────────────────────────────────────────

const newUserRequestsBody = orgGrid(NEW_USER_APPROVAL_STATUSES).extend({
  language: approvalLanguage,
});

export const newUserRequests = defineEndpoint({
  id: 'newUserRequests',
  area: 'approvals',
  method: 'POST',
  path: '/api/v1/approval/org/users/new/requests',
  summary: 'New-user requests awaiting the organization’s approval (starts on Approved or Pending)',
  origin: 'spec',
  designNote: 'Ours: language is the approval request language "en" (SPEC §9).',
  access: 'session',
  body: newUserRequestsBody,
  answer: json(pageOf(newUserApprovalRow)),
  pageBase: 'one',
  tenant: tenantIn('body', 'orgSlNo'),
});

export const newUserRequestDetails = defineEndpoint({
  id: 'newUserRequestDetails',
  area: 'approvals',
  method: 'POST',
  path: '/api/v1/approval/org/users/new/viewNewRequestDetails',
  summary: 'One new-user request with its documents',
  origin: 'spec',
  designNote: 'SPEC §7 payload: userSlNo. Ours: orgSlNo too, so the server can check membership.',
  access: 'session',
  body: z.strictObject({ orgSlNo: slno, userSlNo: slno }),
  answer: json(newUserApprovalDetail),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'userSlNo', 'organizationUser')],
});

export const exportNewUserRequests = defineEndpoint({
  id: 'exportNewUserRequests',
  area: 'approvals',
  method: 'POST',
  path: '/api/v1/excel/report/exportOrganizationApprovalUserNewRequest',
  summary: 'Export the filtered new-user requests',
  origin: 'spec',
  access: 'session',
  body: exportOf(orgGrid(NEW_USER_APPROVAL_STATUSES)),
  answer: xlsx(EXPORT_FILE_NAMES.organizationUserNewRequest),
  tenant: tenantIn('body', 'orgSlNo'),
});

export const processNewUserRequest = defineEndpoint({
  id: 'processNewUserRequest',
  area: 'approvals',
  method: 'POST',
  path: '/api/v1/approval/org/users/new/process',
  summary: 'Approve or reject a new-user request',
  origin: 'design',
  designNote: 'The approval screens need an action; remarks are required to reject.',
  access: 'session',
  body: reviewBody({ orgSlNo: slno, userSlNo: slno }),
  answer: json(statusAnswer),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'userSlNo', 'organizationUser')],
  idempotent: true,
});

export const changeRequests = defineEndpoint({
  id: 'changeRequests',
  area: 'approvals',
  method: 'POST',
  path: '/api/v1/approval/org/users/change/requests',
  summary: 'Users’ change requests (starts on Approved or Pending)',
  origin: 'spec',
  access: 'session',
  body: orgGrid(REVIEW_REQUEST_STATUSES).extend({ language: approvalLanguage }),
  answer: json(pageOf(changeRequestRow)),
  pageBase: 'one',
  tenant: tenantIn('body', 'orgSlNo'),
});

export const exportChangeRequests = defineEndpoint({
  id: 'exportChangeRequests',
  area: 'approvals',
  method: 'POST',
  path: '/api/v1/excel/report/exportOrganizationApprovalUserChangeRequest',
  summary: 'Export the filtered change requests',
  origin: 'design',
  designNote:
    'SPEC §2 gives each approval list an export but names only the new-user requests’ call: this one is named after it, with the same filter.',
  access: 'session',
  body: exportOf(orgGrid(REVIEW_REQUEST_STATUSES)),
  answer: xlsx(CHANGE_REQUESTS_FILE_NAME),
  tenant: tenantIn('body', 'orgSlNo'),
});

export const changeRequestDetails = defineEndpoint({
  id: 'changeRequestDetails',
  area: 'approvals',
  method: 'POST',
  path: '/api/v1/approval/org/users/change/viewChangeRequestDetails',
  summary: 'One change request',
  origin: 'spec',
  access: 'session',
  body: z.strictObject({ orgSlNo: slno, userSlNo: slno, changeRequestSlno: slno }),
  answer: json(changeRequestDetail),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [
    recordIn('body', 'userSlNo', 'organizationUser'),
    recordIn('body', 'changeRequestSlno', 'changeRequest'),
  ],
});

export const processChangeRequest = defineEndpoint({
  id: 'processChangeRequest',
  area: 'approvals',
  method: 'POST',
  path: '/api/v1/approval/org/users/change/process',
  summary: 'Approve or reject a change request',
  origin: 'design',
  designNote: 'The approval screens need an action; remarks are required to reject.',
  access: 'session',
  body: reviewBody({ orgSlNo: slno, userSlNo: slno, changeRequestSlno: slno }),
  answer: json(statusAnswer),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [
    recordIn('body', 'userSlNo', 'organizationUser'),
    recordIn('body', 'changeRequestSlno', 'changeRequest'),
  ],
  idempotent: true,
});

// ── Reports ─────────────────────────────────────────────────────────────────────────────────

const deductionSummaryBody = orgGrid(PLAN_STATES, 'sipSlNo');

export const esignDeductionSummary = defineEndpoint({
  id: 'esignDeductionSummary',
  area: 'reports',
  method: 'POST',
  path: '/api/v1/reports/org/esign/deduction/summary',
  summary: 'eSign counter deduction summary per plan',
  origin: 'spec',
  designNote:
    'Ours: sipSlNo is the organization’s query id (SPEC §6). A row is one of the organization’s ' +
    'purchased plans (a lot of counters), its state active, usedUp or expired; its figures are ' +
    'the counters ledger’s: remaining is nothing once it expired, expiredCounters what it had ' +
    'left then, so the rows add up to the dashboard’s eSign counters (issue 43).',
  access: 'session',
  body: deductionSummaryBody,
  answer: json(pageOf(counterDeductionSummary)),
  pageBase: 'one',
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
});

export const exportEsignCounterDeductionSummary = defineEndpoint({
  id: 'exportEsignCounterDeductionSummary',
  area: 'reports',
  method: 'POST',
  path: '/api/v1/excel/report/exportEsignCounderDeductionSummaryReport',
  summary: 'Export the eSign counter deduction summary (path spelt as in the spec)',
  origin: 'spec',
  access: 'session',
  body: exportOf(deductionSummaryBody),
  answer: xlsx(EXPORT_FILE_NAMES.esignCounterDeductionSummary),
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
});

export const counterAllocationHistory = defineEndpoint({
  id: 'counterAllocationHistory',
  area: 'reports',
  method: 'POST',
  path: 'api/v1/reports/org/counter/allocation/history',
  summary: 'Role counter allocation history',
  origin: 'spec',
  access: 'session',
  body: z.strictObject({ sipSlNo: slno, ...pageRequest, ...filterRequest }),
  answer: json(pageOf(allocationHistory)),
  pageBase: 'one',
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
});

export const esignUsageByMonth = defineEndpoint({
  id: 'esignUsageByMonth',
  area: 'reports',
  method: 'GET',
  path: '/api/v1/reports/org/esign/usage/{sipSlNo}',
  summary: 'eSign counters used per month, the last twelve months',
  origin: 'design',
  designNote:
    'Issue 15 asks the eSign report for utilization over time as a chart. Ours: the counters ' +
    'ledger’s consumptions per calendar month in Riyadh, oldest first, every month present.',
  access: 'session',
  params: z.strictObject({ sipSlNo: z.coerce.number().pipe(slno) }),
  answer: json(
    z.object({
      months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), used: count })),
    }),
  ),
  tenant: tenantIn('path', 'sipSlNo', 'organizationQueryId'),
});

export const roleDeductionSummaryReport = defineEndpoint({
  id: 'roleDeductionSummaryReport',
  area: 'reports',
  method: 'GET',
  path: '/api/v1/reports/org/role/deduction/summary/{sipSlNo}',
  summary: 'Role counter deduction summary: total, utilized, remaining per role',
  origin: 'spec',
  access: 'session',
  params: z.strictObject({ sipSlNo: z.coerce.number().pipe(slno) }),
  answer: json(roleDeductionSummary),
  tenant: tenantIn('path', 'sipSlNo', 'organizationQueryId'),
});

export const exportOrgRoleCounterDeductionSummary = defineEndpoint({
  id: 'exportOrgRoleCounterDeductionSummary',
  area: 'reports',
  method: 'POST',
  path: 'api/v1/excel/report/exportOrgRoleCounterDeductionSummary',
  summary: 'Export the role counter deduction summary with its allocation history',
  origin: 'spec',
  access: 'session',
  body: z.strictObject({ sipSlNo: slno, ...filterRequest, language }),
  answer: xlsx(EXPORT_FILE_NAMES.esignRoleCounterDeductionSummary),
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
});

// ── Buying counters and plans ───────────────────────────────────────────────────────────────

const countersBody = orgGrid(PLAN_PURCHASE_STATUSES, 'sipSlNo');
const quantityParams = z.strictObject({ id: z.coerce.number().pipe(slno) });
/** Ours: the request id is only meaningful inside the caller's organization. */
const quantityBody = z.strictObject({ sipSlNo: slno });

export const purchasedCounters = defineEndpoint({
  id: 'purchasedCounters',
  area: 'buying',
  method: 'POST',
  path: 'api/v1/buy/org/counters',
  summary: 'eSign counters the organization purchased',
  origin: 'spec',
  access: 'session',
  body: countersBody,
  answer: json(pageOf(counterPurchaseRow)),
  pageBase: 'one',
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
});

export const counterQuantityGrid = defineEndpoint({
  id: 'counterQuantityGrid',
  area: 'buying',
  method: 'POST',
  path: 'api/v1/buy/org/counters/quantityGridCounter/{id}',
  summary: 'The plans and quantities of one counter purchase',
  origin: 'spec',
  access: 'session',
  params: quantityParams,
  body: quantityBody,
  answer: json(listOf(quantityRow)),
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
  records: [recordIn('path', 'id', 'purchase')],
});

export const counterPlans = defineEndpoint({
  id: 'counterPlans',
  area: 'buying',
  method: 'POST',
  path: 'api/v1/buy/org/counters/plans/{id}',
  summary: 'Counter plans the organization can buy, with VAT',
  origin: 'spec',
  access: 'session',
  params: z.strictObject({ id: z.coerce.number().pipe(slno) }),
  answer: json(listOf(userPaxRow).extend({ vat: z.number().min(0).max(100) })),
  tenant: tenantIn('path', 'id', 'organizationQueryId'),
});

const l1Plan = z.object({
  planId: slno,
  /** Ours: the pack's id, as a checkout names it. */
  paxUniqueId: z.string(),
  planName: z.string(),
  planDescription: z.string(),
  transactionLimit: count,
  validity: z.string(),
  price: sar,
});

export const l1Plans = defineEndpoint({
  id: 'l1Plans',
  area: 'buying',
  method: 'GET',
  path: 'api/v1/buy/org/getL1Plans',
  summary: 'Plans an L1 provider offers (SIP buy counter)',
  origin: 'spec',
  access: 'session',
  query: z.strictObject({ sipId: z.coerce.number().pipe(slno) }),
  // Ours: the VAT in percent, as the other plan lists give it.
  answer: json(listOf(l1Plan).extend({ vat: z.number().min(0).max(100) })),
  tenant: tenantIn('query', 'sipId', 'provider'),
});

export const l2Sips = defineEndpoint({
  id: 'l2Sips',
  area: 'buying',
  method: 'GET',
  path: 'api/v1/buy/org/getL2Sips',
  summary: 'The L2 providers under an L1 provider',
  origin: 'spec',
  access: 'session',
  query: z.strictObject({ sipId: z.coerce.number().pipe(slno) }),
  answer: json(listOf(z.object({ l2SipId: slno, sipName: z.string(), sipNameArabic: z.string() }))),
  tenant: tenantIn('query', 'sipId', 'provider'),
});

export const l1PlanDetails = defineEndpoint({
  id: 'l1PlanDetails',
  area: 'buying',
  method: 'GET',
  path: 'api/v1/buy/org/getL1PlanDetails',
  summary: 'One L1 plan with its pricing',
  origin: 'spec',
  access: 'session',
  query: z.strictObject({ planId: z.coerce.number().pipe(slno) }),
  answer: json(l1Plan.extend({ tax: sar, totalPrice: sar, vat: z.number().min(0).max(100) })),
});

export const exportPurchaseCounter = defineEndpoint({
  id: 'exportPurchaseCounter',
  area: 'buying',
  method: 'POST',
  path: 'api/v1/excel/report/exportPurchaseCounter',
  summary: 'Export the purchased counters',
  origin: 'spec',
  access: 'session',
  body: exportOf(countersBody),
  answer: xlsx(EXPORT_FILE_NAMES.counterPurchasedPlan),
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
});

const rolePlansBody = orgGrid(PLAN_PURCHASE_STATUSES, 'sipSlNo');

export const rolePlans = defineEndpoint({
  id: 'rolePlans',
  area: 'buying',
  method: 'POST',
  path: 'api/v1/buy/org/role/plans',
  summary: 'Role plans the organization purchased',
  origin: 'spec',
  access: 'session',
  body: rolePlansBody,
  answer: json(pageOf(rolePlanPurchaseRow)),
  pageBase: 'one',
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
});

export const roleQuantityGrid = defineEndpoint({
  id: 'roleQuantityGrid',
  area: 'buying',
  method: 'POST',
  path: '/api/v1/buy/org/role/quantityGridRole/{id}',
  summary: 'The plans and quantities of one role plan purchase',
  origin: 'spec',
  access: 'session',
  params: quantityParams,
  body: quantityBody,
  answer: json(listOf(quantityRow)),
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
  records: [recordIn('path', 'id', 'purchase')],
});

export const rolePlanDescription = defineEndpoint({
  id: 'rolePlanDescription',
  area: 'buying',
  method: 'GET',
  path: 'api/v1/buy/org/role/rolePlanDescription',
  summary: 'Role plans on sale, per role, with VAT',
  origin: 'spec',
  access: 'session',
  answer: json(listOf(userPaxRow).extend({ vat: z.number().min(0).max(100) })),
});

export const exportPurchaseOrgRolePlan = defineEndpoint({
  id: 'exportPurchaseOrgRolePlan',
  area: 'buying',
  method: 'POST',
  path: 'api/v1/excel/report/exportPurchaseOrgRolePlan',
  summary: 'Export the purchased role plans',
  origin: 'spec',
  access: 'session',
  body: exportOf(rolePlansBody),
  answer: xlsx(EXPORT_FILE_NAMES.organizationRolePlans),
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
});

/** The packs of one order, each chosen once with its quantity. */
const packItems = z
  .array(z.strictObject({ paxUniqueId: requiredText(100), quantity: z.int().min(1).max(100_000) }))
  .min(1)
  .max(50);

/**
 * The order, its payment and the gateway's page to pay it, with the amounts: what a checkout
 * answers, and paying a priced special plan or purchase order.
 */
const paymentStarted = z.object({
  encodedOrderSlno: z.string(),
  encodedPaymentSlno: z.string(),
  paymentUrl: z.url(),
  price: sar,
  tax: sar,
  totalPrice: sar,
});
const checkoutAnswer = json(paymentStarted);

export const buyOrganizationPlan = defineEndpoint({
  id: 'buyOrganizationPlan',
  area: 'payments',
  method: 'POST',
  path: 'api/v1/buy/org/checkout',
  summary: 'Order counters or role plans for the organization and start paying',
  origin: 'design',
  designNote:
    'The buy counter and buy role plan screens (QuantityDialog) need a checkout. Prices are the ' +
    'server’s; the Idempotency-Key header makes a double click one order.',
  access: 'session',
  body: z.strictObject({
    sipSlNo: slno,
    category: z.enum(['counter', 'role']),
    items: packItems,
  }),
  answer: checkoutAnswer,
  tenant: tenantIn('body', 'sipSlNo', 'organizationQueryId'),
  idempotent: true,
});

export const buyL2Counters = defineEndpoint({
  id: 'buyL2Counters',
  area: 'payments',
  method: 'POST',
  path: 'api/v1/buy/sip/checkout',
  summary: 'An L1 provider orders eSign counters for one of its L2 providers and starts paying',
  origin: 'design',
  designNote:
    'The sipBuyCounter screen (SPEC §2) lists the L2 providers (getL2Sips) and the L1 plans ' +
    '(getL1Plans) and needs a checkout. The paid counters are the L2 provider’s stock. Prices are ' +
    'the server’s; the Idempotency-Key header makes a double click one order.',
  access: 'session',
  body: z.strictObject({ sipId: slno, l2SipId: slno, items: packItems }),
  answer: checkoutAnswer,
  tenant: tenantIn('body', 'sipId', 'provider'),
  records: [recordIn('body', 'l2SipId', 'l2Provider')],
  idempotent: true,
});

// ── Special plans and purchase orders ───────────────────────────────────────────────────────

const specialPlansBody = orgGrid(SPECIAL_PLAN_STATUSES);
const requestQuantityParams = z.strictObject({
  requestSlNo: z.coerce.number().pipe(slno),
  planType: requiredText(50),
});
const orgOnlyBody = z.strictObject({ orgSlNo: slno });

export const specialPlans = defineEndpoint({
  id: 'specialPlans',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/org/special/plans',
  summary: 'The organization’s special plan requests',
  origin: 'spec',
  access: 'session',
  body: specialPlansBody,
  answer: json(pageOf(specialPlanRow)),
  pageBase: 'one',
  tenant: tenantIn('body', 'orgSlNo'),
});

export const specialPlanQuantityGrid = defineEndpoint({
  id: 'specialPlanQuantityGrid',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/org/special/quantityGridSpecialPlan/{requestSlNo}/{planType}',
  summary: 'The plans and quantities of one special plan request',
  origin: 'spec',
  access: 'session',
  params: requestQuantityParams,
  body: orgOnlyBody,
  answer: json(listOf(quantityRow)),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('path', 'requestSlNo', 'specialPlanRequest')],
});

export const exportSpecialPlan = defineEndpoint({
  id: 'exportSpecialPlan',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/excel/report/exportSpecialPlan',
  summary: 'Export the special plan requests',
  origin: 'spec',
  access: 'session',
  body: exportOf(specialPlansBody),
  answer: xlsx(EXPORT_FILE_NAMES.specialPlan),
  tenant: tenantIn('body', 'orgSlNo'),
});

export const requestSpecialPlan = defineEndpoint({
  id: 'requestSpecialPlan',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/org/special/request',
  summary: 'Ask the organization’s L1 provider for a special (negotiated) plan',
  origin: 'design',
  designNote:
    'The buy special plan screen (buyspecialplan) needs a request: how many eSign counters or ' +
    'seats of which role, and why. The L1 provider prices or refuses it (decideSpecialPlan).',
  access: 'session',
  body: z.strictObject({
    orgSlNo: slno,
    planType: z.enum(SPECIAL_PLAN_TYPES),
    quantity: z.int().min(1).max(10_000_000),
    justification: requiredText(1000),
  }),
  answer: json(statusAnswer.extend({ id: slno.nullable() })),
  tenant: tenantIn('body', 'orgSlNo'),
  idempotent: true,
});

export const paySpecialPlan = defineEndpoint({
  id: 'paySpecialPlan',
  area: 'payments',
  method: 'POST',
  path: 'api/v1/purchase/org/special/pay',
  summary: 'Pay an approved special plan at the gateway',
  origin: 'design',
  designNote:
    'An approved special plan is paid like any order: the open attempt’s page, or a new one.',
  access: 'session',
  body: z.strictObject({ orgSlNo: slno, requestSlNo: slno }),
  answer: json(paymentStarted),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'requestSlNo', 'specialPlanRequest')],
  idempotent: true,
});

export const purchaseRequestPlans = defineEndpoint({
  id: 'purchaseRequestPlans',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/org/requests/plans/{category}/{orgSlno}',
  summary: 'Plans an organization can put on a purchase order, by category',
  origin: 'spec',
  access: 'session',
  params: z.strictObject({
    category: z.enum(['counter', 'role', 'special']),
    orgSlno: z.coerce.number().pipe(slno),
  }),
  answer: json(listOf(userPaxRow).extend({ vat: z.number().min(0).max(100) })),
  tenant: tenantIn('path', 'orgSlno'),
});

const purchaseOrdersBody = orgGrid(PURCHASE_ORDER_STATUSES);

export const purchaseOrders = defineEndpoint({
  id: 'purchaseOrders',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/org/requests',
  summary: 'The organization’s purchase order requests',
  origin: 'spec',
  access: 'session',
  body: purchaseOrdersBody,
  answer: json(pageOf(purchaseOrderRow)),
  pageBase: 'one',
  tenant: tenantIn('body', 'orgSlNo'),
});

/** Where a purchase order's bank transfer goes: the L1 provider's account. */
const payee = z.object({
  providerName: z.string(),
  bankName: z.string(),
  iban: z.string(),
});

export const createPurchaseOrder = defineEndpoint({
  id: 'createPurchaseOrder',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/org/requests/create',
  summary: 'Order packs to pay by bank transfer (a purchase order)',
  origin: 'design',
  designNote:
    'The purchase requests screen needs to make one: packs of a category from ' +
    'requests/plans/{category}, at the server’s prices; the Idempotency-Key makes a double ' +
    'click one order.',
  access: 'session',
  body: z.strictObject({
    orgSlNo: slno,
    category: z.enum(['counter', 'role']),
    items: z
      .array(
        z.strictObject({ paxUniqueId: requiredText(100), quantity: z.int().min(1).max(100_000) }),
      )
      .min(1)
      .max(50),
  }),
  answer: json(
    statusAnswer.extend({
      id: slno,
      transactionNo: z.string(),
      totalPrice: sar,
      payee,
    }),
  ),
  tenant: tenantIn('body', 'orgSlNo'),
  idempotent: true,
});

export const purchaseOrderPayee = defineEndpoint({
  id: 'purchaseOrderPayee',
  area: 'specialPlans',
  method: 'GET',
  path: 'api/v1/purchase/org/requests/payee/{orgSlno}',
  summary: 'The bank account a purchase order’s transfer goes to',
  origin: 'design',
  designNote: 'A purchase order is paid by bank transfer: the page says to which account.',
  access: 'session',
  params: z.strictObject({ orgSlno: z.coerce.number().pipe(slno) }),
  answer: json(payee),
  tenant: tenantIn('path', 'orgSlno'),
});

export const recordPurchaseOrderTransfer = defineEndpoint({
  id: 'recordPurchaseOrderTransfer',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/org/requests/transfer',
  summary: 'Record the reference of the bank transfer that pays a purchase order',
  origin: 'design',
  designNote:
    'Offline payment: the organization says which transfer pays the order (paymentInitiated); ' +
    'its provider then confirms receipt.',
  access: 'session',
  body: z.strictObject({ orgSlNo: slno, requestSlNo: slno, transferReference: requiredText(64) }),
  answer: json(statusAnswer),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('body', 'requestSlNo', 'purchaseOrder')],
  idempotent: true,
});

export const purchaseOrderQuantityGrid = defineEndpoint({
  id: 'purchaseOrderQuantityGrid',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/purchase/org/requests/quantityGridPurchaseOrder/{requestSlNo}/{planType}',
  summary: 'The plans and quantities of one purchase order',
  origin: 'spec',
  access: 'session',
  params: requestQuantityParams,
  body: orgOnlyBody,
  answer: json(listOf(quantityRow)),
  tenant: tenantIn('body', 'orgSlNo'),
  records: [recordIn('path', 'requestSlNo', 'purchaseOrder')],
});

export const exportPurchaseOrderRequest = defineEndpoint({
  id: 'exportPurchaseOrderRequest',
  area: 'specialPlans',
  method: 'POST',
  path: 'api/v1/excel/report/exportPurchaseOrderRequest',
  summary: 'Export the purchase order requests',
  origin: 'spec',
  access: 'session',
  body: exportOf(purchaseOrdersBody),
  answer: xlsx(EXPORT_FILE_NAMES.purchaseOrderRequest),
  tenant: tenantIn('body', 'orgSlNo'),
});

// ── Organization profile ────────────────────────────────────────────────────────────────────

export const organizationUnits = defineEndpoint({
  id: 'organizationUnits',
  area: 'profile',
  method: 'POST',
  path: '/api/v1/profile/org/units',
  summary: 'The organization’s units with their status and documents',
  origin: 'spec',
  designNote: `Ours: orgSlNo defaults to ${DEFAULT_IDS.manageOrganizationUnitOrgSlNo} (SPEC §9).`,
  access: 'session',
  body: z.strictObject({
    orgSlNo: slno.default(DEFAULT_IDS.manageOrganizationUnitOrgSlNo),
    ...pageRequest,
  }),
  answer: json(pageOf(organizationUnit)),
  pageBase: 'one',
  tenant: tenantIn('body', 'orgSlNo'),
});

export const organizationProfileView = defineEndpoint({
  id: 'organizationProfileView',
  area: 'profile',
  method: 'POST',
  path: '/api/v1/profile/org/view/{orgSlno}',
  summary: 'The organization’s details',
  origin: 'spec',
  access: 'session',
  params: z.strictObject({ orgSlno: z.coerce.number().pipe(slno) }),
  answer: json(organizationProfile),
  tenant: tenantIn('path', 'orgSlno'),
});

/** An organization's logo for its signatures' stamps (issue 44): small, PNG or JPEG. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
/** Each side of a logo in pixels: legible, and no photograph to decode on every stamp. */
export const LOGO_MIN_SIDE = 16;
export const LOGO_MAX_SIDE = 1000;

const logoNote =
  'Issue 44: a signature paid by the organization may show its own logo on the stamp (the ' +
  '`organization` appearance). One logo per organization, read from its header (PNG of 8 bits a ' +
  'channel or JPEG, each side 16–1000 pixels), replaced by the next; members see it, its ' +
  'Enrolment Admins change it.';

export const organizationLogo = defineEndpoint({
  id: 'organizationLogo',
  area: 'profile',
  method: 'GET',
  path: 'api/v1/profile/org/{orgSlno}/logo',
  summary: 'The organization’s logo for its signatures (null when it has none)',
  origin: 'design',
  designNote: logoNote + ' Answered as JSON (the image in base64): having none is no error.',
  access: 'session',
  params: z.strictObject({ orgSlno: z.coerce.number().pipe(slno) }),
  answer: json(
    z.object({
      logo: z.object({ mediaType: z.enum(LOGO_MEDIA_TYPES), content: z.base64() }).nullable(),
    }),
  ),
  tenant: tenantIn('path', 'orgSlno'),
});

export const uploadOrganizationLogo = defineEndpoint({
  id: 'uploadOrganizationLogo',
  area: 'profile',
  method: 'POST',
  path: 'api/v1/profile/org/{orgSlno}/logo',
  summary: 'Upload the organization’s logo for its signatures (replacing the one before)',
  origin: 'design',
  designNote: logoNote,
  access: 'session',
  params: z.strictObject({ orgSlno: z.coerce.number().pipe(slno) }),
  upload: { mediaTypes: LOGO_MEDIA_TYPES, maxBytes: LOGO_MAX_BYTES },
  answer: json(z.object({ width: z.int().positive(), height: z.int().positive() })),
  tenant: tenantIn('path', 'orgSlno'),
});

export const removeOrganizationLogo = defineEndpoint({
  id: 'removeOrganizationLogo',
  area: 'profile',
  method: 'POST',
  path: 'api/v1/profile/org/{orgSlno}/logo/remove',
  summary: 'Remove the organization’s logo: its signatures show the service’s mark again',
  origin: 'design',
  designNote: logoNote,
  access: 'session',
  params: z.strictObject({ orgSlno: z.coerce.number().pipe(slno) }),
  answer: json(statusAnswer),
  tenant: tenantIn('path', 'orgSlno'),
});

export const organizationCertificate = defineEndpoint({
  id: 'organizationCertificate',
  area: 'profile',
  method: 'GET',
  path: '/api/v1/profile/org/cert/info/{orgSlno}',
  summary: 'The organization’s certificate',
  origin: 'spec',
  access: 'session',
  params: z.strictObject({ orgSlno: z.coerce.number().pipe(slno) }),
  answer: json(certificateInfo.nullable()),
  tenant: tenantIn('path', 'orgSlno'),
});

export const sponsorTpocInfo = defineEndpoint({
  id: 'sponsorTpocInfo',
  area: 'profile',
  method: 'POST',
  path: '/api/v1/profile/org/sponsor/tpoc/info',
  summary: 'The primary sponsor and technical contact, for the profile header',
  origin: 'spec',
  access: 'session',
  body: orgOnlyBody,
  answer: json(
    z.object({ sponsor: contactPerson.nullable(), technicalContact: contactPerson.nullable() }),
  ),
  tenant: tenantIn('body', 'orgSlNo'),
});

export const sponsors = defineEndpoint({
  id: 'sponsors',
  area: 'profile',
  method: 'POST',
  path: '/api/v1/profile/org/sponsors',
  summary: 'The organization’s application sponsors',
  origin: 'spec',
  access: 'session',
  body: orgOnlyBody,
  answer: json(listOf(contactPerson)),
  tenant: tenantIn('body', 'orgSlNo'),
});

export const technicalContacts = defineEndpoint({
  id: 'technicalContacts',
  area: 'profile',
  method: 'POST',
  path: '/api/v1/profile/org/tpocs',
  summary: 'The organization’s technical points of contact',
  origin: 'spec',
  access: 'session',
  body: orgOnlyBody,
  answer: json(listOf(contactPerson)),
  tenant: tenantIn('body', 'orgSlNo'),
});

export const organizationAdmins = defineEndpoint({
  id: 'organizationAdmins',
  area: 'profile',
  method: 'POST',
  path: '/api/v1/profile/org/admin',
  summary: 'The organization’s admins',
  origin: 'spec',
  access: 'session',
  body: orgOnlyBody,
  answer: json(listOf(organizationAdmin)),
  tenant: tenantIn('body', 'orgSlNo'),
});

// ── Organization eSign transactions ─────────────────────────────────────────────────────────

const orgEsignBody = orgGrid(ESIGN_TRANSACTION_STATUSES).extend({ planType: text(50).optional() });

export const orgEsignTransactions = defineEndpoint({
  id: 'orgEsignTransactions',
  area: 'orgEsignTransactions',
  method: 'POST',
  path: '/api/v1/org/esigntransactions/getOrgEsignTransactions',
  summary: 'The organization’s eSign transactions',
  origin: 'spec',
  designNote: 'Ours: pageNumber is zero-based here (one of the "few" of SPEC §5).',
  access: 'session',
  body: orgEsignBody,
  answer: json(pageOf(orgEsignTransaction)),
  pageBase: 'zero',
  tenant: tenantIn('body', 'orgSlNo'),
});

export const exportOrgEsignTransactions = defineEndpoint({
  id: 'exportOrgEsignTransactions',
  area: 'orgEsignTransactions',
  method: 'POST',
  path: '/api/v1/excel/report/exportOrgEsignTransactions',
  summary: 'Export the organization’s eSign transactions',
  origin: 'spec',
  access: 'session',
  body: exportOf(orgEsignBody),
  answer: xlsx(EXPORT_FILE_NAMES.esignTransactions),
  tenant: tenantIn('body', 'orgSlNo'),
});

export const orgEsignPlanTypes = defineEndpoint({
  id: 'orgEsignPlanTypes',
  area: 'orgEsignTransactions',
  method: 'POST',
  path: '/api/v1/org/esigntransactions/getPlanType',
  summary: 'The plan types seen in the organization’s transactions, for the filter',
  origin: 'spec',
  access: 'session',
  query: z.strictObject({ orgSlno: z.coerce.number().pipe(slno) }),
  answer: json(listOf(z.string())),
  tenant: tenantIn('query', 'orgSlno'),
});

const esignLogQuery = z.strictObject({
  esignlogsSlNo: z.coerce.number().pipe(slno),
  orgSlno: z.coerce.number().pipe(slno),
});
const esignLogNote =
  'Ours: orgSlno in the query too, so the server can check the log is the organization’s.';

export const orgEsignRequest = defineEndpoint({
  id: 'orgEsignRequest',
  area: 'orgEsignTransactions',
  method: 'POST',
  path: 'api/v1/org/esigntransactions/transactions/request',
  summary: 'The request data of one transaction',
  origin: 'spec',
  designNote: esignLogNote,
  access: 'session',
  query: esignLogQuery,
  answer: json(esignTransactionRecord),
  tenant: tenantIn('query', 'orgSlno'),
  records: [recordIn('query', 'esignlogsSlNo', 'esignTransaction')],
});

export const orgEsignResponse = defineEndpoint({
  ...orgEsignRequest,
  id: 'orgEsignResponse',
  path: 'api/v1/org/esigntransactions/transactions/response',
  summary: 'The response data of one transaction',
});

export const orgEsignSignResponse = defineEndpoint({
  ...orgEsignRequest,
  id: 'orgEsignSignResponse',
  path: 'api/v1/org/esigntransactions/transactions/signresponse',
  summary: 'The signed response data of one transaction',
});

export const orgEsignSipId = defineEndpoint({
  id: 'orgEsignSipId',
  area: 'orgEsignTransactions',
  method: 'GET',
  path: 'api/v1/org/esigntransactions/transactions/getSipId',
  summary: 'The signing service provider the organization’s transactions go through',
  origin: 'spec',
  designNote: 'Ours: orgSlno in the query names the organization.',
  access: 'session',
  query: z.strictObject({ orgSlno: z.coerce.number().pipe(slno) }),
  answer: json(z.object({ sipSlNo: slno, sipId: z.string(), sipLevel: providerLevel })),
  tenant: tenantIn('query', 'orgSlno'),
});

// ── Enrolment admin dashboard ───────────────────────────────────────────────────────────────

export const enrolmentAdminDashboard = defineEndpoint({
  id: 'enrolmentAdminDashboard',
  area: 'dashboards',
  method: 'POST',
  path: '/api/v1/dashboard/dashboardDetailsForEnrolmentAdmin',
  summary: 'The organization dashboard for enrolment admins',
  origin: 'spec',
  designNote: 'Answer not shown; ours.',
  access: 'session',
  body: z.strictObject({ sipSlno: slno, organizationSlNo: slno }),
  answer: json(
    z.object({
      totalUsers: count,
      activeUsers: count,
      pendingApprovals: count,
      pendingChangeRequests: count,
      /**
       * The sums of the eSign counter deduction report's rows (ours, issue 43: expired is what
       * expired plans had left, so total = utilized + remaining + expired).
       */
      esignCounters: z.object({ total: count, utilized: count, remaining: count, expired: count }),
      roleCounters: roleDeductionSummary,
      recentTransactions: z.array(orgEsignTransaction),
    }),
  ),
  tenant: tenantIn('body', 'organizationSlNo'),
  records: [recordIn('body', 'sipSlno', 'tenantQueryId')],
});
