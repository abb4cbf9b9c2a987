/**
 * The stories every declared grid has (issue 13, item 4), made from its declaration: a page of
 * data (its headers are the declaration's, in the story's language; its statuses are worded by the
 * catalogue; its export is offered), in both languages and both themes; empty; a filter that finds
 * nothing; loading; a failed read that a retry recovers. A grid's story file adds only the states
 * that are its own.
 */
import type { EndpointId } from '@tawqi/api';
import { createFixtures, createMockAnswers } from '@tawqi/api/fixtures';
import { columnsOn, type AnyGrid } from '@tawqi/api/grids';
import { mockStates } from '@tawqi/api/msw';
import { statusWord } from '@tawqi/domain';
import { dataGridIn } from '@tawqi/ui/test';
import { expect, waitFor, within } from 'storybook/test';
import i18next from 'i18next';
import { PAGE_SIZE } from '../grid.js';
import { failedOnceStory, inArabic, inDark, loadingStory, text } from './portal.js';

interface StoryContext {
  canvasElement: HTMLElement;
}

export interface GridStoryOptions {
  /** The i18n key of the grid's name (its screen's title). */
  label: string;
  /** The i18n key of what the empty grid says. */
  empty: string;
  /** A search that the empty answer then finds nothing for (a searchable grid's NothingFound). */
  search?: string;
  /** The story parameters every story of the grid shares (its route and session). */
  portal: { route: string; session: unknown };
}

/** The first page the mock server answers for the grid, as the screen asks for it. */
function mockPage(grid: AnyGrid): { dataList: Record<string, unknown>[]; totalCount: number } {
  const answers = createMockAnswers(createFixtures());
  const answer = answers[grid.list.id as EndpointId] as (request: unknown) => unknown;
  const base = grid.list.pageBase === 'zero' ? 0 : 1;
  return answer({
    params: { page: base, size: PAGE_SIZE },
    query: {},
    body: { page: base, pageNumber: base, limit: PAGE_SIZE, pageSize: PAGE_SIZE },
  }) as { dataList: Record<string, unknown>[]; totalCount: number };
}

export function gridStories(grid: AnyGrid, options: GridStoryOptions) {
  const language = () => (i18next.language === 'ar' ? 'ar' : 'en');
  const findGrid = async (canvasElement: HTMLElement) =>
    within(canvasElement).findByRole('grid', { name: text(options.label) });

  const Data = {
    play: async ({ canvasElement }: StoryContext) => {
      const shown = await findGrid(canvasElement);
      // The grid as the ui package's test helpers read it, by its name in the story's language.
      const table = dataGridIn(canvasElement, text(options.label));
      const page = mockPage(grid);
      const expected = Math.min(PAGE_SIZE, page.dataList.length);
      await waitFor(() => expect(table.rows()).toHaveLength(expected), { timeout: 5000 });
      await expect(table.rowCount()).toBe(page.totalCount);
      const headers = table.columns();
      for (const column of columnsOn(grid, 'screen'))
        await expect(headers).toContain(column.header[language()]);
      // Every status cell is the catalogue's word in the story's language, never the code.
      for (const column of grid.columns.filter((each) => each.kind === 'status'))
        for (const row of page.dataList.slice(0, expected)) {
          const code = String(column.value(row as never, language()));
          await expect(
            within(shown).getAllByText(statusWord(code, language())).length,
          ).toBeGreaterThan(0);
        }
      if (grid.export)
        await expect(
          within(canvasElement).getByRole('button', { name: text('app:grid.export') }),
        ).toBeEnabled();
    },
  };

  const Empty = {
    parameters: { msw: [mockStates.empty(grid.list.id as EndpointId)] },
    play: async ({ canvasElement }: StoryContext) => {
      await expect(await within(canvasElement).findByText(text(options.empty))).toBeVisible();
      if (grid.export)
        await expect(
          within(canvasElement).getByRole('button', { name: text('app:grid.export') }),
        ).toBeDisabled();
    },
  };

  // A search from the URL that finds nothing: the search keeps what was typed, no export.
  const search = options.search ?? 'ES-0000';
  const NothingFound = {
    parameters: {
      msw: [mockStates.empty(grid.list.id as EndpointId)],
      portal: {
        ...options.portal,
        route: `${options.portal.route}${options.portal.route.includes('?') ? '&' : '?'}q=${encodeURIComponent(search)}`,
      },
    },
    play: async ({ canvasElement }: StoryContext) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('searchbox')).toHaveValue(search);
      if (grid.export)
        await expect(
          await canvas.findByRole('button', { name: text('app:grid.export') }),
        ).toBeDisabled();
    },
  };

  const Loading = loadingStory(grid.list.id as EndpointId);
  return {
    Data,
    DataArabic: inArabic(Data),
    DataDark: inDark(Data),
    DataArabicDark: inDark(inArabic(Data)),
    Empty,
    EmptyArabic: inArabic(Empty),
    NothingFound,
    NothingFoundArabic: inArabic(NothingFound),
    Loading,
    LoadingArabic: inArabic(Loading),
    Failed: failedOnceStory(grid.list.id as EndpointId),
    FailedArabic: inArabic(failedOnceStory(grid.list.id as EndpointId)),
  };
}
