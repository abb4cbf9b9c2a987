/**
 * Every route of SPEC §2 under its layout. Screens load lazily per route, so the public home
 * downloads little of the app. Routes whose screens come with later issues show a clear "not
 * available yet" page (listed in the README); any other path is not found.
 */
import { MARKETING_PAGES, PRE_ENROLMENT_ROUTES, type MyRoute } from '@tawqi/domain';
import { Spinner } from '@tawqi/ui';
import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { preloadElement, preloadable, type Preloadable } from './preload.js';

// The personal area's screen table stays out of the code every page loads first.
const myScreens = () => import('./screens/my/screens.js');

const PublicLayout = preloadable(() => import('./layouts/PublicLayout.js'));
const PreEnrolmentLayout = preloadable(() => import('./layouts/PreEnrolmentLayout.js'));
const MarketingPage = preloadable(() => import('./screens/public/MarketingPage.js'));
const PlansPricing = preloadable(() => import('./screens/public/PlansPricing.js'));
const ContactUs = preloadable(() => import('./screens/public/ContactUs.js'));
const Verify = preloadable(() => import('./screens/public/Verify.js'));
const Approve = preloadable(() => import('./screens/public/Approve.js'));
const NotFound = preloadable(() => import('./screens/NotFound.js'));
const NotAvailableYet = preloadable(() => import('./screens/NotAvailableYet.js'));
const CreateAccount = preloadable(() => import('./screens/enrol/CreateAccount.js'));
const EmailVerification = preloadable(() =>
  import('./screens/enrol/Verification.js').then((m) => ({ default: m.EmailVerification })),
);
const VerifyPayments = preloadable(() =>
  import('./screens/enrol/Verification.js').then((m) => ({ default: m.VerifyPayments })),
);
const PaymentStatusPrelogin = preloadable(() =>
  import('./screens/enrol/Verification.js').then((m) => ({ default: m.PaymentStatusPrelogin })),
);
const AfterVerification = preloadable(() =>
  import('./screens/enrol/Verification.js').then((m) => ({ default: m.AfterVerification })),
);

const VerifyOrgUser = preloadable(() =>
  import('./screens/enrol/Invitation.js').then((m) => ({ default: m.VerifyOrgUser })),
);
const VerifyOrgUserDetails = preloadable(() =>
  import('./screens/enrol/Invitation.js').then((m) => ({ default: m.VerifyOrgUserDetails })),
);

/** The pre-enrolment routes' screens. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- screens with optional props
const PRE_ENROLMENT_SCREENS: Partial<Record<string, Preloadable<ComponentType<any>>>> = {
  '/create-account': CreateAccount,
  '/email-verification': EmailVerification,
  '/verify-payments': VerifyPayments,
  '/paymentstatus-prelogin': PaymentStatusPrelogin,
  '/after-verification': AfterVerification,
  '/verify-orgUser': VerifyOrgUser,
  '/verify-orgUser-details': VerifyOrgUserDetails,
};
const MyArea = preloadable(() => import('./screens/my/MyArea.js'));
const OrgArea = preloadable(() => import('./screens/org/OrgArea.js'));
const ProviderArea = preloadable(() => import('./screens/provider/ProviderArea.js'));
const AuthCheck = preloadable(() => import('./screens/session/AuthCheck.js'));
const Login = preloadable(() => import('./screens/session/Login.js'));
const Logout = preloadable(() => import('./screens/session/Logout.js'));

/**
 * Starts the reads of the page at `pathname` for a signed-in person (arrivalRead.ts): the app
 * layout's header, and its screen's.
 */
export async function startArrivalReads(pathname: string): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/$/u, '') : pathname;
  const reads = path.startsWith('/app/my') ? (await myScreens()).MY_ARRIVAL_READS : {};
  const screen = Object.hasOwn(reads, path) ? reads[path as MyRoute] : null;
  const modules = await Promise.all([import('./components/Notifications.reads.js'), screen?.()]);
  for (const module of modules) for (const read of module?.ARRIVAL_READS ?? []) read.start();
}

/**
 * The code a page needs when it is opened from its address, loaded at once (main.tsx), the way
 * the routes below choose it.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const path = pathname.length > 1 ? pathname.replace(/\/$/u, '') : pathname;
  const code: Promise<unknown>[] = (() => {
    if (path === '/app/my' || path.startsWith('/app/my/'))
      return [
        MyArea.preload(),
        myScreens().then(({ MY_SCREENS }) =>
          preloadElement(Object.hasOwn(MY_SCREENS, path) ? MY_SCREENS[path as MyRoute] : null),
        ),
      ];
    if (path === '/app/org' || path.startsWith('/app/org/')) return [OrgArea.preload()];
    if (path === '/app/provider' || path.startsWith('/app/provider/'))
      return [ProviderArea.preload()];
    if (path === '/auth-check') return [AuthCheck.preload()];
    if (path === '/app/login') return [Login.preload()];
    if (path === '/logout') return [Logout.preload()];
    if ((PRE_ENROLMENT_ROUTES as readonly string[]).includes(path))
      return [
        PreEnrolmentLayout.preload(),
        (PRE_ENROLMENT_SCREENS[path] ?? NotAvailableYet).preload(),
      ];
    const page =
      path === '/plans-pricing' || path === '/puchase-plan'
        ? PlansPricing
        : path === '/contact-us'
          ? ContactUs
          : path === '/verify'
            ? Verify
            : path === '/esign/approve'
              ? Approve
              : path === '/' || path === '/index' || MARKETING_PAGES.some((id) => path === `/${id}`)
                ? MarketingPage
                : NotFound;
    return [PublicLayout.preload(), page.preload()];
  })();
  return Promise.all(code);
}

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
        <Route path="/app/provider/*?">
          <ProviderArea />
        </Route>

        {PRE_ENROLMENT_ROUTES.map((route) => {
          const Screen = PRE_ENROLMENT_SCREENS[route];
          return (
            <Route key={route} path={route}>
              <PreEnrolmentLayout>
                {Screen ? <Screen /> : <NotAvailableYet stage="organization" />}
              </PreEnrolmentLayout>
            </Route>
          );
        })}

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
        <Route path="/verify">
          <PublicLayout>
            <Verify />
          </PublicLayout>
        </Route>
        <Route path="/esign/approve">
          <PublicLayout task>
            <Approve />
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
