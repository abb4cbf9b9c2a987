/**
 * Who may make each call (SECURITY.md: every route declares its policy; the server refuses to
 * start with one that does not): public, the signed-in user's own (the individual area), or a
 * member of the organization (or staff of the provider) the request names, allowed the call's action by
 * the domain's one permission table (`PERMISSIONS`), which the portal reads too.
 */
import type { EndpointId } from '@tawqi/api';
import type { OrganizationAction } from '@tawqi/domain';

export type Policy =
  | { kind: 'public' }
  | { kind: 'session' }
  /** A pre-enrolment application's own call: its secret, not a session (issue 17). */
  | { kind: 'applicant' }
  | { kind: 'member'; action: OrganizationAction };

const PUBLIC: Policy = { kind: 'public' };
const SELF: Policy = { kind: 'session' };
const APPLICANT: Policy = { kind: 'applicant' };
const member = (action: OrganizationAction): Policy => ({ kind: 'member', action });
const MEMBER = member('viewOrganization');
const DASHBOARD = member('viewAdminDashboard');
const USERS = member('manageUsers');
const APPROVE = member('approve');
const REPORTS = member('readReports');
const BUYER = member('buy');
const SIGNING = member('sign');
/** Provider calls (issue 36): the staff of the L1 provider the request names. */
const L1_STAFF = member('viewL2Providers');
const L2_DECISIONS = member('decideL2Requests');
const PRICING = member('priceSpecialPlans');
const PAYMENTS = member('confirmPurchaseOrders');
const ALLOCATING = member('allocateToL2Providers');

export const POLICIES: Record<EndpointId, Policy> = {
  nafathLoginInitiate: PUBLIC,
  nafathEnrollmentInitiate: PUBLIC,
  nafathLoginVerify: PUBLIC,
  nafathEnrollmentVerify: PUBLIC,
  credentialsLoginInitiate: PUBLIC,
  credentialsVerifyOtp: PUBLIC,
  refresh: PUBLIC,
  kycRenewalInitiate: SELF,
  kycRenewalVerify: SELF,
  logout: SELF,
  keepAlive: SELF,
  changeMyContactStart: SELF,
  changeMyContactVerify: SELF,
  setMyPassword: SELF,
  paymentReceipt: SELF,
  currentPlans: SELF,
  purchasedPlans: SELF,
  planHistory: SELF,
  paymentHistory: SELF,
  commonEsignPlans: PUBLIC,
  myTransactions: SELF,
  exportMyTransactions: SELF,
  myDocuments: SELF,
  esignTransactionStatus: SELF,
  myProfile: SELF,
  myMobiles: SELF,
  myEmails: SELF,
  myAgreements: SELF,
  downloadAgreement: SELF,
  myDashboard: SELF,
  myNotifications: SELF,
  registeredDevices: SELF,
  buyEsignPlan: SELF,
  initiatePayment: SELF,
  recheckPayment: SELF,
  paymentStatus: SELF,
  markNotificationsRead: SELF,
  certificateProducts: PUBLIC,
  certificateRepository: PUBLIC,
  esignApproval: PUBLIC,
  verifySignedPdf: PUBLIC,
  mySignedDocument: SELF,
  buyCertificate: SELF,
  myCertificateRequests: SELF,
  submitCertificateKey: SELF,
  confirmCertificateInitiate: SELF,
  confirmCertificateVerify: SELF,
  myCertificates: SELF,
  revokeCertificateInitiate: SELF,
  revokeCertificateVerify: SELF,
  requestOrganizationCertificate: MEMBER,
  certificateApprovals: APPROVE,
  processCertificateRequest: APPROVE,
  dscReport: REPORTS,
  exportDscReport: REPORTS,
  removeRegisteredDevice: SELF,
  manageUsersGrid: USERS,
  viewOrganizationUser: USERS,
  requestMemberChange: USERS,
  setMemberActive: USERS,
  changeMemberRole: USERS,
  organizationUnitList: MEMBER,
  employeeIdList: USERS,
  createUavRequest: USERS,
  exportManageUsers: USERS,
  uavRequestsGrid: USERS,
  validateNationalId: USERS,
  orgUserNafathVerify: USERS,
  orgUserDetails: USERS,
  uavRequestDetails: USERS,
  cancelUavRequest: USERS,
  uploadDocument: USERS,
  // And within the organization, what it belongs to decides (modules/documents).
  downloadDocument: USERS,
  newUserRequests: APPROVE,
  newUserRequestDetails: APPROVE,
  exportNewUserRequests: APPROVE,
  processNewUserRequest: APPROVE,
  changeRequests: APPROVE,
  changeRequestDetails: APPROVE,
  processChangeRequest: APPROVE,
  esignDeductionSummary: REPORTS,
  exportEsignCounterDeductionSummary: REPORTS,
  counterAllocationHistory: REPORTS,
  esignUsageByMonth: REPORTS,
  roleDeductionSummaryReport: REPORTS,
  exportOrgRoleCounterDeductionSummary: REPORTS,
  purchasedCounters: BUYER,
  counterQuantityGrid: BUYER,
  counterPlans: BUYER,
  l1Plans: L1_STAFF,
  l2Sips: L1_STAFF,
  l1PlanDetails: SELF,
  exportPurchaseCounter: BUYER,
  rolePlans: BUYER,
  roleQuantityGrid: BUYER,
  rolePlanDescription: SELF,
  exportPurchaseOrgRolePlan: BUYER,
  buyOrganizationPlan: BUYER,
  // The L1 provider's staff buy for one of its L2 providers.
  buyL2Counters: ALLOCATING,
  specialPlans: BUYER,
  specialPlanQuantityGrid: BUYER,
  exportSpecialPlan: BUYER,
  requestSpecialPlan: BUYER,
  paySpecialPlan: BUYER,
  // Decided for the organizations under an L1 provider, by its staff.
  providerSpecialPlans: L1_STAFF,
  decideSpecialPlan: PRICING,
  createPurchaseOrder: BUYER,
  purchaseOrderPayee: BUYER,
  recordPurchaseOrderTransfer: BUYER,
  // Confirmed for the organizations under an L1 provider, by its staff.
  providerPurchaseOrders: L1_STAFF,
  confirmPurchaseOrder: PAYMENTS,
  purchaseRequestPlans: BUYER,
  purchaseOrders: BUYER,
  purchaseOrderQuantityGrid: BUYER,
  exportPurchaseOrderRequest: BUYER,
  organizationUnits: MEMBER,
  organizationProfileView: MEMBER,
  organizationCertificate: MEMBER,
  sponsorTpocInfo: MEMBER,
  sponsors: MEMBER,
  technicalContacts: MEMBER,
  organizationAdmins: MEMBER,
  orgEsignTransactions: SIGNING,
  exportOrgEsignTransactions: SIGNING,
  orgEsignPlanTypes: SIGNING,
  orgEsignRequest: SIGNING,
  orgEsignResponse: SIGNING,
  orgEsignSignResponse: SIGNING,
  orgEsignSipId: MEMBER,
  enrolmentAdminDashboard: DASHBOARD,
  // Every staff member of a provider, of either level.
  providerDashboard: member('viewProvider'),
  l2RequestsGrid: L1_STAFF,
  l2RequestView: L1_STAFF,
  l2RequestDocument: L1_STAFF,
  l2OrganizationView: L1_STAFF,
  processL2Request: L2_DECISIONS,
  l2StockAllocationReport: L1_STAFF,
  exportL2StockAllocationReports: L1_STAFF,
  l1RemainingCounters: L1_STAFF,
  l2RoleCounterAllocations: L1_STAFF,
  exportL2RoleCounterAllocations: L1_STAFF,
  allocateL2Stock: ALLOCATING,
  allocateL2RoleCounters: ALLOCATING,
  countries: PUBLIC,
  states: PUBLIC,
  cities: PUBLIC,
  calendarMonths: PUBLIC,
  vat: PUBLIC,
  recaptchaClientKey: PUBLIC,
  translations: PUBLIC,
  contactUs: PUBLIC,
  captchaChallenge: PUBLIC,
  enrolmentProviders: PUBLIC,
  enrolmentNafathVerify: PUBLIC,
  verifyApplicationEmail: PUBLIC,
  myApplication: APPLICANT,
  saveApplication: APPLICANT,
  uploadApplicationDocument: APPLICANT,
  removeApplicationDocument: APPLICANT,
  submitApplication: APPLICANT,
  resendApplicationEmail: APPLICANT,
  payApplicationFee: APPLICANT,
  applicationPaymentStatus: APPLICANT,
  inviteOrgUser: USERS,
  openInvitation: PUBLIC,
  invitationNafathVerify: PUBLIC,
  invitationDetails: PUBLIC,
  completeInvitation: PUBLIC,
};
