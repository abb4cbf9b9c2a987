/** Reading and writing the spec's local-storage keys in one place (SPEC §3, §9). */
import { STORAGE_KEYS, type StorageKey } from '@tawqi/domain';

export const storage = {
  get: (key: StorageKey) => localStorage.getItem(key),
  set: (key: StorageKey, value: string) => {
    localStorage.setItem(key, value);
  },
  remove: (key: StorageKey) => {
    localStorage.removeItem(key);
  },
};

/** Everything the session left on this device (logout clears it; language and theme stay). */
export function clearSessionStorage(): void {
  for (const key of [
    STORAGE_KEYS.refreshToken,
    STORAGE_KEYS.selectedOrganization,
    STORAGE_KEYS.selectedOrg,
    STORAGE_KEYS.selectedProvider,
    STORAGE_KEYS.lastActivity,
  ]) {
    localStorage.removeItem(key);
  }
  // An application being made in this tab is its applicant's, not the next user's (issue 38).
  sessionStorage.removeItem(STORAGE_KEYS.applicationToken);
  sessionStorage.removeItem(STORAGE_KEYS.applicationDraft);
}
