/**
 * The provider area (issue 36, under /app/provider), inside the shared layout: a provider's own
 * staff operate it, switched to like an organization. Each route is guarded by the action it
 * needs in the active provider (domain `PROVIDER_ROUTE_ACTIONS`, the permission table the server
 * authorizes with): someone not on a provider's staff — its customers' admins included — sees
 * "you don't have access to this"; any other path under /app/provider is not found.
 */
import { PROVIDER_ROUTES, PROVIDER_ROUTE_ACTIONS, isAllowed } from '@tawqi/domain';
import { useAtomValue } from 'jotai';
import { AreaRoutes } from '../../layouts/AreaRoutes.js';
import { activeProviderAtom, languageAtom } from '../../state/atoms.js';
import NoAccess from '../NoAccess.js';
import { PROVIDER_SCREENS } from './screens.js';

export default function ProviderArea() {
  const active = useAtomValue(activeProviderAtom);
  const language = useAtomValue(languageAtom);
  const name = active
    ? language === 'ar'
      ? active.providerNameArabic
      : active.providerName
    : null;
  const screenOf = (route: (typeof PROVIDER_ROUTES)[number]) =>
    active && isAllowed(active, PROVIDER_ROUTE_ACTIONS[route]) ? (
      PROVIDER_SCREENS[route]
    ) : (
      <NoAccess organization={name} area="provider" />
    );
  return (
    <AreaRoutes
      area="provider"
      routes={PROVIDER_ROUTES}
      screenOf={screenOf}
      tenant={active?.sipSlNo ?? 0}
    />
  );
}
