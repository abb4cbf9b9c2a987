/**
 * The widths a grid's columns are drawn at in a frame of a given width. A column's width is what
 * it prefers; when the preferred widths add up to more than the frame (a laptop's 1366 px beside
 * the app's menu), the columns that may give way shrink toward their floor, each in proportion to
 * what it can give, until the grid fits. Only below the sum of the floors does the grid scroll
 * sideways in its frame (a phone). A width a person set with a resizer never gives way.
 */

export interface ColumnWidthRule {
  id: string;
  /** The preferred width, px; none: the column shares what the others leave. */
  width?: number;
  /** Never narrower than this, px. */
  minWidth?: number;
}

/**
 * A column without a floor of its own gives way down to this (or to its width, if less), and one
 * without a width is never narrower: on a phone the grid then scrolls inside its frame instead of
 * cutting every header to an ellipsis.
 */
export const FLOOR_WIDTH = 112;

export interface FittedWidths {
  /** Each column's width, px; undefined: it shares what the others leave. */
  widths: Record<string, number | undefined>;
  /** The grid's own least width: below it the frame scrolls. */
  minInlineSize: number;
}

export function fitWidths(
  columns: readonly ColumnWidthRule[],
  setByPerson: Readonly<Record<string, number>>,
  frameWidth: number | null,
): FittedWidths {
  const preferred = columns.map((column) => {
    const set = setByPerson[column.id];
    if (set !== undefined) return { id: column.id, width: set, floor: set };
    const floor =
      column.width === undefined
        ? Math.max(column.minWidth ?? 0, FLOOR_WIDTH)
        : (column.minWidth ?? Math.min(column.width, FLOOR_WIDTH));
    return { id: column.id, width: column.width, floor };
  });
  const wanted = preferred.reduce((sum, column) => sum + (column.width ?? column.floor), 0);
  const slack = preferred.reduce(
    (sum, column) => sum + (column.width === undefined ? 0 : column.width - column.floor),
    0,
  );
  const excess = frameWidth === null ? 0 : wanted - frameWidth;
  const giving = excess > 0 && slack > 0 ? Math.min(1, excess / slack) : 0;
  const widths: Record<string, number | undefined> = {};
  let minInlineSize = 0;
  for (const column of preferred) {
    const width =
      column.width === undefined
        ? undefined
        : Math.floor(column.width - giving * (column.width - column.floor));
    widths[column.id] = width;
    minInlineSize += width ?? column.floor;
  }
  return { widths, minInlineSize };
}
