/**
 * The individual area's screens, one for every route of the area (the domain's list: one missing
 * does not compile). Kept apart from MyArea so that a page opened from its address can load its
 * screen's code together with the area's (routes.tsx, `preloadRoute`).
 */
import type { MyRoute } from '@tawqi/domain';
import type { ReactNode } from 'react';
import { MY_PATHS } from '../../paths.js';
import { preloadable } from '../../preload.js';

const Dashboard = preloadable(() => import('./Dashboard.js'));
const Subscription = preloadable(() => import('./Subscription.js'));
const BuyPlans = preloadable(() => import('./BuyPlans.js'));
const PaymentStatus = preloadable(() => import('./PaymentStatus.js'));
const Transactions = preloadable(() => import('./Transactions.js'));
const TransactionStatus = preloadable(() => import('./TransactionStatus.js'));
const SignOwn = preloadable(() => import('./SignOwn.js'));
const Envelopes = preloadable(() => import('./Envelopes.js'));
const SendEnvelope = preloadable(() => import('./SendEnvelope.js'));
const EnvelopeView = preloadable(() => import('./EnvelopeView.js'));
const BuyCertificate = preloadable(() => import('./BuyCertificate.js'));
const Certificates = preloadable(() => import('./Certificates.js'));
const Account = preloadable(() => import('./Account.js'));
const Devices = preloadable(() => import('./Devices.js'));

/**
 * The reads a screen makes when it appears, for the screens whose data decides when the page is
 * usable: started together with loading the screen when the page is opened from its address.
 */
export const MY_ARRIVAL_READS: Partial<
  Record<MyRoute, () => Promise<{ ARRIVAL_READS: readonly { start: () => void }[] }>>
> = {
  '/app/my': () => import('./Dashboard.reads.js'),
  [MY_PATHS.dashboard]: () => import('./Dashboard.reads.js'),
};

export const MY_SCREENS: Record<MyRoute, ReactNode> = {
  '/app/my': <Dashboard key="dashboard" />,
  [MY_PATHS.dashboard]: <Dashboard key="dashboard" />,
  [MY_PATHS.transactions]: <Transactions key="transactions" />,
  [MY_PATHS.signOwn]: <SignOwn key="signOwn" />,
  [MY_PATHS.envelopes]: <Envelopes key="envelopes" />,
  [MY_PATHS.sendEnvelope]: <SendEnvelope key="sendEnvelope" />,
  [MY_PATHS.envelope]: <EnvelopeView key="envelope" />,
  [MY_PATHS.subscriptions]: <Subscription key="subscriptions" />,
  [MY_PATHS.buyPlans]: <BuyPlans key="buy" />,
  [MY_PATHS.buyCertificate]: <BuyCertificate key="dscBuy" />,
  [MY_PATHS.certificates]: <Certificates key="dsc" />,
  [MY_PATHS.account]: <Account key="account" />,
  [MY_PATHS.devices]: <Devices key="devices" />,
  [MY_PATHS.transactionStatus]: <TransactionStatus key="status" />,
  [MY_PATHS.externalReturn]: <TransactionStatus key="returned" returned />,
  [MY_PATHS.paymentStatus]: <PaymentStatus key="payment" />,
};
