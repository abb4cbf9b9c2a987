/**
 * A declared grid's columns on a screen (@tawqi/api/grids): headers in the active language, each
 * cell shown by its kind through the locale's formatter (statuses from the one catalogue), and the
 * screen's own cells (a link to a row's page) in place of the plain ones. Apart from GridScreen so
 * a screen that shows a few rows (a dashboard) does not load the filter bar.
 */
import {
  cellWords,
  columnsOn,
  type CellKind,
  type CellValue,
  type GridColumn,
} from '@tawqi/api/grids';
import type { DataGridColumn } from '@tawqi/ui';
import type { ReactNode } from 'react';
import { useFormat } from '../format.js';
import { Status } from './Status.js';
import { Verbatim } from './Verbatim.js';

/** A screen's own cell for a column of the declaration (a link to the row's page, say). */
export interface OwnCell<Row> {
  cell: (row: Row) => ReactNode;
  /** The cell holds a control (a link, a button): focus goes to it. */
  interactive?: boolean;
}

export type OwnCells<Row> = Partial<Record<string, OwnCell<Row>>>;

/** A declared grid's screen columns, in the active language, with the screen's own cells. */
export function useGridColumns<Row>(
  grid: { columns: readonly GridColumn<Row>[] },
  cells: OwnCells<Row> = {},
): DataGridColumn<Row>[] {
  const format = useFormat();
  const show = (kind: CellKind, value: CellValue): ReactNode => {
    if (value === null || value === '') return '—';
    switch (kind) {
      case 'verbatim':
        return <Verbatim>{String(value)}</Verbatim>;
      case 'number':
        return typeof value === 'number' ? format.number(value) : value;
      case 'money':
        return typeof value === 'number' ? format.sar(value) : value;
      case 'date':
        return format.date(String(value));
      case 'dateTime':
        return format.dateTime(String(value));
      case 'status':
        return <Status status={String(value)} />;
      case 'flag':
        return cellWords(kind, value, format.language);
      case 'text':
        return String(value);
    }
  };
  return columnsOn(grid, 'screen').map((column) => {
    const own = cells[column.id];
    return {
      id: column.id,
      header: column.header[format.language],
      cell: own?.cell ?? ((row: Row) => show(column.kind, column.value(row, format.language))),
      ...(column.width ? { width: column.width } : {}),
      // An id read whole (the grid's declaration) and a status, one badge, keep their width when
      // the other columns give way to a narrow frame; the others' words wrap.
      ...(column.minWidth ? { minWidth: column.minWidth } : {}),
      ...(column.kind === 'status' && column.width ? { minWidth: column.width } : {}),
      ...(column.kind === 'number' || column.kind === 'money' ? { align: 'end' as const } : {}),
      ...(column.isRowHeader ? { isRowHeader: true } : {}),
      ...(own?.interactive ? { interactive: true } : {}),
    };
  });
}
