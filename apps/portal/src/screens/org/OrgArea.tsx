/**
 * The organization area (SPEC §2, under /app/org), inside the shared layout. Each route is
 * guarded by the action it needs in the active organization (domain `ORG_ROUTE_ACTIONS`, the
 * permission table the server authorizes with): a role that does not allow it sees "you don't
 * have access to this". Built screens show (screens.tsx); other allowed routes say their screen
 * comes with the organization stage; any other path under /app/org is not found. The spec's
 * addresses of a provider's pages lead to the provider area (issue 36).
 */
import { ORG_ROUTES, ORG_ROUTE_ACTIONS, PROVIDER_ROUTE_OF, isAllowed } from '@tawqi/domain';
import { useAtomValue } from 'jotai';
import { Redirect, useSearch } from 'wouter';
import { AreaRoutes } from '../../layouts/AreaRoutes.js';
import { ORG_PATHS } from '../../paths.js';
import { activeOrganizationAtom, languageAtom } from '../../state/atoms.js';
import NoAccess from '../NoAccess.js';
import NotAvailableYet from '../NotAvailableYet.js';
import { ORG_SCREENS, orgIndexScreen } from './screens.js';

export default function OrgArea() {
  const active = useAtomValue(activeOrganizationAtom);
  const language = useAtomValue(languageAtom);
  const name = active
    ? language === 'ar'
      ? active.organizationNameArabic
      : active.organizationName
    : '';
  const search = useSearch();
  const screenOf = (route: (typeof ORG_ROUTES)[number]) => {
    // A provider's page the spec put here is in the provider area now (issue 36), query and all.
    const moved = PROVIDER_ROUTE_OF[route];
    if (moved) return <Redirect to={search ? `${moved}?${search}` : moved} replace />;
    if (!active || !isAllowed(active, ORG_ROUTE_ACTIONS[route]))
      return <NoAccess organization={name} />;
    if (route === ORG_PATHS.index)
      return orgIndexScreen(isAllowed(active, ORG_ROUTE_ACTIONS[ORG_PATHS.dashboard]));
    return ORG_SCREENS[route] ?? <NotAvailableYet stage="organization" />;
  };
  return (
    <AreaRoutes area="org" routes={ORG_ROUTES} screenOf={screenOf} tenant={active?.slno ?? 0} />
  );
}
