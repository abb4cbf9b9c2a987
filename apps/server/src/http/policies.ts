/**
 * Who may make each call (SECURITY.md: every route declares its policy; the server refuses to
 * start with one that does not). The spec does not show permissions per screen (SPEC §2, §6);
 * these are ours:
 * - the individual area is the signed-in user's own;
 * - organization screens need membership of the organization named in the request, and the
 *   roles listed (managing users, approvals and reports need an Enrolment Admin; buying needs an
 *   Enrolment Admin or an Authorized Signatory);
 * - L2 management needs an Enrolment Admin of an organization of the L1 provider named.
 */
import type { EndpointId } from '@tawqi/api';
import type { OrganizationRole } from '@tawqi/domain';

export type Policy =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'member'; roles?: readonly OrganizationRole[] }
  | { kind: 'l1Admin' };

const PUBLIC: Policy = { kind: 'public' };
const SELF: Policy = { kind: 'session' };
const MEMBER: Policy = { kind: 'member' };
const ADMIN: Policy = { kind: 'member', roles: ['enrolmentAdmin'] };
const BUYER: Policy = { kind: 'member', roles: ['enrolmentAdmin', 'authorizedSignatory'] };
const SIGNING: Policy = { kind: 'member', roles: ['enrolmentAdmin', 'authorizedSignatory'] };
const L1: Policy = { kind: 'l1Admin' };

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
  manageUsersGrid: ADMIN,
  viewOrganizationUser: ADMIN,
  organizationUnitList: MEMBER,
  employeeIdList: ADMIN,
  createUavRequest: ADMIN,
  exportManageUsers: ADMIN,
  uavRequestsGrid: ADMIN,
  validateNationalId: ADMIN,
  orgUserNafathVerify: ADMIN,
  orgUserDetails: ADMIN,
  newUserRequests: ADMIN,
  newUserRequestDetails: ADMIN,
  exportNewUserRequests: ADMIN,
  processNewUserRequest: ADMIN,
  changeRequests: ADMIN,
  changeRequestDetails: ADMIN,
  processChangeRequest: ADMIN,
  esignDeductionSummary: ADMIN,
  exportEsignCounterDeductionSummary: ADMIN,
  counterAllocationHistory: ADMIN,
  roleDeductionSummaryReport: ADMIN,
  exportOrgRoleCounterDeductionSummary: ADMIN,
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
  specialPlans: BUYER,
  specialPlanQuantityGrid: BUYER,
  exportSpecialPlan: BUYER,
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
  enrolmentAdminDashboard: ADMIN,
  l2RequestsGrid: L1,
  l2RequestView: L1,
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
};
