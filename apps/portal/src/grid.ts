/**
 * Grids of the portal: the page lives in the URL (`?page=2`, or a grid's own name), so a reload,
 * a shared link or the back button shows the same rows; a call's state becomes the DataGrid's.
 */
import { DEFAULT_PAGE_SIZE, isSearchActive } from '@tawqi/domain';
import type { DataGridProps, FilterValues } from '@tawqi/ui';
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import type { Read } from './queries.js';

export const PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** A 1-based page number from the URL; a missing or broken value is page 1. */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(name));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) => {
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      if (next <= 1) updated.delete(name);
      else updated.set(name, String(next));
      return updated;
    });
  };
  return [page, setPage];
}

/** The DataGrid's rows and states from a read of a page. */
export function gridState<Row>(
  call: Read<unknown>,
  rows: readonly Row[],
  totalCount: number,
): Pick<DataGridProps<Row>, 'rows' | 'totalCount' | 'isLoading' | 'error' | 'onRetry'> {
  return {
    rows,
    totalCount,
    isLoading: call.status === 'loading',
    error: call.status === 'failed' ? { message: call.message, retryAt: call.retryAt } : null,
    onRetry: call.reload,
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A grid's filter (search text, date range, statuses) in the URL: `q`, `from`, `to`, `status`
 * (comma-separated). Without `status` the grid's default statuses apply; a value the grid does not
 * know is dropped rather than sent. Setting the filter returns the grid to its first page. The
 * value keeps its identity while the URL does not change (the FilterBar compares by identity).
 */
export function useFilterParams<S extends string>(
  statuses: readonly S[],
  defaultStatuses: readonly S[] = statuses,
  /** A grid's own filters in the URL, kept when the filter bar applies. */
  keep: readonly string[] = [],
): [FilterValues & { statuses: S[] }, (filter: FilterValues) => void, boolean] {
  const [params, setParams] = useSearchParams();
  const key = ['q', 'from', 'to', 'status'].map((name) => params.get(name) ?? '').join('\u0000');
  const filter = useMemo(() => {
    const [search = '', from = '', to = '', status = ''] = key.split('\u0000');
    const chosen = status
      .split(',')
      .filter((value): value is S => (statuses as readonly string[]).includes(value));
    return {
      search,
      dateRange:
        ISO_DATE.test(from) || ISO_DATE.test(to)
          ? { from: ISO_DATE.test(from) ? from : null, to: ISO_DATE.test(to) ? to : null }
          : null,
      statuses: status ? chosen : [...defaultStatuses],
    };
  }, [key, statuses, defaultStatuses]);
  const setFilter = (next: FilterValues) => {
    const updated = new URLSearchParams();
    for (const name of ['tab', ...keep]) {
      const value = params.get(name);
      if (value) updated.set(name, value);
    }
    if (next.search.trim()) updated.set('q', next.search.trim());
    if (next.dateRange?.from) updated.set('from', next.dateRange.from);
    if (next.dateRange?.to) updated.set('to', next.dateRange.to);
    const sameAsDefault =
      next.statuses.length === defaultStatuses.length &&
      defaultStatuses.every((status) => next.statuses.includes(status));
    if (!sameAsDefault) updated.set('status', next.statuses.join(','));
    setParams(updated);
  };
  // Narrowed against the grid's own start: a grid that starts on Approved or Pending (SPEC §4)
  // and finds nothing there is empty, not filtered.
  const narrowed =
    isSearchActive({ searchText: filter.search, dateRange: filter.dateRange }) ||
    filter.statuses.length !== defaultStatuses.length ||
    !defaultStatuses.every((status) => filter.statuses.includes(status));
  return [filter, setFilter, narrowed];
}

/**
 * One of a grid's own filters in the URL (`?unit=12`): its value ('' when unset) and a setter that
 * returns the grid to its first page.
 */
export function useGridParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string) => {
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      updated.delete('page');
      if (value) updated.set(name, value);
      else updated.delete(name);
      return updated;
    });
  };
  return [params.get(name) ?? '', set];
}
