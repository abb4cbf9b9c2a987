import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installCspSafeStyles } from '@tawqi/ui';
import { App } from './App.js';
import { initI18n } from './i18n.js';
import { store } from './state/store.js';
import { languageAtom } from './state/atoms.js';
import { DEFAULT_LANGUAGE, toLanguage } from '@tawqi/domain';

installCspSafeStyles();
const i18n = await initI18n();
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
