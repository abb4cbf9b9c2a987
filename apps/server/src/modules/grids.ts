/**
 * A declared grid's two handlers: its list call (one page and the filter's
 * total, in one statement) and its export (every row of the same filter, read a batch at a time,
 * written as the grid's file columns in the chosen language). A grid's query module gives only
 * what is its own: its FROM, its filter's WHERE in the request's tenant, its order, and how a
 * stored row becomes the contract's row.
 */
import { cellWords, columnsOn, type AnyGrid, type GridColumn, type RowOf } from '@tawqi/api/grids';
import type { Endpoint } from '@tawqi/api';
import type { Language } from '@tawqi/domain';
import { batches, pageWithTotal, type KeyColumn } from '../db/paging.js';
import {
  requireCaller,
  type HandlerContext,
  type Handlers,
  type InputOf,
} from '../http/contractRoutes.js';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  TIME_ZONE_NAMED,
  wallClockCell,
  type CellValue,
  type ExportColumn,
  type SummarySheet,
} from './exports/xlsx.js';
import type { Pool } from '../db/pool.js';
import type { AuditLog } from './audit/log.js';
import type { ExportWriter } from './exports/stream.js';

type BodyOf<E extends Endpoint | null> = E extends Endpoint
  ? InputOf<E> extends { body: infer Body }
    ? Body
    : never
  : never;

/** What the list and its export share: the filter fields of either call's body. */
export type FilterBody<G extends AnyGrid> = BodyOf<G['list']> | BodyOf<G['export']>;

export interface GridQuery<G extends AnyGrid, Stored extends object> {
  /** `SELECT … FROM …` of one row, without a WHERE. */
  select: string;
  /** `SELECT count(*) FROM …` over the same rows, without a WHERE. */
  count: string;
  /** The filter's WHERE ($1, $2, …) for a call's body, always within the request's tenant. */
  where: (
    body: FilterBody<G>,
    context: HandlerContext,
  ) => { where: string; values: readonly unknown[] };
  /** A unique order, newest first (every column descending). */
  order: readonly KeyColumn<Stored>[];
  /**
   * The page a list call asks for, where its body does not say it as the contract's paged calls
   * do (`pageNumber` and `pageSize`, numbered as the call declares: `pageBase`).
   */
  page?: (body: BodyOf<G['list']>) => { limit: number; offset: number };
  /** A stored row as the contract's row, in the caller's language. */
  row: (stored: Stored, language: Language) => RowOf<G['list']>;
  /** What must be brought up to date before the rows are read (a lot's expiry). */
  before?: (context: HandlerContext) => Promise<void>;
  /** A report's summary, the export's first sheet (the grid's rows are the next). */
  summary?: (db: Pool, context: HandlerContext, language: Language) => Promise<SummarySheet>;
}

/**
 * A file cell from a grid cell: statuses and flags in words; dates as dates, and a moment as
 * Riyadh's date and time with the zone named in its header (UTC with a date-only
 * format turned an 11:47 transaction into 08:47, without the time).
 */
function fileColumn<Row>(column: GridColumn<Row>): ExportColumn<{ row: Row; language: Language }> {
  const moment = column.kind === 'dateTime';
  return {
    header: moment
      ? {
          en: `${column.header.en}${TIME_ZONE_NAMED.en}`,
          ar: `${column.header.ar}${TIME_ZONE_NAMED.ar}`,
        }
      : column.header,
    width: Math.max(moment ? 18 : 12, Math.round((column.width ?? 160) / 7)),
    ...(moment
      ? { numFmt: DATE_TIME_FORMAT }
      : column.kind === 'date'
        ? { numFmt: DATE_FORMAT }
        : {}),
    value: ({ row, language }): CellValue => {
      const value = column.value(row, language);
      if (value === null || value === '') return null;
      if ((column.kind === 'date' || moment) && typeof value === 'string')
        // A calendar day stays that day; a moment (or a day given as one) is Riyadh's.
        return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(value) : wallClockCell(new Date(value));
      const worded = cellWords(column.kind, value, language);
      return typeof worded === 'boolean' ? String(worded) : worded;
    },
  };
}

/** A grid's file columns: what its export writes, and how each cell is made from a row. */
export function fileColumnsOf(grid: AnyGrid) {
  return (columnsOn(grid, 'file') as GridColumn<unknown>[]).map(fileColumn);
}

/** What the exports' process reads of a grid's query. */
type ExportedRows<G extends AnyGrid, Stored extends object> = Pick<
  GridQuery<G, Stored>,
  'select' | 'order' | 'row'
>;

/** A grid's export as the exports' process reads it. */
export interface ExportedGrid {
  grid: AnyGrid;
  rows: ExportedRows<AnyGrid, object>;
}

export const exportedGrid = <G extends AnyGrid, Stored extends object>(
  grid: G,
  rows: ExportedRows<G, Stored>,
): ExportedGrid => ({ grid, rows: rows as unknown as ExportedRows<AnyGrid, object> });

/**
 * Every grid's export, handed in where the server is put together (../gridExports.ts): the module
 * the exports' process imports to read an export's rows (its default export, `gridRowsOf`), and
 * the entry of each export's call id.
 */
export interface GridExports {
  module: string;
  find: (exportId: string) => ExportedGrid | undefined;
}

/** What the request's thread decided of an export: its filter, in the caller's tenant. */
export interface GridRowsArgs {
  exportId: string;
  where: string;
  values: unknown[];
  language: Language;
}

/** The rows of a listed grid's export as cells in its file's columns, read a batch at a time. */
export function gridRowsOf(find: GridExports['find']) {
  return async function* readGridRows(args: GridRowsArgs, pool: Pool): AsyncGenerator<CellValue[]> {
    const entry = find(args.exportId);
    if (!entry) throw new Error(`no grid exports ${args.exportId}`);
    const { grid, rows } = entry;
    const columns = fileColumnsOf(grid);
    const { language } = args;
    for await (const stored of batches<object>(pool, {
      select: rows.select,
      where: args.where,
      values: args.values,
      order: rows.order,
    })) {
      const row = rows.row(stored, language);
      yield columns.map((column) => column.value({ row, language }));
    }
  };
}

/**
 * Refuses an export whose grid or query differs from the listed one, which the exports' process
 * reads with: a grid added or changed in one place only fails its first export, in every test.
 */
function sameAsExported(
  exports: GridExports,
  exportId: string,
  grid: AnyGrid,
  query: { select: string; row: unknown },
): void {
  const entry = exports.find(exportId);
  if (entry?.grid !== grid || entry.rows.select !== query.select || entry.rows.row !== query.row)
    throw new Error(`the export ${exportId} is not the one gridExports.ts lists`);
}

/** The sheet of a file: its name without the extension. */
const sheetNameOf = (fileName: string) => fileName.replace(/\.xlsx$/i, '');

export function gridHandlers<G extends AnyGrid, Stored extends object>(
  deps: { pool: Pool; exports: ExportWriter; audit: AuditLog; gridExports: GridExports },
  grid: G,
  query: GridQuery<G, Stored>,
): Handlers {
  const { pool } = deps;
  const { pageBase } = grid.list;
  if (!query.page && !pageBase)
    throw new Error(`the grid of ${grid.list.id} says neither its pages' numbering nor its page`);
  const declaredPage = (body: unknown) => {
    const { pageNumber, pageSize } = body as { pageNumber: number; pageSize: number };
    return { limit: pageSize, offset: (pageNumber - (pageBase === 'one' ? 1 : 0)) * pageSize };
  };
  const orderBy = query.order.map((part) => `${part.column} DESC`).join(', ');

  const list = async (context: HandlerContext) => {
    await query.before?.(context);
    const body = (context.input as { body: BodyOf<G['list']> }).body;
    const { where, values } = query.where(body, context);
    const { limit, offset } = query.page ? query.page(body) : declaredPage(body);
    const first = values.length + 1;
    const { rows, total } = await pageWithTotal<Stored>(pool, {
      rows: `${query.select} WHERE ${where} ORDER BY ${orderBy} LIMIT $${String(first)} OFFSET $${String(first + 1)}`,
      count: `${query.count} WHERE ${where}`,
      values: [...values, limit, offset],
    });
    return {
      dataList: rows.map((row) => query.row(row, context.language)),
      totalCount: total,
    };
  };

  const handlers: Record<string, (context: HandlerContext) => Promise<unknown>> = {
    [grid.list.id]: list,
  };

  const exported = grid.export;
  if (exported?.answer.kind === 'blob') {
    // The file's columns as the worker writes them: their cells are made there (gridRowsOf).
    const columns = fileColumnsOf(grid).map(({ value: _value, ...shape }) => shape);
    const sheetName = sheetNameOf(exported.answer.fileName);
    const { summary } = query;
    handlers[exported.id] = async (context) => {
      sameAsExported(deps.gridExports, exported.id, grid, query);
      await query.before?.(context);
      const body = (context.input as { body: BodyOf<G['export']> & { language: Language } }).body;
      const { where, values } = query.where(body, context);
      const language = body.language;
      const userSlno = requireCaller(context.caller).userSlno;
      const file = await deps.exports.stream({
        userSlno,
        // Read on the exports' own pool: a long export holds none of the requests' connections.
        count: async (exportsPool) =>
          (await exportsPool.query<{ count: number }>(`${query.count} WHERE ${where}`, [...values]))
            .rows[0]?.count ?? 0,
        source: {
          module: deps.gridExports.module,
          args: {
            exportId: exported.id,
            where,
            values: [...values],
            language,
          } satisfies GridRowsArgs,
        },
        sheetName,
        columns,
        language,
        ...(summary ? { summary: (exportsPool) => summary(exportsPool, context, language) } : {}),
      });
      // Recorded once its checks passed: who exported what, with which filter's size.
      await deps.audit.record(pool, context.audit, {
        action: 'export.made',
        actor: userSlno,
        target: exported.id,
        detail: { language },
      });
      return file;
    };
  }
  return handlers;
}
