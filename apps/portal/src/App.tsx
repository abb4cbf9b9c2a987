/**
 * The app root: one language atom decides i18next's language, `<html lang dir>`, React Aria's
 * locale and every formatter (STYLE.md 3); the theme atom picks the theme class on `<html>`
 * ("system" follows the browser live, in CSS); toasts; inactivity; the routes.
 */
import {
  INACTIVITY_CHECK_INTERVAL_MS,
  ROUTES,
  STORAGE_KEYS,
  directionOf,
  intlLocale,
  isInactive,
  parseLastActivity,
} from '@tawqi/domain';
import { THEME_CLASSES, UiProvider } from '@tawqi/ui';
import i18next from 'i18next';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { DemoBanner, servedInDemoMode } from './components/DemoBanner.js';
import { Routes } from './routes.js';
import { languageAtom, sessionAtom, themeAtom } from './state/atoms.js';
import { storage } from './state/storage.js';
import { subscribeToastShown, toastShown } from './toastSignal.js';

/** Demo mode is the server's to say, once per page load. */
const DEMO_MODE = servedInDemoMode();

// The toast region and React Aria's toasts load with the first toast, not with the public home.
const ToastArea = lazy(() => import('./components/ToastArea.js'));

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

  // Inactivity (SPEC §4): last activity at load (here, once) and on each request (the api
  // client); checked every 3 s.
  useEffect(() => {
    storage.set(STORAGE_KEYS.lastActivity, String(Date.now()));
  }, []);
  useEffect(() => {
    const timer = window.setInterval(() => {
      const now = Date.now();
      const inactive = isInactive({
        now,
        lastActivity: parseLastActivity(storage.get(STORAGE_KEYS.lastActivity), now),
        limitMinutes: session?.inactivityLimitMinutes,
        pathname: window.location.pathname,
        signedIn: session !== null,
      });
      if (inactive) navigate(ROUTES.logout);
    }, INACTIVITY_CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [session, navigate]);

  return (
    <UiProvider locale={intlLocale(language)} theme={theme} wrap={false}>
      {DEMO_MODE ? <DemoBanner /> : null}
      <Routes />
      {toastsShown ? (
        <Suspense fallback={null}>
          <ToastArea />
        </Suspense>
      ) : null}
    </UiProvider>
  );
}
