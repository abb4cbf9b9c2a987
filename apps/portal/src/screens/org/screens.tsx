/**
 * The organization area's screens: those built so far, by route; every other allowed route says
 * its screen comes with the organization stage. Kept apart from OrgArea so a page opened from its
 * address can load its screen's code together with the area's.
 */
import type { OrgRoute } from '@tawqi/domain';
import type { ReactNode } from 'react';
import { ORG_PATHS } from '../../paths.js';
import { preloadable } from '../../preload.js';

const Dashboard = preloadable(() => import('./Dashboard.js'));
const Profile = preloadable(() => import('./Profile.js'));
const Transactions = preloadable(() => import('./Transactions.js'));
const ManageUsers = preloadable(() => import('./ManageUsers.js'));
const Approvals = preloadable(() => import('./Approvals.js'));
const CertificateApprovals = preloadable(() => import('./CertificateApprovals.js'));
const DscReport = preloadable(() => import('./DscReport.js'));
const NewUsers = preloadable(() => import('./NewUsers.js'));
const CreateNewUser = preloadable(() => import('./CreateNewUser.js'));
const ViewNewUser = preloadable(() => import('./ViewNewUser.js'));
const EsignReport = preloadable(() => import('./EsignReport.js'));
const RolesReport = preloadable(() => import('./RolesReport.js'));
const Purchases = preloadable(() => import('./Purchases.js'));
const BuyPacks = preloadable(() => import('./BuyPacks.js'));
const PaymentStatus = preloadable(() => import('./PaymentStatus.js'));
const SpecialPlans = preloadable(() => import('./SpecialPlans.js'));
const RequestSpecialPlan = preloadable(() => import('./RequestSpecialPlan.js'));
const PurchaseOrders = preloadable(() => import('./PurchaseOrders.js'));
const Invoices = preloadable(() => import('./Invoices.js'));

export const ORG_SCREENS: Partial<Record<OrgRoute, ReactNode>> = {
  [ORG_PATHS.dashboard]: <Dashboard key="dashboard" />,
  // SPEC §2: "account and orgProfile (same profile tabs)".
  [ORG_PATHS.profile]: <Profile key="profile" />,
  [ORG_PATHS.account]: <Profile key="profile" />,
  [ORG_PATHS.transactions]: <Transactions key="transactions" />,
  [ORG_PATHS.manageUsers]: <ManageUsers key="manageUsers" />,
  [ORG_PATHS.approvals]: <Approvals key="approvals" />,
  [ORG_PATHS.certificateApprovals]: <CertificateApprovals key="certificateApprovals" />,
  [ORG_PATHS.dscReport]: <DscReport key="dscReport" />,
  [ORG_PATHS.newUsers]: <NewUsers key="newUsers" />,
  [ORG_PATHS.createNewUser]: <CreateNewUser key="createNewUser" />,
  [ORG_PATHS.viewNewUser]: <ViewNewUser key="viewNewUser" />,
  [ORG_PATHS.esignReport]: <EsignReport key="esignReport" />,
  [ORG_PATHS.rolesReport]: <RolesReport key="rolesReport" />,
  [ORG_PATHS.counterPurchases]: <Purchases key="counterPurchases" category="counter" />,
  [ORG_PATHS.buyCounters]: <BuyPacks key="buyCounters" category="counter" />,
  [ORG_PATHS.rolePurchases]: <Purchases key="rolePurchases" category="role" />,
  [ORG_PATHS.buyRoleSeats]: <BuyPacks key="buyRoleSeats" category="role" />,
  [ORG_PATHS.paymentStatus]: <PaymentStatus key="paymentStatus" />,
  [ORG_PATHS.specialPlans]: <SpecialPlans key="specialPlans" />,
  [ORG_PATHS.requestSpecialPlan]: <RequestSpecialPlan key="requestSpecialPlan" />,
  [ORG_PATHS.purchaseOrders]: <PurchaseOrders key="purchaseOrders" />,
  [ORG_PATHS.invoices]: <Invoices key="invoices" />,
};

/**
 * The area's index: the Enrolment Admin's dashboard for those it is for (SPEC §2, §6), and for
 * every other member their organization's profile, which every member may see (ours).
 */
export function orgIndexScreen(showsDashboard: boolean): ReactNode {
  return showsDashboard ? <Dashboard key="dashboard" /> : <Profile key="profile" />;
}
