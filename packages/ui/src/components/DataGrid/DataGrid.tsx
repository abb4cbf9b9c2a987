import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { useLocale } from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { Button } from '../Button/Button.js';
import { Pagination } from '../Pagination/Pagination.js';
import { Spinner } from '../Spinner/Spinner.js';
import { Icon } from '../parts/Icon.js';
import { iconButton } from '../parts/field.css.js';
import { visuallyHidden } from '../VisuallyHidden/VisuallyHidden.css.js';
import {
  cell as cellClass,
  detailCell,
  headerCell,
  resizer,
  row as rowClass,
  scroller,
  skeleton,
  skeletonBar,
  sortButton,
  spacer,
  table,
  toggleCell,
  toolbar as toolbarClass,
  wrapper,
} from './DataGrid.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';
import { fitWidths } from './fitWidths.js';

export interface DataGridColumn<Row> {
  id: string;
  header: string;
  /** The cell of a row: text, a StatusBadge, a formatted amount… */
  cell: (row: Row) => ReactNode;
  /** The server can sort by this column. */
  sortable?: boolean;
  /**
   * The preferred width in pixels (resizable); the rest share the remaining space. In a frame too
   * narrow for every preferred width, a column gives way down to `minWidth` (or 112 px) before
   * the grid scrolls sideways.
   */
  width?: number;
  /** The narrowest a person can make it (64 px unless set). */
  minWidth?: number;
  /** The widest a person can make it (960 px unless set): its resizer's maximum. */
  maxWidth?: number;
  align?: 'start' | 'end';
  /** The cell names its row for screen readers (a `th scope=row`). */
  isRowHeader?: boolean;
  /** The cell holds a control (a button, a menu): focus goes to the control. */
  interactive?: boolean;
}

export type SortDirection = 'ascending' | 'descending';
export interface SortDescriptor {
  column: string;
  direction: SortDirection;
}

export interface DataGridProps<Row> extends ClassNameProp {
  /** The grid's name, for screen readers. */
  label: string;
  /** The columns in reading order: header, cell, optional width, sorting and the row header. */
  columns: readonly DataGridColumn<Row>[];
  /** The rows of the current page (or all rows, for a client-side set). */
  rows: readonly Row[];
  /** A row's stable id, for React and for the row's detail toggle. */
  rowKey: (row: Row) => string;
  /** All rows on the server (default: the rows given). */
  totalCount?: number;
  /** Server-driven paging, from page 1; with `onPageChange` a pager is shown. */
  page?: number;
  /** Rows per page; with `page` and `onPageChange` it shows the pager. */
  pageSize?: number;
  /** Called with the page the person asks for; shows the pager. */
  onPageChange?: (page: number) => void;
  /** Server-driven sorting. */
  sort?: SortDescriptor | null;
  /** Called with the column and direction the person asks for. */
  onSortChange?: (sort: SortDescriptor) => void;
  /** Shows the loading skeleton (not made of rows) and announces it. */
  isLoading?: boolean;
  /** A failed load: its message, or "Failed to fetch" when none (SPEC §8). */
  error?: {
    message?: string | null;
    reference?: string | null;
    /** When a retry is allowed (a 429's wait): the error state counts down to it. */
    retryAt?: number | null;
  } | null;
  /** Offers a retry with the error. */
  onRetry?: () => void;
  /** Whether a filter is narrowing the rows (an empty result then offers to clear it). */
  isFiltered?: boolean;
  /** Offers "Clear filters" when a filtered result is empty. */
  onClearFilters?: () => void;
  /** What an empty, unfiltered grid shows. */
  emptyState?: ReactNode;
  /** A detail or sub-list under a row, opened by a toggle in the first column. */
  renderDetail?: (row: Row) => ReactNode;
  /** Actions above the grid: the export button, say. */
  toolbar?: ReactNode;
  /** Virtualize rows: 'auto' above 200 rows (needs `maxHeight`). */
  virtualize?: 'auto' | boolean;
  /** Height of the scrolling area, e.g. '32rem'; the header stays in view. */
  maxHeight?: string;
  /** Row height in pixels that virtualization starts from (measured rows replace it). */
  estimatedRowHeight?: number;
}

const VIRTUALIZE_ABOVE = 200;
const PAGE_STEP = 10;
const RESIZE_STEP = 16;
const DEFAULT_MIN_WIDTH = 64;
const DEFAULT_MAX_WIDTH = 960;
const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';

type Entry<Row> =
  | { kind: 'row'; row: Row; key: string; dataIndex: number }
  | { kind: 'detail'; row: Row; key: string; dataIndex: number };

interface Active {
  /** 0 is the header row; body entries follow from 1. */
  row: number;
  col: number;
}

/**
 * A grid of server-driven rows by the ARIA grid pattern: one tab stop; arrows move between cells
 * (mirrored in right-to-left), Home/End to the row's ends, Ctrl+Home/End to the grid's corners,
 * Page Up/Down by ten rows. A cell with a control passes focus to it.
 *
 * A native table (React Aria's Table took 4.5–8× longer to swap pages), virtualized with
 * @tanstack/react-virtual for large client-side sets. `aria-rowcount` counts every row on the
 * server and `aria-rowindex` places each rendered row in it, so a screen reader knows the total
 * while only the visible rows exist. The loading skeleton is not made of rows; the visible range
 * is announced politely.
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const {
    label,
    columns: givenColumns,
    rows,
    rowKey,
    totalCount = rows.length,
    page,
    pageSize,
    onPageChange,
    sort,
    onSortChange,
    isLoading,
    error,
    onRetry,
    isFiltered,
    onClearFilters,
    emptyState,
    renderDetail,
    toolbar,
    virtualize = 'auto',
    maxHeight,
    estimatedRowHeight = 44,
    className,
  } = props;
  const { t } = useUi();
  const { direction, locale } = useLocale();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [active, setActive] = useState<Active>({ row: 0, col: 0 });
  const [widths, setWidths] = useState<Record<string, number>>({});
  /** Each column's drawn width, for its resizer's value until a person sets one. */
  const [measured, setMeasured] = useState<Record<string, number>>({});
  const [sortNote, setSortNote] = useState('');
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const focusRequest = useRef(false);

  const columns = useMemo(() => {
    if (!renderDetail) return givenColumns;
    const toggle: DataGridColumn<Row> = {
      id: '__detail',
      header: t('rowDetails'),
      cell: () => null,
      width: 56,
      interactive: true,
    };
    return [toggle, ...givenColumns];
  }, [givenColumns, renderDetail, t]);

  const entries = useMemo(() => {
    const list: Entry<Row>[] = [];
    rows.forEach((row, dataIndex) => {
      const key = rowKey(row);
      list.push({ kind: 'row', row, key, dataIndex });
      if (renderDetail && expanded.has(key))
        list.push({ kind: 'detail', row, key: `${key}__detail`, dataIndex });
    });
    return list;
  }, [rows, rowKey, renderDetail, expanded]);

  const isVirtual =
    virtualize === true ||
    (virtualize === 'auto' && entries.length > VIRTUALIZE_ABOVE && maxHeight !== undefined);
  const virtualizer = useVirtualizer({
    count: isVirtual ? entries.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    overscan: 8,
    getItemKey: (index) => entries[index]?.key ?? index,
  });

  const firstRowIndex = page && pageSize ? (page - 1) * pageSize : 0;
  const detailsShown = entries.length - rows.length;
  const rowCount = totalCount + detailsShown + 1;
  const lastRow = entries.length;
  const colsIn = (row: number) =>
    row > 0 && entries[row - 1]?.kind === 'detail' ? 1 : columns.length;

  const focusCell = (next: Active) => {
    const row = Math.min(Math.max(0, next.row), lastRow);
    const col = Math.min(Math.max(0, next.col), colsIn(row) - 1);
    focusRequest.current = true;
    setActive({ row, col });
    if (isVirtual && row > 0) virtualizer.scrollToIndex(row - 1, { align: 'auto' });
  };

  // After a move, focus the active cell (or the control in it) once it is rendered. Controls in
  // the other cells leave the tab order, so the grid is one tab stop.
  useLayoutEffect(() => {
    const grid = tableRef.current;
    if (!grid) return;
    for (const cellElement of grid.querySelectorAll<HTMLElement>('[data-interactive="true"]')) {
      const isActive =
        Number(cellElement.dataset.row) === active.row &&
        Number(cellElement.dataset.col) === active.col;
      [...cellElement.querySelectorAll<HTMLElement>(FOCUSABLE)]
        // A header's resizer keeps its own place: after the header, in the active header cell.
        .filter((control) => !control.hasAttribute('data-resizer'))
        .forEach((control, index) => {
          control.tabIndex = isActive && index === 0 ? 0 : -1;
        });
    }
    if (!focusRequest.current) return;
    const target = grid.querySelector<HTMLElement>(
      `[data-row="${String(active.row)}"][data-col="${String(active.col)}"]`,
    );
    if (!target) return;
    focusRequest.current = false;
    (target.dataset.interactive === 'true'
      ? (target.querySelector<HTMLElement>(FOCUSABLE) ?? target)
      : target
    ).focus();
  });

  // Measured when the set of columns changes, not on every render that passes a new array (a
  // layout read per header on a hot path), and again when a resizer takes focus (the window may
  // have changed the widths since).
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const measureColumns = useCallback(() => {
    const current = columnsRef.current;
    const next = Object.fromEntries(
      current.map((column) => [column.id, Math.round(headerWidth(tableRef.current, column.id))]),
    );
    setMeasured((before) =>
      current.every((column) => before[column.id] === next[column.id]) ? before : next,
    );
  }, []);
  const columnIds = columns.map((column) => column.id).join('\u0000');
  useLayoutEffect(measureColumns, [columnIds, measureColumns]);

  // The frame's width, read before the first paint and on every resize: the columns fit it.
  const [frameWidth, setFrameWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const frame = scrollRef.current;
    if (!frame) return;
    const measure = () => setFrameWidth(frame.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  const fitted = useMemo(
    () => fitWidths(columns, widths, frameWidth),
    [columns, widths, frameWidth],
  );

  const onKeyDownCapture = (event: KeyboardEvent<HTMLTableElement>) => {
    const cellElement = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!cellElement) return;
    const row = Number(cellElement.dataset.row);
    const col = Number(cellElement.dataset.col);
    const forward = direction === 'rtl' ? -1 : 1;
    const onResizer = (event.target as HTMLElement).hasAttribute('data-resizer');
    if (
      (onResizer || (event.altKey && row === 0)) &&
      (event.key === 'ArrowLeft' || event.key === 'ArrowRight')
    ) {
      const column = columns[col];
      if (column) resizeBy(column, (event.key === 'ArrowRight' ? 1 : -1) * forward * RESIZE_STEP);
      event.preventDefault();
      return;
    }
    const moves: Record<string, Active | undefined> = {
      ArrowDown: { row: row + 1, col },
      ArrowUp: { row: row - 1, col },
      ArrowRight: { row, col: col + forward },
      ArrowLeft: { row, col: col - forward },
      Home: event.ctrlKey ? { row: 0, col: 0 } : { row, col: 0 },
      End: event.ctrlKey
        ? { row: lastRow, col: colsIn(lastRow) - 1 }
        : { row, col: colsIn(row) - 1 },
      PageDown: { row: row + PAGE_STEP, col },
      PageUp: { row: row - PAGE_STEP, col },
    };
    const next = moves[event.key];
    if (!next) return;
    // Before a control in the cell sees the key (a menu button would open on ArrowDown).
    event.preventDefault();
    event.stopPropagation();
    focusCell(next);
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const cellElement = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!cellElement) return;
    const row = Number(cellElement.dataset.row);
    const col = Number(cellElement.dataset.col);
    if (row !== active.row || col !== active.col) setActive({ row, col });
  };

  const resizeBy = (column: DataGridColumn<Row>, delta: number) => {
    setWidths((current) => {
      const from = current[column.id] ?? column.width ?? headerWidth(tableRef.current, column.id);
      return {
        ...current,
        [column.id]: Math.min(
          column.maxWidth ?? DEFAULT_MAX_WIDTH,
          Math.max(column.minWidth ?? DEFAULT_MIN_WIDTH, Math.round(from + delta)),
        ),
      };
    });
  };

  const toggle = useCallback((key: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const range =
    rows.length > 0 && !isLoading
      ? t('rowsOf', {
          first: number.format(firstRowIndex + 1),
          last: number.format(firstRowIndex + rows.length),
          total: number.format(totalCount),
        })
      : '';

  const showSkeleton = isLoading && rows.length === 0;
  const showError = !isLoading && Boolean(error);
  const showEmpty = !isLoading && !error && rows.length === 0;
  const virtualItems = isVirtual ? virtualizer.getVirtualItems() : [];
  const rendered = isVirtual
    ? virtualItems.map((item) => ({
        entry: entries[item.index] as Entry<Row>,
        position: item.index,
      }))
    : entries.map((entry, position) => ({ entry, position }));
  const paddingTop = isVirtual ? (virtualItems[0]?.start ?? 0) : 0;
  const paddingBottom = isVirtual
    ? virtualizer.getTotalSize() - (virtualItems.at(-1)?.end ?? 0)
    : 0;

  return (
    <div className={withClassName(wrapper, className)}>
      {toolbar ? <div className={toolbarClass}>{toolbar}</div> : null}
      {isLoading && rows.length > 0 ? <Spinner size="small" showLabel /> : null}
      <div
        ref={scrollRef}
        className={scroller}
        style={maxHeight ? { maxBlockSize: maxHeight } : undefined}
      >
        <table
          ref={tableRef}
          role="grid"
          aria-label={label}
          aria-rowcount={rowCount}
          aria-colcount={columns.length}
          aria-busy={isLoading ? true : undefined}
          className={table}
          style={{ minInlineSize: `${String(fitted.minInlineSize)}px` }}
          onKeyDownCapture={onKeyDownCapture}
          onFocus={onFocus}
        >
          <colgroup>
            {columns.map((column) => {
              const width = fitted.widths[column.id];
              return (
                <col
                  key={column.id}
                  style={width ? { inlineSize: `${String(width)}px` } : undefined}
                />
              );
            })}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column, col) => (
                <HeaderCell
                  key={column.id}
                  column={column}
                  col={col}
                  isActive={active.row === 0 && active.col === col}
                  sort={sort}
                  onSortChange={onSortChange}
                  onResize={(delta) => {
                    resizeBy(column, delta);
                  }}
                  width={fitted.widths[column.id] ?? measured[column.id]}
                  onResizerFocus={measureColumns}
                  resizeLabel={t('resizeColumn')}
                  direction={direction}
                  onSorted={(direction) => {
                    setSortNote(
                      `${column.header}: ${t(direction === 'ascending' ? 'sortAscending' : 'sortDescending')}`,
                    );
                  }}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 ? (
              <tr aria-hidden="true" role="presentation">
                <td
                  className={spacer}
                  colSpan={columns.length}
                  style={{ blockSize: `${String(paddingTop)}px` }}
                />
              </tr>
            ) : null}
            {rendered.map(({ entry, position }) => (
              <GridRow
                key={entry.key}
                entry={entry}
                columns={columns}
                navRow={position + 1}
                ariaRowIndex={firstRowIndex + position + 2}
                activeCol={active.row === position + 1 ? active.col : null}
                isExpanded={expanded.has(entry.key)}
                onToggle={toggle}
                renderDetail={renderDetail}
                labels={{ expand: t('expandRow'), collapse: t('collapseRow') }}
                measureRef={isVirtual ? virtualizer.measureElement : undefined}
                virtualIndex={position}
              />
            ))}
            {paddingBottom > 0 ? (
              <tr aria-hidden="true" role="presentation">
                <td
                  className={spacer}
                  colSpan={columns.length}
                  style={{ blockSize: `${String(paddingBottom)}px` }}
                />
              </tr>
            ) : null}
          </tbody>
        </table>
        {showSkeleton ? (
          <div className={skeleton} aria-hidden="true" data-skeleton>
            {Array.from({ length: Math.min(pageSize ?? 5, 8) }, (_, index) => (
              <div key={index} className={skeletonBar} />
            ))}
          </div>
        ) : null}
        {showError ? (
          <ErrorState
            message={error?.message}
            reference={error?.reference}
            retryAt={error?.retryAt}
            onRetry={onRetry}
          />
        ) : null}
        {showEmpty ? (
          isFiltered ? (
            <EmptyState
              title={t('noResultsFiltered')}
              action={
                onClearFilters ? (
                  <Button variant="secondary" onPress={onClearFilters}>
                    {t('clearFilters')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            (emptyState ?? <EmptyState />)
          )
        ) : null}
      </div>
      <div className={visuallyHidden} aria-live="polite" aria-atomic="true">
        {range}
      </div>
      {/* A sort a person asked for, said once (the header's aria-sort keeps the state). */}
      <div className={visuallyHidden} aria-live="polite" aria-atomic="true" data-sort-note>
        {sortNote}
      </div>
      {onPageChange && page && pageSize && totalCount > 0 ? (
        <Pagination
          page={page}
          pageSize={pageSize}
          totalCount={totalCount}
          onPageChange={onPageChange}
          isDisabled={isLoading}
        />
      ) : null}
    </div>
  );
}

function headerWidth(grid: HTMLTableElement | null, columnId: string): number {
  return (
    grid?.querySelector<HTMLElement>(`th[data-column="${columnId}"]`)?.getBoundingClientRect()
      .width ?? 160
  );
}

interface HeaderCellProps<Row> {
  column: DataGridColumn<Row>;
  col: number;
  isActive: boolean;
  sort: SortDescriptor | null | undefined;
  onSortChange: ((sort: SortDescriptor) => void) | undefined;
  onResize: (delta: number) => void;
  width: number | undefined;
  onResizerFocus: () => void;
  resizeLabel: string;
  direction: 'ltr' | 'rtl';
  onSorted: (direction: SortDirection) => void;
}

function HeaderCell<Row>({
  column,
  col,
  isActive,
  sort,
  onSortChange,
  onResize,
  width,
  onResizerFocus,
  resizeLabel,
  direction,
  onSorted,
}: HeaderCellProps<Row>) {
  const labelId = useId();
  const sorted = sort?.column === column.id ? sort.direction : undefined;
  const canSort = Boolean(column.sortable && onSortChange);
  const startResize = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    handle.dataset.resizing = 'true';
    let last = event.clientX;
    const forward = direction === 'rtl' ? -1 : 1;
    const move = (moveEvent: PointerEvent) => {
      onResize((moveEvent.clientX - last) * forward);
      last = moveEvent.clientX;
    };
    const stop = () => {
      handle.dataset.resizing = 'false';
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', stop);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', stop);
  };
  return (
    <th
      scope="col"
      className={column.id === '__detail' ? `${headerCell} ${toggleCell}` : headerCell}
      data-row={0}
      data-col={col}
      data-column={column.id}
      data-align={column.align}
      data-interactive={canSort ? 'true' : undefined}
      aria-colindex={col + 1}
      aria-sort={canSort ? (sorted ?? 'none') : undefined}
      // Named by its label alone: not by its resizer's name, nor its sort (aria-sort says that).
      aria-labelledby={labelId}
      tabIndex={canSort ? -1 : isActive ? 0 : -1}
    >
      {canSort ? (
        <button
          type="button"
          className={sortButton}
          tabIndex={isActive ? 0 : -1}
          onClick={() => {
            const next = sorted === 'ascending' ? 'descending' : 'ascending';
            onSortChange?.({ column: column.id, direction: next });
            onSorted(next);
          }}
        >
          <span id={labelId}>{column.header}</span>
          {sorted ? <span aria-hidden="true">{sorted === 'ascending' ? '▲' : '▼'}</span> : null}
        </button>
      ) : column.id === '__detail' ? (
        // Named for assistive technology; the toggles below speak for themselves on screen.
        <span id={labelId} className={visuallyHidden}>
          {column.header}
        </span>
      ) : (
        <span id={labelId}>{column.header}</span>
      )}
      {column.id === '__detail' ? null : (
        // A focusable separator, as React Aria's table resizer: Tab from its header reaches it,
        // the arrows resize (mirrored right to left), and a pointer drags it.
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={`${resizeLabel}: ${column.header}`}
          aria-valuenow={width ?? 0}
          aria-valuemin={column.minWidth ?? DEFAULT_MIN_WIDTH}
          aria-valuemax={column.maxWidth ?? DEFAULT_MAX_WIDTH}
          tabIndex={isActive ? 0 : -1}
          data-resizer=""
          className={resizer}
          onFocus={onResizerFocus}
          onPointerDown={startResize}
        />
      )}
    </th>
  );
}

interface GridRowProps<Row> {
  entry: Entry<Row>;
  columns: readonly DataGridColumn<Row>[];
  navRow: number;
  ariaRowIndex: number;
  activeCol: number | null;
  isExpanded: boolean;
  onToggle: (key: string) => void;
  renderDetail: ((row: Row) => ReactNode) | undefined;
  labels: { expand: string; collapse: string };
  measureRef: ((element: Element | null) => void) | undefined;
  virtualIndex: number;
}

/** One row; memoized so that moving focus re-renders only the two rows it leaves and enters. */
const GridRow = memo(function GridRow<Row>({
  entry,
  columns,
  navRow,
  ariaRowIndex,
  activeCol,
  isExpanded,
  onToggle,
  renderDetail,
  labels,
  measureRef,
  virtualIndex,
}: GridRowProps<Row>) {
  if (entry.kind === 'detail') {
    return (
      <tr
        ref={measureRef}
        data-index={virtualIndex}
        aria-rowindex={ariaRowIndex}
        id={`detail-${entry.key}`}
      >
        <td
          className={detailCell}
          colSpan={columns.length}
          data-row={navRow}
          data-col={0}
          aria-colindex={1}
          tabIndex={activeCol === 0 ? 0 : -1}
        >
          {renderDetail?.(entry.row)}
        </td>
      </tr>
    );
  }
  return (
    <tr
      ref={measureRef}
      data-index={virtualIndex}
      className={rowClass}
      aria-rowindex={ariaRowIndex}
    >
      {columns.map((column, col) => {
        const isActive = activeCol === col;
        if (column.id === '__detail') {
          return (
            <td
              key={column.id}
              className={`${cellClass} ${toggleCell}`}
              data-row={navRow}
              data-col={col}
              data-interactive="true"
              aria-colindex={col + 1}
              tabIndex={-1}
            >
              <button
                type="button"
                className={iconButton}
                tabIndex={isActive ? 0 : -1}
                aria-expanded={isExpanded}
                aria-controls={isExpanded ? `detail-${entry.key}__detail` : undefined}
                aria-label={isExpanded ? labels.collapse : labels.expand}
                onClick={() => {
                  onToggle(entry.key);
                }}
              >
                <Icon name={isExpanded ? 'chevronDown' : 'chevronEnd'} />
              </button>
            </td>
          );
        }
        const Cell = column.isRowHeader ? 'th' : 'td';
        return (
          <Cell
            key={column.id}
            className={cellClass}
            scope={column.isRowHeader ? 'row' : undefined}
            data-row={navRow}
            data-col={col}
            data-align={column.align}
            data-interactive={column.interactive ? 'true' : undefined}
            aria-colindex={col + 1}
            tabIndex={column.interactive ? -1 : isActive ? 0 : -1}
          >
            {column.cell(entry.row)}
          </Cell>
        );
      })}
    </tr>
  );
}) as <Row>(props: GridRowProps<Row>) => ReactNode;
