import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  ORG_USER_STATUSES,
  fromWirePage,
  isSearchActive,
  pageCount,
  statusFlag,
  statusFlags,
  toWirePage,
  visibleRange,
} from '../src/index.js';

describe('search activity (SPEC §5)', () => {
  it('is active with search text', () => {
    expect(isSearchActive({ searchText: 'Sara' })).toBe(true);
  });

  it('is not active with empty or blank text and no range', () => {
    expect(isSearchActive({})).toBe(false);
    expect(isSearchActive({ searchText: '' })).toBe(false);
    expect(isSearchActive({ searchText: '   ', dateRange: null })).toBe(false);
    expect(isSearchActive({ searchText: null, dateRange: { from: null, to: null } })).toBe(false);
  });

  it('is active with a date range, even with one end open', () => {
    expect(isSearchActive({ dateRange: { from: '2026-01-01', to: '2026-01-31' } })).toBe(true);
    expect(isSearchActive({ dateRange: { from: '2026-01-01', to: null } })).toBe(true);
    expect(isSearchActive({ dateRange: { from: null, to: '2026-01-31' } })).toBe(true);
  });
});

describe('page numbering (SPEC §5)', () => {
  it('sends 1-based pages as they are and zero-based pages one lower', () => {
    expect(toWirePage(1, 'one')).toBe(1);
    expect(toWirePage(1, 'zero')).toBe(0);
    expect(fromWirePage(0, 'zero')).toBe(1);
    expect(fromWirePage(3, 'one')).toBe(3);
  });

  it('refuses pages before the first and pages that are not integers', () => {
    expect(() => toWirePage(0, 'one')).toThrow(RangeError);
    expect(() => toWirePage(1.5, 'zero')).toThrow(RangeError);
    expect(() => fromWirePage(-1, 'zero')).toThrow(RangeError);
    expect(() => fromWirePage(0, 'one')).toThrow(RangeError);
  });

  it('round-trips every page through both bases', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom('one' as const, 'zero' as const),
        (page, base) => {
          expect(fromWirePage(toWirePage(page, base), base)).toBe(page);
        },
      ),
    );
  });

  it('counts pages with the default size of 10, at least one', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(57, 25)).toBe(3);
  });

  it('tells the visible range of a page', () => {
    expect(visibleRange(2, 10, 57)).toEqual({ first: 11, last: 20, total: 57 });
    expect(visibleRange(6, 10, 57)).toEqual({ first: 51, last: 57, total: 57 });
    expect(visibleRange(7, 10, 57)).toBeNull();
    expect(visibleRange(1, 10, 0)).toBeNull();
  });
});

describe('status flags (SPEC §5)', () => {
  it('sends each flag as 1 or 0', () => {
    expect(statusFlag(true)).toBe(1);
    expect(statusFlag(false)).toBe(0);
  });

  it('flags every status of the vocabulary, 1 for those selected', () => {
    expect(statusFlags(ORG_USER_STATUSES, ['Pending', 'Approved'])).toEqual({
      Initiated: 0,
      Pending: 1,
      Approved: 1,
      Rejected: 0,
      UserRejected: 0,
      Deactivated: 0,
    });
  });
});
