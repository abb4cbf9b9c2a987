/**
 * The api client of the portal: the contract's calls with the session policy of SPEC §4 (headers,
 * refresh once and retry, one refresh across tabs, TOKEN_EXPIRED → /logout).
 */
import { createApiClient } from '@tawqi/api';
import { ROUTES, toLanguage } from '@tawqi/domain';
import i18next from 'i18next';
import { navigate } from 'wouter/use-browser-location';
import { sessionArrivedAtom } from './state/atoms.js';
import { store } from './state/store.js';

export const api = createApiClient({
  baseUrl: `${window.location.origin}/`,
  storage: localStorage,
  applicationStorage: sessionStorage,
  language: () => toLanguage(i18next.language) ?? 'ar',
  onLogout: () => {
    navigate(ROUTES.logout);
  },
  onSession: (session) => {
    store.set(sessionArrivedAtom, session);
  },
});
