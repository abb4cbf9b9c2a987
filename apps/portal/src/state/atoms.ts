/**
 * The portal's state (jotai): the session (the access token lives in the api client's memory;
 * the refresh token, device id and selected organization in local storage under the spec's keys),
 * the organizations and the active one, the language and the theme.
 */
import type { SessionData } from '@tawqi/api';
import {
  DEFAULT_LANGUAGE,
  STORAGE_KEYS,
  activeOrganizationAfterSignIn,
  parseTheme,
  switchOrganization,
  type Language,
  type Theme,
} from '@tawqi/domain';
import { atom } from 'jotai';
import { storage } from './storage.js';

export const sessionAtom = atom<SessionData | null>(null);

/** An organization of the session, with the person's roles and its provider level there. */
export type SessionOrganization = SessionData['organizationList'][number];

export const organizationsAtom = atom((get) => get(sessionAtom)?.organizationList ?? []);

const activeSlnoAtom = atom<number | null>(Number(storage.get(STORAGE_KEYS.selectedOrg)) || null);

/** The active organization: the persisted one while it is still the user's, else the first. */
export const activeOrganizationAtom = atom(
  (get): SessionOrganization | null =>
    activeOrganizationAfterSignIn(get(organizationsAtom), get(activeSlnoAtom)),
  (get, set, slno: number) => {
    const switched = switchOrganization(get(organizationsAtom), slno);
    if (!switched.ok) return;
    storage.set(STORAGE_KEYS.selectedOrg, String(switched.persist));
    storage.set(STORAGE_KEYS.selectedOrganization, JSON.stringify(switched.active));
    set(activeSlnoAtom, switched.persist);
  },
);

/**
 * A session arrives (sign-in, a refresh): the active organization it opens on is stored as a
 * switch stores it (SPEC §3: the selected organization id is kept in local storage from the
 * start, not only after a switch).
 */
export const sessionArrivedAtom = atom(null, (get, set, session: SessionData | null) => {
  set(sessionAtom, session);
  const active = get(activeOrganizationAtom);
  if (active) set(activeOrganizationAtom, active.slno);
});

/** A provider the person is on the staff of, with their provider roles (issue 36). */
export type SessionProvider = SessionData['providerList'][number];

export const providersAtom = atom((get) => get(sessionAtom)?.providerList ?? []);

const activeProviderSlnoAtom = atom<number | null>(
  Number(storage.get(STORAGE_KEYS.selectedProvider)) || null,
);

/**
 * The active provider of the provider area: the persisted one while the person is still on its
 * staff, else the first (as the active organization is chosen).
 */
export const activeProviderAtom = atom(
  (get): SessionProvider | null => {
    const providers = get(providersAtom);
    const persisted = get(activeProviderSlnoAtom);
    return providers.find((provider) => provider.sipSlNo === persisted) ?? providers[0] ?? null;
  },
  (get, set, sipSlNo: number) => {
    if (!get(providersAtom).some((provider) => provider.sipSlNo === sipSlNo)) return;
    storage.set(STORAGE_KEYS.selectedProvider, String(sipSlNo));
    set(activeProviderSlnoAtom, sipSlNo);
  },
);

/** Set from i18next's detection before the first render (main.tsx). */
export const languageAtom = atom<Language>(DEFAULT_LANGUAGE);

const themeStateAtom = atom<Theme>(parseTheme(storage.get(STORAGE_KEYS.theme)));

export const themeAtom = atom(
  (get) => get(themeStateAtom),
  (_get, set, theme: Theme) => {
    storage.set(STORAGE_KEYS.theme, theme);
    set(themeStateAtom, theme);
  },
);
