import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import { DEFAULT_LANGUAGE, STORAGE_KEYS, toLanguage } from '@tawqi/domain';
import { installCspSafeStyles } from '@tawqi/ui';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initI18n, namespacesFor } from './i18n.js';
import { preloadRoute } from './routes.js';
import { languageAtom } from './state/atoms.js';
import { storage } from './state/storage.js';
import { store } from './state/store.js';

// User Timing marks: the speed benchmark (bench/ready.mjs) reports where a page's time went.
performance.mark('tawqi:start');
installCspSafeStyles();

/**
 * A signed-in person opening a page of the app: the session is restored from the stored refresh
 * token while everything else loads, so the layout finds it and the page's data can be read at
 * once. Whatever the outcome, the layout decides as before (no session: /auth-check, which says
 * why); a failure here loses nothing. Answers once the refresh has been asked for, and when done.
 */
async function restoreSession(pathname: string): Promise<{ done: Promise<unknown> }> {
  if (!/^\/app\/(my|org)(\/|$)/u.test(pathname)) return { done: Promise.resolve() };
  if (storage.get(STORAGE_KEYS.refreshToken) === null) return { done: Promise.resolve() };
  const { api } = await import('./api.js');
  return { done: api.restoreSession().catch(() => undefined) };
}

/**
 * The order requests are made in matters: a browser opens six connections to a server, and
 * a page's code is dozens of files. The translations (i18next asks on a 0 ms timer) and the
 * session refresh are asked for first, the page's code after them.
 */
const pathname = window.location.pathname;
const translations = initI18n(localStorage, namespacesFor(pathname));
const session = restoreSession(pathname);
const code = session
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .then(() => preloadRoute(pathname))
  .catch(() => undefined);

// The first render waits for all three, so nothing on the page suspends and reveals itself late.
// (Not a top-level await: the screens' chunks import shared code that may sit in this chunk, and
// a chunk still awaiting cannot be imported.)
void Promise.all([translations, code, session.then(({ done }) => done)]).then(([i18n]) => {
  performance.mark('tawqi:loaded');
  // The detected language (query, cookie, storage…: SPEC §4's order) seeds the one language atom,
  // which from here on decides i18next, <html lang dir>, React Aria and every formatter.
  store.set(languageAtom, toLanguage(i18n.language) ?? DEFAULT_LANGUAGE);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  );
});
