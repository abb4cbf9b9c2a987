import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the app shell's navigation is a drawer (phones, small tablets). */
export const NARROW_SCREEN_QUERY = '(max-width: 48rem)';

/** Whether a media query matches now, following it live. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
