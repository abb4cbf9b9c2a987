/**
 * Grid rules (SPEC §5, §9): when a search is active, page numbering on the wire, status flags,
 * and the visible range a grid announces.
 */
import { DEFAULT_PAGE_SIZE, SEARCH_TYPE_DEFAULTS } from './constants.js';

/** A date range as the filter bar holds it: ISO dates (yyyy-mm-dd), either end may be open. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

/**
 * A grid search counts as active when the search text is non-empty or a date range is included
 * (SPEC §5). Text of spaces only is empty (our reading: nothing to search for); a range counts when
 * either end is set.
 */
export function isSearchActive(filter: {
  searchText?: string | null;
  dateRange?: DateRange | null;
}): boolean {
  const hasText = (filter.searchText ?? '').trim() !== '';
  const range = filter.dateRange;
  return hasText || Boolean(range && (range.from ?? range.to));
}

/**
 * The search type a grid call sends (SPEC §9: "Search types default to 3 or 0"). Our reading:
 * 3 searches by the filter's criteria, 0 lists without criteria, so the type follows whether the
 * search is active (SPEC §5).
 */
export function searchTypeOf(filter: Parameters<typeof isSearchActive>[0]): 0 | 3 {
  return isSearchActive(filter) ? SEARCH_TYPE_DEFAULTS.byCriteria : SEARCH_TYPE_DEFAULTS.none;
}

/** How a call numbers its pages: 1-based for most, zero-based for a few (SPEC §5). */
export const PAGE_BASES = ['one', 'zero'] as const;
export type PageBase = (typeof PAGE_BASES)[number];

/** The page number to send, from the 1-based page the user sees. */
export function toWirePage(page: number, base: PageBase): number {
  assertPage(page, 1);
  return base === 'one' ? page : page - 1;
}

/** The 1-based page the user sees, from the page number a call uses. */
export function fromWirePage(wirePage: number, base: PageBase): number {
  const first = base === 'one' ? 1 : 0;
  assertPage(wirePage, first);
  return wirePage - first + 1;
}

function assertPage(page: number, first: number): void {
  if (!Number.isSafeInteger(page) || page < first) {
    throw new RangeError(`page must be an integer from ${first}, got ${page}`);
  }
}

/** Status flags in the user-grid filter are sent as 1 or 0 (SPEC §5). */
export function statusFlag(selected: boolean): 0 | 1 {
  return selected ? 1 : 0;
}

/** One 1/0 flag for every status of a vocabulary, 1 for those selected. */
export function statusFlags<S extends string>(
  vocabulary: readonly S[],
  selected: readonly S[],
): Record<S, 0 | 1> {
  return Object.fromEntries(
    vocabulary.map((status) => [status, statusFlag(selected.includes(status))]),
  ) as Record<S, 0 | 1>;
}

/** How many pages `totalCount` rows make (at least 1, so an empty grid shows "page 1 of 1"). */
export function pageCount(totalCount: number, pageSize: number = DEFAULT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/**
 * The 1-based rows a page shows, for "11–20 of 57" and its polite announcement; null when the page
 * holds no rows.
 */
export function visibleRange(
  page: number,
  pageSize: number,
  totalCount: number,
): { first: number; last: number; total: number } | null {
  const first = (page - 1) * pageSize + 1;
  if (totalCount < first) return null;
  return { first, last: Math.min(page * pageSize, totalCount), total: totalCount };
}
