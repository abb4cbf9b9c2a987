/**
 * Exports as .xlsx (SPEC §7, §9; SECURITY.md "Exports"): written as a stream, row by row, so
 * memory stays flat however many rows there are (exceljs' streaming writer measured 2.0 s and
 * 157 MB for 100,000 × 12 cells). Cells are primitives only: text that a spreadsheet would read as
 * a formula (starting with = + - @, tab or carriage return) is neutralized; numbers stay numbers.
 * Headers are in the chosen language, and Arabic sheets read right to left.
 */
import type { Writable } from 'node:stream';
import { DISPLAY_TIME_ZONE, wallClockIn, type Language } from '@tawqi/domain';
import ExcelJS from 'exceljs';

export type CellValue = string | number | Date | null;

export interface ExportColumn<Row> {
  header: Record<Language, string>;
  value: (row: Row) => CellValue;
  width?: number;
  /** How a spreadsheet shows the column's cells (a date's, a date-time's). */
  numFmt?: string;
}

/** Date cells as the people reading them live: Riyadh's wall clock, named. */
export const DATE_FORMAT = 'yyyy-mm-dd';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
export const TIME_ZONE_NAMED: Record<Language, string> = {
  en: ' (Riyadh time)',
  ar: ' (بتوقيت الرياض)',
};

/** How far a zone's wall clock is ahead of UTC at `ms` (whole seconds, as the formatter gives). */
function zoneOffsetAt(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClockIn(timeZone)
      .formatToParts(ms)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wall = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

const QUARTER_HOUR = 15 * 60_000;
/** A zone's offset through each quarter hour it is asked about (NaN: it changes within it). */
const offsets = new Map<string, number>();

/**
 * The instant as a spreadsheet cell showing Riyadh's wall-clock time: a spreadsheet has no time
 * zones and shows a date cell's fields as written, so the fields written are Riyadh's.
 * Formatting costs ~100 µs a cell, and an export has thousands (it held the server's thread for
 * 100 ms a batch): a quarter hour's offset is worked out once, from both its ends, and one that
 * changes inside it (a clock change) is worked out for the instant itself.
 */
export function wallClockCell(instant: Date, timeZone = DISPLAY_TIME_ZONE): Date {
  const ms = instant.getTime();
  const start = Math.floor(ms / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${timeZone} ${String(start)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const first = zoneOffsetAt(start, timeZone);
    offset = first === zoneOffsetAt(start + QUARTER_HOUR - 1000, timeZone) ? first : Number.NaN;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  if (Number.isNaN(offset)) offset = zoneOffsetAt(ms, timeZone);
  return new Date(Math.floor(ms / 1000) * 1000 + offset);
}

/**
 * A small sheet written before the streamed one: a report's summary, its rows already read
 * (a handful), with the same header style and direction.
 */
export interface SummarySheet {
  sheetName: Record<Language, string>;
  columns: readonly { header: Record<Language, string>; width?: number }[];
  rows: readonly (readonly CellValue[])[];
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet cannot run: a text that would start a formula gets a leading apostrophe.
 * Only primitives (and dates) are cells: exceljs turns an object such as `{ formula }` or
 * `{ hyperlink }` into a live formula or link, so anything else is refused outright.
 */
export function safeCell(value: CellValue): CellValue {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
  if (value instanceof Date) return value;
  throw new TypeError(`an export cell must be a string, number, date or null, not ${typeof value}`);
}

export async function writeXlsx<Row>(
  output: Writable,
  options: {
    sheetName: string;
    columns: readonly ExportColumn<Row>[];
    rows: AsyncIterable<Row> | Iterable<Row>;
    language: Language;
    summary?: SummarySheet | undefined;
  },
): Promise<number> {
  const { language } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  /** A sheet in the language's direction, its header row bold and frozen. */
  const sheetWith = (
    name: string,
    columns: readonly { header: Record<Language, string>; width?: number; numFmt?: string }[],
  ) => {
    const sheet = workbook.addWorksheet(name.slice(0, 31), {
      views: [{ rightToLeft: language === 'ar', state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((column, index) => ({
      key: String(index),
      width: column.width ?? 20,
      ...(typeof column.numFmt === 'string' ? { style: { numFmt: column.numFmt } } : {}),
    }));
    const header = sheet.addRow(columns.map((column) => column.header[language]));
    header.font = { bold: true };
    header.commit();
    return sheet;
  };
  if (options.summary) {
    const summary = sheetWith(options.summary.sheetName[language], options.summary.columns);
    for (const row of options.summary.rows) summary.addRow(row.map(safeCell)).commit();
    summary.commit();
  }
  const sheet = sheetWith(options.sheetName, options.columns);
  // Each column's cell style, one object for all its cells: exceljs gives every cell a style
  // object of its own (an empty one too) and finds a style's number by its XML unless it has seen
  // that very object, which was a third of writing a sheet. Without a format a cell shows as
  // General whatever its type; a date in such a column keeps exceljs's own (a date format).
  const cellStyles = options.columns.map((column): Partial<ExcelJS.Style> =>
    typeof column.numFmt === 'string' ? { numFmt: column.numFmt } : {},
  );
  let count = 0;
  for await (const row of options.rows) {
    const values = options.columns.map((column) => safeCell(column.value(row)));
    const added = sheet.addRow(values);
    values.forEach((value, index) => {
      const style = cellStyles[index];
      if (style && (style.numFmt !== undefined || !(value instanceof Date)))
        added.getCell(index + 1).style = style;
    });
    added.commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
