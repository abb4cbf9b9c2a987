import '@tawqi/ui/fonts.css';
import { DEFAULT_LANGUAGE, STORAGE_KEYS, toLanguage } from '@tawqi/domain';
import { installCspSafeStyles } from '@tawqi/ui';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initI18n, namespacesFor } from './i18n.js';
import { preloadRoute, startArrivalReads } from './routes.js';
import { languageAtom, sessionAtom } from './state/atoms.js';
import { storage } from './state/storage.js';
import { store } from './state/store.js';

// User Timing marks: the speed benchmark (bench/ready.mjs) reports where a page's time went.
performance.mark('tawqi:start');
installCspSafeStyles();

const APP_PAGE = /^\/app\/(my|org)(\/|$)/u;

/**
 * A signed-in person opening a page of the app: the session is restored from the stored refresh
 * token while the translations load, so the layout finds it and the page's reads can start at
 * once. Whatever the outcome, the layout decides as before (no session: /auth-check, which says
 * why); a failure here loses nothing.
 */
async function restoreSession(pathname: string): Promise<void> {
  if (!APP_PAGE.test(pathname) || storage.get(STORAGE_KEYS.refreshToken) === null) return;
  const { api } = await import('./api.js');
  await api.restoreSession().catch(() => undefined);
}

/**
 * The order requests are made in matters: a browser opens six connections to a server, and a
 * page's code is dozens of files. The translations and the session refresh go first; then the
 * page's code, and with it the reads of its screen (signed in: the refresh came back), so the
 * data is on its way while the code loads.
 */
const pathname = window.location.pathname;
const translations = initI18n(localStorage, namespacesFor(pathname));
const code = restoreSession(pathname)
  .then(async () => {
    // The reads first (their module is small): the page's code takes longer to load and run.
    if (store.get(sessionAtom)) await startArrivalReads(pathname).catch(() => undefined);
    return preloadRoute(pathname);
  })
  .catch(() => undefined);
// The house font's letters the page shows besides Arabic (always there: the language switch):
// Latin on an English page, and in the app, whose references and codes are Latin.
void translations.then((i18n) => {
  if (i18n.language === 'en' || APP_PAGE.test(pathname))
    for (const weight of [400, 500, 700])
      void document.fonts.load(`${String(weight)} 1em "IBM Plex Sans Arabic"`, 'Tawqi');
});

// The first render waits for both, so nothing on the page suspends and reveals itself late.
// (Not a top-level await: the screens' chunks import shared code that may sit in this chunk, and
// a chunk still awaiting cannot be imported.)
void Promise.all([translations, code]).then(([i18n]) => {
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
