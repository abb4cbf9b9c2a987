/**
 * The pre-enrolment application being made in this tab (issue 17): its secret is kept in session
 * storage (`applicationToken`) and sent only with the application's own calls (the api client);
 * what the applicant typed and has not saved yet is kept beside it (`applicationDraft`), so a
 * reload or a step back loses nothing.
 *
 * Session storage, not local (issue 38): an application belongs to the person who started it,
 * never to the browser. Closing the tab or signing out forgets it here; the server keeps it, and
 * whoever proves in the identity app that it is theirs resumes it (one open application per
 * national id), in any tab or browser.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { STORAGE_KEYS } from '@tawqi/domain';
import { queryClient, useApi } from '../../queries.js';

export type Application = EndpointOutput<typeof CONTRACT.myApplication>;
export type Draft = Application['details'];

export const applicationSecret = {
  get: () => sessionStorage.getItem(STORAGE_KEYS.applicationToken),
  set: (token: string) => {
    sessionStorage.setItem(STORAGE_KEYS.applicationToken, token);
  },
  clear: () => {
    sessionStorage.removeItem(STORAGE_KEYS.applicationToken);
    sessionStorage.removeItem(STORAGE_KEYS.applicationDraft);
  },
};

export const typedDraft = {
  read(): { kind?: string; l1SipSlNo?: number | null; details?: Draft; step?: string } {
    try {
      return JSON.parse(sessionStorage.getItem(STORAGE_KEYS.applicationDraft) ?? '{}') as {
        details?: Draft;
      };
    } catch {
      return {};
    }
  },
  write(value: { kind: string; l1SipSlNo: number | null; details: Draft; step?: string }) {
    sessionStorage.setItem(STORAGE_KEYS.applicationDraft, JSON.stringify(value));
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
