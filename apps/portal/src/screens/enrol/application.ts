/**
 * The pre-enrolment application this browser is making (issue 17): its secret is kept in local
 * storage (`applicationToken`) and sent only with the application's own calls (the api client);
 * what the applicant typed and has not saved yet is kept beside it (`applicationDraft`), so a
 * reload or a step back loses nothing.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { STORAGE_KEYS } from '@tawqi/domain';
import { queryClient, useApi } from '../../queries.js';

export type Application = EndpointOutput<typeof CONTRACT.myApplication>;
export type Draft = Application['details'];

export const applicationSecret = {
  get: () => localStorage.getItem(STORAGE_KEYS.applicationToken),
  set: (token: string) => {
    localStorage.setItem(STORAGE_KEYS.applicationToken, token);
  },
  clear: () => {
    localStorage.removeItem(STORAGE_KEYS.applicationToken);
    localStorage.removeItem(STORAGE_KEYS.applicationDraft);
  },
};

export const typedDraft = {
  read(): { kind?: string; l1SipSlNo?: number | null; details?: Draft; step?: string } {
    try {
      return JSON.parse(localStorage.getItem(STORAGE_KEYS.applicationDraft) ?? '{}') as {
        details?: Draft;
      };
    } catch {
      return {};
    }
  },
  write(value: { kind: string; l1SipSlNo: number | null; details: Draft; step?: string }) {
    localStorage.setItem(STORAGE_KEYS.applicationDraft, JSON.stringify(value));
  },
};

/**
 * The application, when this browser holds one (a secret the server no longer knows fails with
 * the server's words: verify again).
 */
export function useApplication() {
  const token = applicationSecret.get();
  const read = useApi(CONTRACT.myApplication, {}, { enabled: token !== null });
  return { token, read };
}

/** Reads the application again (after it changed). */
export function refreshApplication(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CONTRACT.myApplication.area] });
}
