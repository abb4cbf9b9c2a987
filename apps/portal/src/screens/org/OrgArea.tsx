/**
 * The organization area (SPEC §2, under /app/org), inside the shared layout. Each route is
 * guarded by the action it needs in the active organization (domain `ORG_ROUTE_ACTIONS`, the
 * permission table the server authorizes with): a role that does not allow it sees "you don't
 * have access to this". Built screens show (screens.tsx); other allowed routes say their screen
 * comes with the organization stage; any other path under /app/org is not found.
 */
import { ORG_ROUTES, ORG_ROUTE_ACTIONS, isAllowed } from '@tawqi/domain';
import { Spinner } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { Fragment, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import AppLayout from '../../layouts/AppLayout.js';
import { ORG_PATHS } from '../../paths.js';
import { activeOrganizationAtom, languageAtom } from '../../state/atoms.js';
import NoAccess from '../NoAccess.js';
import NotAvailableYet from '../NotAvailableYet.js';
import NotFound from '../NotFound.js';
import { ORG_SCREENS, orgIndexScreen } from './screens.js';

export default function OrgArea() {
  const active = useAtomValue(activeOrganizationAtom);
  const language = useAtomValue(languageAtom);
  const name = active
    ? language === 'ar'
      ? active.organizationNameArabic
      : active.organizationName
    : '';
  const screenOf = (route: (typeof ORG_ROUTES)[number]) => {
    if (!active || !isAllowed(active, ORG_ROUTE_ACTIONS[route]))
      return <NoAccess organization={name} />;
    if (route === ORG_PATHS.index)
      return orgIndexScreen(isAllowed(active, ORG_ROUTE_ACTIONS[ORG_PATHS.dashboard]));
    return ORG_SCREENS[route] ?? <NotAvailableYet stage="organization" />;
  };
  return (
    <AppLayout area="org">
      <Suspense fallback={<Spinner size="large" />}>
        <Switch>
          {ORG_ROUTES.map((route) => (
            <Route key={route} path={route}>
              {/* Another organization is a new screen: nothing of the last one's shows meanwhile. */}
              <Fragment key={active?.slno ?? 0}>{screenOf(route)}</Fragment>
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
