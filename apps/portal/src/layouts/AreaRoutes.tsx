/**
 * The routes of a tenant's area (the organization area, the provider area) inside the shared
 * layout: each route's screen as the area decides it (guarded by the permission table), anything
 * else under the area not found. Another tenant is a new screen: nothing of the last one's shows
 * meanwhile.
 */
import { Spinner } from '@tawqi/ui';
import { Fragment, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import NotFound from '../screens/NotFound.js';
import AppLayout from './AppLayout.js';

export function AreaRoutes<R extends string>({
  area,
  routes,
  screenOf,
  tenant,
}: {
  area: 'org' | 'provider';
  routes: readonly R[];
  screenOf: (route: R) => ReactNode;
  /** The active organization's or provider's slno (0 for none). */
  tenant: number;
}) {
  return (
    <AppLayout area={area}>
      <Suspense fallback={<Spinner size="large" />}>
        <Switch>
          {routes.map((route) => (
            <Route key={route} path={route}>
              <Fragment key={tenant}>{screenOf(route)}</Fragment>
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
