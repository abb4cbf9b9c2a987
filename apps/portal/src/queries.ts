/**
 * Server state of the portal through TanStack Query (issue 13, item 4): each read is cached under
 * its call, its input (which names the active organization for an organization call) and the
 * language (answers are localized by Accept-Language), so going back to a screen shows what it
 * showed while it reads again; a read whose screen left or whose input changed is cancelled, and
 * its late answer never shows; a change (approve, reject, buy, allocate, remove) invalidates the
 * reads of its area. Signing out empties the cache, so nothing of one person shows to the next.
 *
 * The client is a module of its own and is passed to each hook, so the library loads with the
 * signed-in area's code and not with the public site's first page.
 */
import { ApiError, type Endpoint, type EndpointInput, type EndpointOutput } from '@tawqi/api';
import { QueryClient, keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { api } from './api.js';
import type { ArrivalRead } from './arrivalRead.js';
import { retryAtOf } from './retryAt.js';
import { languageAtom, sessionAtom } from './state/atoms.js';
import { store } from './state/store.js';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A failure shows at once with its retry button (SPEC §8); the person decides to retry.
      retry: false,
      // Shown at once from the cache, read again on every visit: a screen is never older than
      // its last visit, and never blank when it was seen before.
      staleTime: 0,
      refetchOnWindowFocus: false,
    },
  },
});

store.sub(sessionAtom, () => {
  if (!store.get(sessionAtom)) queryClient.clear();
});

/** One read as screen state: loading (with the last answer, if any), ready, or failed. */
export type Read<T> = (
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | {
      status: 'failed';
      data: T | null;
      message: string | null;
      /** When the server allows the next try (a 429's Retry-After), else null. */
      retryAt: number | null;
      /** The server answered that there is no such thing (404): trying again will not find it. */
      notFound: boolean;
    }
) & { reload: () => void };

/** The cache key of a call: its area first, so a change can invalidate its area's reads. */
export function callKey(endpoint: Endpoint, input: unknown): unknown[] {
  return [endpoint.area, endpoint.id, input];
}

interface ReadOptions<T> {
  /** Whether to read at all (e.g. not until an id is known). */
  enabled?: boolean;
  /** A read started before the screen's code loaded (arrivalRead.ts), taken once when fresh. */
  early?: ArrivalRead<T>;
  /** Keep the last answer on screen while the next page or filter reads (grids). */
  keepPrevious?: boolean;
  /** Read again after this many milliseconds, while the answer calls for it (a request waiting). */
  refetchInterval?: (data: T | undefined) => number | false;
}

/** A call of the contract, read and cached. */
export function useApi<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: ReadOptions<EndpointOutput<E>> = {},
): Read<EndpointOutput<E>> {
  const { early } = options;
  return useRead(
    callKey(endpoint, input),
    (signal) => (early ? early() : api.call(endpoint, input, { signal })),
    options,
  );
}

/**
 * A read that is not one call (several calls made into one answer), under its own key: an area
 * first, as callKey's. The language is added to every key.
 */
export function useRead<T>(
  key: readonly unknown[],
  read: (signal: AbortSignal) => Promise<T>,
  options: Omit<ReadOptions<T>, 'early'> = {},
): Read<T> {
  const language = useAtomValue(languageAtom);
  const query = useQuery(
    {
      queryKey: [...key, language],
      queryFn: ({ signal }) => read(signal),
      enabled: options.enabled ?? true,
      ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
      ...(options.refetchInterval
        ? {
            refetchInterval: (current: { state: { data: T | undefined } }) =>
              options.refetchInterval?.(current.state.data) ?? false,
          }
        : {}),
    },
    queryClient,
  );
  const { refetch } = query;
  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);
  const data = query.data ?? null;
  if (query.isError && !query.isFetching)
    return {
      status: 'failed',
      data,
      message: query.error instanceof Error && query.error.message ? query.error.message : null,
      retryAt: retryAtOf(query.error, query.errorUpdatedAt),
      notFound: query.error instanceof ApiError && query.error.statusCode === 404,
      reload,
    };
  // An answer may itself be null (no certificate yet): ready is the query's, not the data's.
  if (query.isFetching || query.isPending) return { status: 'loading', data, reload };
  return { status: 'ready', data: query.data as T, reload };
}

/** After a change: every read of these areas reads again (those on screen at once). */
export function invalidate(...areas: Endpoint['area'][]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => areas.includes(query.queryKey[0] as Endpoint['area']),
  });
}
