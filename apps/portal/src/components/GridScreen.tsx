/**
 * One grid screen for every declared grid (issue 13, item 4; @tawqi/api/grids): its filter and
 * page in the URL, its rows read and cached through TanStack Query (queries.ts) for the active
 * organization and language, the last page kept on screen while the next one reads (a late
 * answer of an earlier filter never shows), its columns from the declaration, and its export
 * with the same filter in the active language, with the file's progress as it arrives. A screen
 * adds only what is its own: its words, the cells that link somewhere, a row's detail.
 */
import type { Endpoint } from '@tawqi/api';
import type { Grid, GridView, RowOf } from '@tawqi/api/grids';
import { statusWord, type Status as StatusCode } from '@tawqi/domain';
import { Button, DataGrid, EmptyState, FilterBar } from '@tawqi/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { api } from '../api.js';
import { useFormat } from '../format.js';
import { PAGE_SIZE, gridState, useFilterParams, usePageParam } from '../grid.js';
import { useApi } from '../queries.js';
import { reportFailure } from '../toasts.js';
import { useGridColumns, type OwnCells } from './gridColumns.js';
import { exportProgress, ownFilters } from './gridScreen.css.js';

const NO_STATUSES: readonly never[] = [];
const NO_FILTERS: readonly string[] = [];

export interface GridScreenProps<
  List extends Endpoint,
  Export extends Endpoint | null,
  S extends StatusCode,
> {
  grid: Grid<List, Export, S>;
  /** The grid's name for screen readers: its screen's title. */
  label: string;
  /** What an empty, unfiltered grid says. */
  emptyTitle: string;
  searchLabel?: string;
  cells?: OwnCells<RowOf<List>>;
  renderDetail?: (row: RowOf<List>) => ReactNode;
  /** The active organization of an organization grid. */
  organization?: GridView['organization'];
  /** The active provider of a provider's grid (the provider area). */
  provider?: number | null;
  /** The page's name in the URL, when a screen shows more than one grid. */
  pageParam?: string;
  /** The controls of the grid's own filters (`extraFilters`, set with `useGridParam`). */
  filters?: ReactNode;
}

export function GridScreen<
  List extends Endpoint,
  Export extends Endpoint | null,
  S extends StatusCode,
>({
  grid,
  label,
  emptyTitle,
  searchLabel,
  cells,
  renderDetail,
  organization = null,
  provider = null,
  pageParam,
  filters,
}: GridScreenProps<List, Export, S>) {
  const { t } = useTranslation('app');
  const format = useFormat();
  const statuses = grid.statuses?.all ?? NO_STATUSES;
  const [page, setPage] = usePageParam(pageParam);
  const own = grid.extraFilters ?? NO_FILTERS;
  const [filter, setFilter, narrowed] = useFilterParams(statuses, grid.statuses?.start, own);
  const [params, setParams] = useSearchParams();
  const extra = Object.fromEntries(own.map((name) => [name, params.get(name) ?? '']));
  const [received, setReceived] = useState<number | null>(null);
  const view: GridView<S> = {
    page,
    pageSize: PAGE_SIZE,
    search: filter.search,
    fromDate: filter.dateRange?.from ?? null,
    toDate: filter.dateRange?.to ?? null,
    statuses: filter.statuses,
    organization,
    provider,
    extra,
  };
  const call = useApi(grid.list, grid.listInput(view), { keepPrevious: true });
  const columns = useGridColumns<RowOf<List>>(grid, cells);
  const rows = (call.data as { dataList: RowOf<List>[] } | null)?.dataList ?? [];
  const total = (call.data as { totalCount: number } | null)?.totalCount ?? 0;
  // Clearing the filter returns to where the grid starts (SPEC §4: some start on a few statuses).
  const startFilter = {
    search: '',
    dateRange: null,
    statuses: [...(grid.statuses?.start ?? statuses)],
  };

  const exportRows = async () => {
    if (!grid.export || !grid.exportInput) return;
    setReceived(0);
    try {
      await api.download(grid.export, grid.exportInput(view, format.language) as never, {
        onProgress: setReceived,
      });
    } catch (error) {
      reportFailure(error);
    } finally {
      setReceived(null);
    }
  };

  return (
    <>
      {grid.searchable || grid.statuses ? (
        <FilterBar
          value={filter}
          onChange={setFilter}
          {...(grid.statuses
            ? {
                statusOptions: statuses.map((status) => ({
                  value: status,
                  label: statusWord(status, format.language),
                })),
              }
            : {})}
          emptyValue={startFilter}
          {...(searchLabel ? { searchLabel } : {})}
        />
      ) : null}
      {filters ? <div className={ownFilters}>{filters}</div> : null}
      <DataGrid
        label={label}
        columns={columns}
        rowKey={grid.rowKey}
        {...gridState(call, rows, total)}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        isFiltered={narrowed || Object.values(extra).some(Boolean)}
        onClearFilters={() => {
          // Every filter at once, the grid's own too; the screen's tab stays.
          const tab = params.get('tab');
          setParams(tab ? { tab } : {});
        }}
        emptyState={<EmptyState title={emptyTitle} />}
        {...(renderDetail ? { renderDetail } : {})}
        {...(grid.export
          ? {
              toolbar: (
                <>
                  <Button
                    variant="secondary"
                    size="small"
                    isPending={received !== null}
                    isDisabled={!call.data || total === 0}
                    onPress={() => void exportRows()}
                  >
                    {t('grid.export')}
                  </Button>
                  <span role="status" className={exportProgress}>
                    {received === null
                      ? ''
                      : t('grid.exporting', {
                          size: format.number(Math.max(1, Math.round(received / 1024))),
                        })}
                  </span>
                </>
              ),
            }
          : {})}
      />
    </>
  );
}
