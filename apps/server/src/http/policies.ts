/**
 * Who may make each call (SECURITY.md: every route declares its policy; the server refuses to
 * start with one that does not): public, the signed-in user's own (the individual area), or a
 * member of the organization (or L1 provider) the request names, allowed the call's action by
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
const L1 = member('manageL2Providers');

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
  l1Plans: L1,
  l2Sips: L1,
  l1PlanDetails: SELF,
  exportPurchaseCounter: BUYER,
  rolePlans: BUYER,
  roleQuantityGrid: BUYER,
  rolePlanDescription: SELF,
  exportPurchaseOrgRolePlan: BUYER,
  buyOrganizationPlan: BUYER,
  // An Enrolment Admin acting for an L1 provider buys for one of its L2 providers.
  buyL2Counters: L1,
  specialPlans: BUYER,
  specialPlanQuantityGrid: BUYER,
  exportSpecialPlan: BUYER,
  requestSpecialPlan: BUYER,
  paySpecialPlan: BUYER,
  // Decided for the organizations under an L1 provider, by an Enrolment Admin of it.
  providerSpecialPlans: L1,
  decideSpecialPlan: L1,
  createPurchaseOrder: BUYER,
  purchaseOrderPayee: BUYER,
  recordPurchaseOrderTransfer: BUYER,
  // Confirmed for the organizations under an L1 provider, by an Enrolment Admin of it.
  providerPurchaseOrders: L1,
  confirmPurchaseOrder: L1,
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
  l2RequestsGrid: L1,
  l2RequestView: L1,
  l2RequestDocument: L1,
  l2OrganizationView: L1,
  processL2Request: L1,
  l2StockAllocationReport: L1,
  exportL2StockAllocationReports: L1,
  l1RemainingCounters: L1,
  l2RoleCounterAllocations: L1,
  exportL2RoleCounterAllocations: L1,
  allocateL2Stock: L1,
  allocateL2RoleCounters: L1,
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
};
