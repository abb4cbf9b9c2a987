/**
 * The individual area (SPEC §2, under /app/my): each route and its screen, inside the shared
 * layout. Loaded with the area, so the public pages do not carry its routes; the layout stays
 * while a screen's code loads.
 */
import type { MyRoute } from '@tawqi/domain';
import { Spinner } from '@tawqi/ui';
import { Suspense, lazy, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import AppLayout from '../../layouts/AppLayout.js';
import { MY_PATHS } from '../../paths.js';

const Dashboard = lazy(() => import('./Dashboard.js'));
const Subscription = lazy(() => import('./Subscription.js'));
const BuyPlans = lazy(() => import('./BuyPlans.js'));
const PaymentStatus = lazy(() => import('./PaymentStatus.js'));
const Transactions = lazy(() => import('./Transactions.js'));
const TransactionStatus = lazy(() => import('./TransactionStatus.js'));
const Account = lazy(() => import('./Account.js'));
const Devices = lazy(() => import('./Devices.js'));
const NotAvailableYet = lazy(() => import('../NotAvailableYet.js'));
const NotFound = lazy(() => import('../NotFound.js'));

/** A screen for every route of the area (the domain's list): one missing does not compile. */
const SCREENS: Record<MyRoute, ReactNode> = {
  '/app/my': <Dashboard key="dashboard" />,
  [MY_PATHS.dashboard]: <Dashboard key="dashboard" />,
  [MY_PATHS.transactions]: <Transactions key="transactions" />,
  [MY_PATHS.subscriptions]: <Subscription key="subscriptions" />,
  [MY_PATHS.buyPlans]: <BuyPlans key="buy" />,
  // Digital certificates come with the certificate authority (ROADMAP.md).
  '/app/my/dsc/buy': <NotAvailableYet key="dsc" stage="certificates" />,
  '/app/my/dsc/manage': <NotAvailableYet key="dsc" stage="certificates" />,
  [MY_PATHS.account]: <Account key="account" />,
  [MY_PATHS.devices]: <Devices key="devices" />,
  [MY_PATHS.transactionStatus]: <TransactionStatus key="status" />,
  [MY_PATHS.externalReturn]: <TransactionStatus key="returned" returned />,
  [MY_PATHS.paymentStatus]: <PaymentStatus key="payment" />,
};

export default function MyArea() {
  return (
    <AppLayout area="my">
      <Suspense fallback={<Spinner size="large" />}>
        <Switch>
          {Object.entries(SCREENS).map(([path, screen]) => (
            <Route key={path} path={path}>
              {screen}
            </Route>
          ))}
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
