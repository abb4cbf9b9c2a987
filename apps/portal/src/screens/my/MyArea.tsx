/**
 * The individual area (SPEC §2, under /app/my): each route and its screen (screens.tsx), inside
 * the shared layout. Loaded with the area, so the public pages do not carry its routes; the
 * layout stays while a screen's code loads.
 */
import { Spinner } from '@tawqi/ui';
import { Suspense, lazy } from 'react';
import { Route, Switch } from 'wouter';
import AppLayout from '../../layouts/AppLayout.js';
import { MY_SCREENS } from './screens.js';

const NotFound = lazy(() => import('../NotFound.js'));

export default function MyArea() {
  return (
    <AppLayout area="my">
      <Suspense fallback={<Spinner size="large" />}>
        <Switch>
          {Object.entries(MY_SCREENS).map(([path, screen]) => (
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
