/**
 * The organization area (SPEC §2, under /app/org), inside the shared layout. Each route is
 * guarded by the action it needs in the active organization (domain `ORG_ROUTE_ACTIONS`, the
 * permission table the server authorizes with): a role that does not allow it sees "you don't
 * have access to this". Its screens come with the organization stage; until then each allowed
 * route says so, and any other path under /app/org is not found.
 */
import { ORG_ROUTES, ORG_ROUTE_ACTIONS, isAllowed } from '@tawqi/domain';
import { useAtomValue } from 'jotai';
import { Route, Switch } from 'wouter';
import AppLayout from '../../layouts/AppLayout.js';
import { activeOrganizationAtom, languageAtom } from '../../state/atoms.js';
import NoAccess from '../NoAccess.js';
import NotAvailableYet from '../NotAvailableYet.js';
import NotFound from '../NotFound.js';

export default function OrgArea() {
  const active = useAtomValue(activeOrganizationAtom);
  const language = useAtomValue(languageAtom);
  const name = active
    ? language === 'ar'
      ? active.organizationNameArabic
      : active.organizationName
    : '';
  return (
    <AppLayout area="org">
      <Switch>
        {ORG_ROUTES.map((route) => (
          <Route key={route} path={route}>
            {active && isAllowed(active, ORG_ROUTE_ACTIONS[route]) ? (
              <NotAvailableYet stage="organization" />
            ) : (
              <NoAccess organization={name} />
            )}
          </Route>
        ))}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </AppLayout>
  );
}
