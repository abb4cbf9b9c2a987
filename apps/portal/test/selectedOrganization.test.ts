/**
 * The selected organization id is kept in local storage from sign-in (SPEC §3; issue 43: it was
 * stored only after a switch, so a reload after sign-in forgot which organization was open).
 */
import type { SessionData } from '@tawqi/api';
import { STORAGE_KEYS } from '@tawqi/domain';
import { createStore } from 'jotai';
import { beforeAll, describe, expect, it } from 'vitest';

const kept = new Map<string, string>();
beforeAll(() => {
  // The portal's storage is the browser's; here a Map stands in for it.
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => kept.set(key, value),
      removeItem: (key: string) => kept.delete(key),
    },
  });
});

const organization = (slno: number) => ({ slno, sipSlNo: 1, organizationUserSlno: slno + 1 });
const session = (...slnos: number[]) =>
  ({ organizationList: slnos.map(organization), providerList: [] }) as unknown as SessionData;

describe('the selected organization at sign-in', () => {
  it('is stored when a session arrives, as a switch stores it', async () => {
    const { sessionArrivedAtom, activeOrganizationAtom } = await import('../src/state/atoms.js');
    const store = createStore();
    store.set(sessionArrivedAtom, session(314, 400));
    expect(store.get(activeOrganizationAtom)?.slno).toBe(314);
    expect(kept.get(STORAGE_KEYS.selectedOrg)).toBe('314');
    expect(JSON.parse(kept.get(STORAGE_KEYS.selectedOrganization) ?? 'null')).toMatchObject({
      slno: 314,
    });
    // A later session (a refresh) keeps the one switched to while it is still the person's.
    store.set(activeOrganizationAtom, 400);
    store.set(sessionArrivedAtom, session(314, 400));
    expect(kept.get(STORAGE_KEYS.selectedOrg)).toBe('400');
  });
});
