/**
 * Signing my own PDFs (issue 44): which chosen files may be sent, and where each one's stamp goes
 * — a page and the stamp's lower left corner in points from the page's lower left, as the
 * service's placement (`page-x1,y1,x2,y2`) says it. Kept apart from the screen so the rules are
 * tested without a browser.
 */
import {
  DEFAULT_STAMP,
  MAX_DOCUMENTS,
  MAX_PDF_BYTES,
  MAX_REQUEST_BYTES,
  STAMP_SIZE,
} from '@tawqi/api';

export interface PageSize {
  width: number;
  height: number;
}

/** Where a stamp goes: a page (from 1) and its lower left corner, in points. */
export interface StampSpot {
  page: number;
  x: number;
  y: number;
}

/** The corners a stamp can be put at from the keyboard, as the page is printed (not the text's direction). */
export const CORNERS = ['lowerRight', 'lowerLeft', 'upperRight', 'upperLeft'] as const;
export type Corner = (typeof CORNERS)[number];

/**
 * What the PDFs may weigh together: the request carries them in base64 (a third more) within
 * the service's request limit, with room for the rest of the request.
 */
export const TOGETHER_BYTES = Math.floor(((MAX_REQUEST_BYTES - 64 * 1024) * 3) / 4);

/** The limits as a person reads them: how many files, megabytes each and together. */
export const LIMITS = {
  files: MAX_DOCUMENTS,
  eachMegabytes: MAX_PDF_BYTES / 2 ** 20,
  togetherMegabytes: Math.floor(TOGETHER_BYTES / 2 ** 20),
} as const;

/** The stamp's size on a page: the service's default, smaller on a small page, never illegible. */
export function stampSize(page: PageSize): PageSize {
  const width = Math.max(
    Math.min(DEFAULT_STAMP.width, page.width / 2),
    (STAMP_SIZE.minHeight * DEFAULT_STAMP.width) / DEFAULT_STAMP.height,
    STAMP_SIZE.minWidth,
  );
  return { width, height: (width * DEFAULT_STAMP.height) / DEFAULT_STAMP.width };
}

const marginOf = (page: PageSize) => Math.min(DEFAULT_STAMP.margin, page.width / 20);

/** The stamp at a corner of the page, the default's distance from its edges. */
export function atCorner(page: PageSize, corner: Corner): { x: number; y: number } {
  const size = stampSize(page);
  const margin = marginOf(page);
  const right = corner === 'lowerRight' || corner === 'upperRight';
  const upper = corner === 'upperRight' || corner === 'upperLeft';
  return {
    x: right ? page.width - margin - size.width : margin,
    y: upper ? page.height - margin - size.height : margin,
  };
}

/** The corner a spot is at, or null when it was dragged elsewhere. */
export function cornerOf(spot: StampSpot, page: PageSize): Corner | null {
  return (
    CORNERS.find((corner) => {
      const at = atCorner(page, corner);
      return Math.abs(at.x - spot.x) < 0.5 && Math.abs(at.y - spot.y) < 0.5;
    }) ?? null
  );
}

/** The spot moved within the page: the whole stamp stays on it. */
export function within(spot: StampSpot, page: PageSize): StampSpot {
  const size = stampSize(page);
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));
  return {
    page: spot.page,
    x: clamp(spot.x, page.width - size.width),
    y: clamp(spot.y, page.height - size.height),
  };
}

/** Where a new document's stamp goes first: the last page's lower right corner (the service's default). */
export function firstSpot(pages: readonly PageSize[]): StampSpot {
  const last = pages.at(-1) ?? { width: 595, height: 842 };
  return { page: Math.max(pages.length, 1), ...atCorner(last, 'lowerRight') };
}

const points = (value: number) => String(Math.round(value * 100) / 100);

/** The service's placement for a spot (`page-x1,y1,x2,y2`). */
export function placementText(spot: StampSpot, page: PageSize): string {
  const size = stampSize(page);
  return `${String(spot.page)}-${[spot.x, spot.y, spot.x + size.width, spot.y + size.height]
    .map(points)
    .join(',')}`;
}

export type FileRefusal = 'notPdf' | 'tooLarge' | 'tooMany' | 'tooLargeTogether';

/**
 * The files that may join the chosen ones, in order, and why each other is left out: a PDF (by
 * its first bytes, not its name), each within the service's size, at most ten in all, and within
 * what one request carries together.
 */
export async function admitFiles(
  chosen: readonly { size: number }[],
  files: readonly File[],
): Promise<{ admitted: File[]; refused: { name: string; why: FileRefusal }[] }> {
  const admitted: File[] = [];
  const refused: { name: string; why: FileRefusal }[] = [];
  let count = chosen.length;
  let bytes = chosen.reduce((sum, file) => sum + file.size, 0);
  for (const file of files) {
    const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
    const why: FileRefusal | null =
      String.fromCharCode(...head) !== '%PDF-'
        ? 'notPdf'
        : file.size > MAX_PDF_BYTES
          ? 'tooLarge'
          : count >= MAX_DOCUMENTS
            ? 'tooMany'
            : bytes + file.size > TOGETHER_BYTES
              ? 'tooLargeTogether'
              : null;
    if (why) refused.push({ name: file.name, why });
    else {
      admitted.push(file);
      count += 1;
      bytes += file.size;
    }
  }
  return { admitted, refused };
}
