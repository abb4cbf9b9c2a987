/**
 * The declared grids (src/grids): every grid's inputs are ones its calls accept, for any view a
 * screen can be in; its columns read every row its list answers, in both languages; statuses and
 * flags are worded from one catalogue.
 */
import {
  ESIGN_TRANSACTION_STATUSES,
  STATUS_WORDS,
  type EsignTransactionStatus,
} from '@tawqi/domain';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../src/contract/endpoint.js';
import { createFixtures, createMockAnswers } from '../src/fixtures/index.js';
import {
  GRIDS,
  cellWords,
  l2RequestsGrid,
  columnsOn,
  myTransactionsGrid,
  orgEsignTransactionsGrid,
  organizationOf,
  organizationUnitsGrid,
  wirePage,
  type AnyGrid,
  type GridView,
} from '../src/grids/index.js';

const VIEWS: GridView<EsignTransactionStatus>[] = [
  {
    page: 1,
    pageSize: 10,
    search: '',
    fromDate: null,
    toDate: null,
    statuses: [],
    organization: { slno: 314, queryId: 314 },
    provider: 408,
    extra: {},
  },
  {
    page: 7,
    pageSize: 50,
    search: 'ES-31',
    fromDate: '2026-01-01',
    toDate: '2026-03-31',
    statuses: ['failed', 'pending'],
    organization: { slno: 320, queryId: 500 },
    provider: 500,
    extra: { active: 'inactive', unit: '12', employeeId: 'EMP-320-00007' },
  },
];

/** Whether an input parses with each of its call's schemas. */
function accepted(endpoint: Endpoint, input: unknown): boolean {
  const { params = {}, query = {}, body = {} } = input as Record<string, unknown>;
  return (
    (endpoint.params?.safeParse(params).success ?? true) &&
    (endpoint.query?.safeParse(query).success ?? true) &&
    (endpoint.body?.safeParse(body).success ?? true)
  );
}

const grids = GRIDS as readonly AnyGrid[];

describe('every declared grid', () => {
  it('asks its list and export calls with inputs they accept, for any view', () => {
    for (const grid of grids)
      for (const given of VIEWS) {
        // Each grid's view chooses among its own statuses.
        const view = {
          ...given,
          statuses: given.statuses.length ? (grid.statuses?.all.slice(0, 2) ?? []) : [],
        };
        expect(accepted(grid.list, grid.listInput(view as never)), grid.id).toBe(true);
        if (grid.export && grid.exportInput) {
          expect(accepted(grid.export, grid.exportInput(view as never, 'ar')), grid.id).toBe(true);
          expect(grid.export.answer.kind, grid.id).toBe('blob');
        }
      }
  });

  it('reads every row its list answers with every column, headed in both languages', () => {
    const answers = createMockAnswers(createFixtures());
    for (const grid of grids) {
      const answer = (answers[grid.list.id as keyof typeof answers] as (r: unknown) => unknown)({
        params: { page: 1, size: 10 },
        query: {},
        body: { page: 0, pageNumber: 1, limit: 10, pageSize: 10 },
      }) as { dataList: never[] };
      expect(answer.dataList.length, grid.id).toBeGreaterThan(0);
      const keys = new Set(answer.dataList.map((row) => grid.rowKey(row)));
      expect(keys.size, `${grid.id}: row keys are unique`).toBe(answer.dataList.length);
      for (const column of grid.columns) {
        expect(column.header.en, `${grid.id}.${column.id}`).toMatch(/\S/);
        expect(column.header.ar, `${grid.id}.${column.id}`).toMatch(/[\u0600-\u06ff]/);
        for (const row of answer.dataList) {
          const value = column.value(row, 'ar');
          expect(['string', 'number', 'boolean', 'object'], column.id).toContain(typeof value);
          if (column.kind === 'status') expect(Object.keys(STATUS_WORDS)).toContain(value);
        }
      }
      expect(columnsOn(grid, 'screen').length, grid.id).toBeGreaterThan(0);
    }
  });

  it('keeps file-only columns off the screen and screen-only ones out of the file', () => {
    const screen = columnsOn(myTransactionsGrid, 'screen').map((column) => column.id);
    const file = columnsOn(myTransactionsGrid, 'file').map((column) => column.id);
    expect(screen).not.toContain('userRole');
    expect(file).toContain('userRole');
    expect(file).toEqual(myTransactionsGrid.columns.map((column) => column.id));
  });

  it('heads the applications grid by its applicants, which are organizations and providers alike', () => {
    const [first] = l2RequestsGrid.columns;
    expect(first?.isRowHeader).toBe(true);
    expect(first?.header).toEqual({ en: 'Applicant', ar: 'مقدّم الطلب' });
  });

  it('starts the transactions grids on every status (SPEC §4)', () => {
    for (const grid of [myTransactionsGrid, orgEsignTransactionsGrid])
      expect(grid.statuses?.start).toEqual(ESIGN_TRANSACTION_STATUSES);
    expect(organizationUnitsGrid.statuses).toBeNull();
  });
});

describe('grid helpers', () => {
  it('words statuses and flags in the chosen language, and leaves other values as they are', () => {
    expect(cellWords('status', 'failed', 'ar')).toBe('فاشلة');
    expect(cellWords('status', 'UserRejected', 'en')).toBe('Rejected by user');
    expect(cellWords('flag', true, 'ar')).toBe('نعم');
    expect(cellWords('flag', false, 'en')).toBe('No');
    expect(cellWords('number', 12, 'ar')).toBe(12);
    expect(cellWords('text', 'as given', 'ar')).toBe('as given');
  });

  it('sends the page in each call’s own base', () => {
    expect(wirePage(myTransactionsGrid.list, 3)).toBe(2);
    expect(wirePage(organizationUnitsGrid.list, 3)).toBe(3);
    expect(
      myTransactionsGrid.listInput({ ...VIEWS[1], organization: null } as never).body.page,
    ).toBe(6);
  });

  it('refuses an organization grid without its organization', () => {
    expect(() => organizationOf({ ...(VIEWS[0] as GridView), organization: null })).toThrow(
      /without its organization/,
    );
    expect(() =>
      orgEsignTransactionsGrid.listInput({
        ...(VIEWS[0] as GridView<'failed'>),
        organization: null,
      }),
    ).toThrow();
  });
});
