/**
 * Every route of SPEC §2 under its layout. Screens load lazily per route, so the public home
 * downloads little of the app. Routes whose screens come with later issues show a clear "not
 * available yet" page (listed in the README); any other path is not found.
 */
import { MARKETING_PAGES, PRE_ENROLMENT_ROUTES } from '@tawqi/domain';
import { Spinner } from '@tawqi/ui';
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';

const PublicLayout = lazy(() => import('./layouts/PublicLayout.js'));
const PreEnrolmentLayout = lazy(() => import('./layouts/PreEnrolmentLayout.js'));
const MarketingPage = lazy(() => import('./screens/public/MarketingPage.js'));
const PlansPricing = lazy(() => import('./screens/public/PlansPricing.js'));
const ContactUs = lazy(() => import('./screens/public/ContactUs.js'));
const NotFound = lazy(() => import('./screens/NotFound.js'));
const NotAvailableYet = lazy(() => import('./screens/NotAvailableYet.js'));
const MyArea = lazy(() => import('./screens/my/MyArea.js'));
const OrgArea = lazy(() => import('./screens/org/OrgArea.js'));
const AuthCheck = lazy(() => import('./screens/session/AuthCheck.js'));
const Login = lazy(() => import('./screens/session/Login.js'));
const Logout = lazy(() => import('./screens/session/Logout.js'));

/** The routes themselves live in the domain (SPEC §2), shared with the server's 404. */
export type { MarketingPageId } from '@tawqi/domain';

function page(Screen: LazyExoticComponent<ComponentType>) {
  return <Screen />;
}

const loading = (
  <div style={{ display: 'grid', placeItems: 'center', minBlockSize: '50vh' }}>
    <Spinner size="large" />
  </div>
);

export function Routes() {
  return (
    <Suspense fallback={loading}>
      <Switch>
        <Route path="/auth-check">{page(AuthCheck)}</Route>
        <Route path="/app/login">{page(Login)}</Route>
        <Route path="/logout">{page(Logout)}</Route>

        {/* Each area routes its screens itself, so its routes load with it. */}
        <Route path="/app/my/*?">
          <MyArea />
        </Route>
        <Route path="/app/org/*?">
          <OrgArea />
        </Route>

        {PRE_ENROLMENT_ROUTES.map((route) => (
          <Route key={route} path={route}>
            <PreEnrolmentLayout>
              <NotAvailableYet stage="organization" />
            </PreEnrolmentLayout>
          </Route>
        ))}

        <Route path="/plans-pricing">
          <PublicLayout>
            <PlansPricing mode="pricing" />
          </PublicLayout>
        </Route>
        <Route path="/puchase-plan">
          <PublicLayout>
            <PlansPricing mode="purchase" />
          </PublicLayout>
        </Route>
        <Route path="/contact-us">
          <PublicLayout>
            <ContactUs />
          </PublicLayout>
        </Route>
        {(['/', '/index'] as const).map((path) => (
          <Route key={path} path={path}>
            <PublicLayout>
              <MarketingPage id="home" />
            </PublicLayout>
          </Route>
        ))}
        {MARKETING_PAGES.filter((id) => id !== 'home').map((id) => (
          <Route key={id} path={`/${id}`}>
            <PublicLayout>
              <MarketingPage id={id} />
            </PublicLayout>
          </Route>
        ))}

        <Route>
          <PublicLayout>
            <NotFound />
          </PublicLayout>
        </Route>
      </Switch>
    </Suspense>
  );
}
