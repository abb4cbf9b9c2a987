/**
 * The app root: one language atom decides i18next's language, `<html lang dir>`, React Aria's
 * locale and every formatter (STYLE.md 3); the theme atom picks the theme class on `<html>`
 * ("system" follows the browser live, in CSS); toasts; inactivity; the routes.
 */
import {
  IDLE_TIME_MINUTES,
  ROUTES,
  SIGNED_OUT_INACTIVE,
  STORAGE_KEYS,
  directionOf,
  intlLocale,
  startInactivityMonitor,
} from '@tawqi/domain';
import { THEME_CLASSES, UiProvider } from '@tawqi/ui';
import i18next from 'i18next';
import { useAtomValue } from 'jotai';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation } from 'wouter';
import { DemoBanner, servedInDemoMode } from './components/DemoBanner.js';
import { Routes } from './routes.js';
import { languageAtom, sessionAtom, themeAtom } from './state/atoms.js';
import { storage } from './state/storage.js';
import { subscribeToastShown, toastShown } from './toastSignal.js';

/** Demo mode is the server's to say, once per page load. */
const DEMO_MODE = servedInDemoMode();

// The toast region and React Aria's toasts load with the first toast, not with the public home;
// the inactivity warning and the keep-alive (the api client) only for a signed-in person.
const ToastArea = lazy(() => import('./components/ToastArea.js'));
const InactivityWarning = lazy(() => import('./components/InactivityWarning.js'));

export function App() {
  const language = useAtomValue(languageAtom);
  const theme = useAtomValue(themeAtom);
  const session = useAtomValue(sessionAtom);
  const [, navigate] = useLocation();
  const toastsShown = useSyncExternalStore(subscribeToastShown, toastShown);

  useEffect(() => {
    void i18next.changeLanguage(language);
    storage.set(STORAGE_KEYS.language, language);
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }, [language]);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.remove(...Object.values(THEME_CLASSES));
    root.classList.add(THEME_CLASSES[theme]);
  }, [theme]);

  // Inactivity (SPEC §4, and our additions in the domain's rule): the domain's loop records the
  // last activity at start and checks every 3 s (each second while warning); the api client
  // records each request. A person using the page sends a keep-alive at most once a minute.
  const [warningLeftMs, setWarningLeftMs] = useState<number | null>(null);
  const lastInteraction = useRef<number | null>(null);
  useEffect(() => {
    const used = () => {
      lastInteraction.current = Date.now();
    };
    const events = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'];
    for (const name of events)
      window.addEventListener(name, used, { passive: true, capture: true });
    return () => {
      for (const name of events) window.removeEventListener(name, used, { capture: true });
    };
  }, []);
  const limitMinutes = session?.inactivityLimitMinutes ?? IDLE_TIME_MINUTES;
  const keepAlive = useCallback(() => {
    // A failure loses nothing: the next check tries again, and the warning still counts down.
    import('./keepAlive.js').then(({ keepAlive: send }) => send()).catch(() => undefined);
  }, []);
  const signOutInactive = useCallback(() => {
    setWarningLeftMs(null);
    navigate(`${ROUTES.logout}?signedOut=${SIGNED_OUT_INACTIVE}&minutes=${String(limitMinutes)}`);
  }, [navigate, limitMinutes]);
  useEffect(
    () =>
      startInactivityMonitor({
        now: Date.now,
        schedule: (task, ms) => {
          const timer = window.setTimeout(task, ms);
          return () => {
            window.clearTimeout(timer);
          };
        },
        readLastActivity: () => storage.get(STORAGE_KEYS.lastActivity),
        writeLastActivity: (at) => {
          storage.set(STORAGE_KEYS.lastActivity, String(at));
        },
        lastInteraction: () => lastInteraction.current,
        pathname: () => window.location.pathname,
        loginPath: ROUTES.login,
        signedIn: session !== null,
        limitMinutes,
        onWarning: setWarningLeftMs,
        onInactive: signOutInactive,
        keepAlive,
      }),
    [session, limitMinutes, signOutInactive, keepAlive],
  );

  return (
    <UiProvider locale={intlLocale(language)} theme={theme} wrap={false}>
      {DEMO_MODE ? <DemoBanner /> : null}
      <Routes />
      {warningLeftMs !== null ? (
        <Suspense fallback={null}>
          <InactivityWarning
            leftMs={warningLeftMs}
            onStay={() => {
              setWarningLeftMs(null);
              keepAlive();
            }}
            onSignOut={signOutInactive}
          />
        </Suspense>
      ) : null}
      {toastsShown ? (
        <Suspense fallback={null}>
          <ToastArea />
        </Suspense>
      ) : null}
    </UiProvider>
  );
}
