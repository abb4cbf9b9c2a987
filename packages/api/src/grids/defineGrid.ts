/**
 * A grid declared once (issue 13, item 4): its list call and export call, how a screen's view
 * (page, filter, the active organization) becomes each call's input, its rows, and its columns
 * with bilingual headers and a cell kind. The portal's DataGrid and the server's .xlsx are both
 * made from these columns, and every status cell is worded from the domain's one catalogue
 * (STATUS_WORDS): the wire carries status codes, the words come from the catalogue on the screen
 * and in the file alike.
 */
import { statusWord, toWirePage, type Language, type Status } from '@tawqi/domain';
import type { Endpoint, EndpointInput, EndpointOutput } from '../contract/endpoint.js';

/**
 * How a cell is read and shown. `text`: words the server already gave in the caller's language;
 * `verbatim`: an id, a code or a name as registered (never translated, kept left to right);
 * `number`, `date`, `dateTime`: formatted by the locale on screen, typed cells in the file;
 * `status`: a status code, worded and toned from the catalogue; `flag`: yes or no.
 */
export type CellKind =
  | 'text'
  | 'verbatim'
  | 'number'
  /** An amount in SAR as the api gives it (458.85): shown in the locale's money, filed as a number. */
  | 'money'
  | 'date'
  | 'dateTime'
  | 'status'
  | 'flag';

export type CellValue = string | number | boolean | null;

export interface GridColumn<Row> {
  id: string;
  header: Readonly<Record<Language, string>>;
  kind: CellKind;
  /** The cell's value; a row holding both languages gives the one asked for. */
  value: (row: Row, language: Language) => CellValue;
  /** Width on screen in pixels; the file's column follows it. */
  width?: number;
  /**
   * Never narrower on screen, in pixels (an id, read whole); without it a column gives way to a
   * narrow frame, its words wrapping.
   */
  minWidth?: number;
  /** The cell names its row (the first column a screen reader reads). */
  isRowHeader?: boolean;
  /** Only in the file (a detail the screen's row has no room for), or only on the screen. */
  only?: 'file' | 'screen';
}

/** What a grid screen shows: its page (from 1) and filter, and the active organization. */
export interface GridView<S extends string = string> {
  page: number;
  pageSize: number;
  search: string;
  fromDate: string | null;
  toDate: string | null;
  statuses: readonly S[];
  /** The active organization of an organization grid (null in the individual area). */
  organization: { slno: number; queryId: number } | null;
  /** The active provider of a provider's grid (issue 36: the provider area's; an L1's calls name it). */
  provider?: number | null;
  /** The grid's own filters (its `extraFilters`), as the URL holds them; '' when not set. */
  extra: Readonly<Record<string, string>>;
}

/** The view without the page: what an export takes. */
export type GridFilter<S extends string = string> = Omit<GridView<S>, 'page' | 'pageSize'>;

/** A list call answers a page of rows and the filter's total (SPEC §5). */
export type RowOf<List extends Endpoint> =
  EndpointOutput<List> extends { dataList: readonly (infer Row)[]; totalCount: number }
    ? Row
    : never;

export interface Grid<
  List extends Endpoint = Endpoint,
  Export extends Endpoint | null = Endpoint | null,
  S extends Status = Status,
  Row = RowOf<List>,
> {
  id: string;
  list: List;
  export: Export;
  /** The grid's status filter: every status it knows, and the ones it starts on (SPEC §4). */
  statuses: { all: readonly S[]; start: readonly S[] } | null;
  /** Whether it has the filter bar's text and dates (a short reference list has neither). */
  searchable: boolean;
  /** Filters of its own beyond text, dates and statuses: their names in the URL. */
  extraFilters?: readonly string[];
  columns: readonly GridColumn<Row>[];
  rowKey: (row: Row) => string;
  listInput: (view: GridView<S>) => EndpointInput<List>;
  exportInput: Export extends Endpoint
    ? (filter: GridFilter<S>, language: Language) => EndpointInput<Export>
    : null;
}

/**
 * Any grid, as the code that serves every grid sees it: its calls and columns, whatever its row
 * and statuses (functions of a row take `never` here, which every grid's functions accept).
 */
export interface AnyGrid {
  id: string;
  list: Endpoint;
  export: Endpoint | null;
  statuses: { all: readonly Status[]; start: readonly Status[] } | null;
  searchable: boolean;
  extraFilters?: readonly string[];
  columns: readonly GridColumn<never>[];
  rowKey: (row: never) => string;
  listInput: (view: GridView<never>) => unknown;
  exportInput: ((filter: GridFilter<never>, language: Language) => unknown) | null;
}

/** Declares a grid; the identity function that checks it and keeps its types. */
export function defineGrid<
  List extends Endpoint,
  Export extends Endpoint | null,
  S extends Status = never,
>(grid: Grid<List, Export, S>): Grid<List, Export, S> {
  return grid;
}

/** The columns of a grid where they appear: on the screen or in the file. */
export function columnsOn<Row>(
  grid: { columns: readonly GridColumn<Row>[] },
  where: 'file' | 'screen',
): GridColumn<Row>[] {
  return grid.columns.filter((column) => !column.only || column.only === where);
}

/** A cell's value in words where words are needed (a status, a yes or no). */
export function cellWords(kind: CellKind, value: CellValue, language: Language): CellValue {
  if (kind === 'status' && typeof value === 'string') return statusWord(value, language);
  if (kind === 'flag' && typeof value === 'boolean')
    return FLAG_WORDS[value ? 'yes' : 'no'][language];
  return value;
}

const FLAG_WORDS = {
  yes: { en: 'Yes', ar: 'نعم' },
  no: { en: 'No', ar: 'لا' },
} as const;

/** The page field of a list call, in the call's own base (SPEC §5: most from 1, a few from 0). */
export function wirePage(endpoint: Endpoint, page: number): number {
  return toWirePage(page, endpoint.pageBase ?? 'one');
}

/** The active organization of an organization grid's view. */
export function organizationOf(view: GridFilter): { slno: number; queryId: number } {
  if (!view.organization) throw new Error('an organization grid without its organization');
  return view.organization;
}

/** The provider of a provider's grid: the provider area's active one. */
export function providerOf(view: GridFilter): number {
  const { provider } = view;
  if (provider === undefined || provider === null)
    throw new Error('a provider grid without its provider');
  return provider;
}

/** The text and dates of a filter as the list calls take them (empty is absent). */
export function filterFields(view: GridFilter) {
  return {
    fromDate: view.fromDate,
    toDate: view.toDate,
    search: view.search,
  };
}
