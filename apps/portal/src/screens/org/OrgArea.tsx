/**
 * The organization area (SPEC §2, under /app/org), inside the shared layout. Its screens come
 * with the organization stage; until then each of its routes says so, and any other path under
 * /app/org is not found.
 */
import { Route, Switch } from 'wouter';
import AppLayout from '../../layouts/AppLayout.js';
import NotAvailableYet from '../NotAvailableYet.js';
import NotFound from '../NotFound.js';

/** The organization area (SPEC §2, under /app/org): the organization stage. */
const ORG_ROUTES = [
  '',
  'dashboard',
  'manage/users',
  'manage/users/uav',
  'manage/users/uav/createuav',
  'manage/users/uav/viewuav',
  'approval/dsc',
  'approval/user',
  'approval/ltwo',
  'buy/esign/plans',
  'buy/esign/plans/buycounter',
  'buy/esign/plans/sipBuyCounter',
  'buy/role/plans',
  'buy/role/plans/buyOrgPlan',
  'buy/role/l2/counter',
  'buy/role/l2/counter/create',
  'esign/transactions',
  'purchase/special/plan',
  'purchase/special/plan/buyspecialplan',
  'purchase/requests',
  'account',
  'orgProfile',
  'reports/esign',
  'reports/dsc',
  'reports/roles',
  'reports/stock',
  'paymentStatus',
] as const;

export default function OrgArea() {
  return (
    <AppLayout area="org">
      <Switch>
        {ORG_ROUTES.map((route) => (
          <Route key={route} path={route ? `/app/org/${route}` : '/app/org'}>
            <NotAvailableYet stage="organization" />
          </Route>
        ))}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </AppLayout>
  );
}
