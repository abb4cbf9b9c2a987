/**
 * The organization area (SPEC §2, under /app/org), inside the shared layout. Its screens come
 * with the organization stage; until then each of its routes says so, and any other path under
 * /app/org is not found.
 */
import { ORG_ROUTES } from '@tawqi/domain';
import { Route, Switch } from 'wouter';
import AppLayout from '../../layouts/AppLayout.js';
import NotAvailableYet from '../NotAvailableYet.js';
import NotFound from '../NotFound.js';

export default function OrgArea() {
  return (
    <AppLayout area="org">
      <Switch>
        {ORG_ROUTES.map((route) => (
          <Route key={route} path={route}>
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
