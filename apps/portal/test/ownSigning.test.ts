/**
 * Where my own PDFs' signatures go and which files may be sent (issue 44): the rules the signing
 * screen follows, against the service's own limits and placement grammar.
 */
import { MAX_DOCUMENTS, MAX_PDF_BYTES, parseStampPlacement } from '@tawqi/api';
import { describe, expect, it } from 'vitest';
import {
  CORNERS,
  TOGETHER_BYTES,
  admitFiles,
  atCorner,
  cornerOf,
  firstSpot,
  placementText,
  stampSize,
  within,
} from '../src/screens/my/ownSigning.js';

const A4 = { width: 595, height: 842 };
const pdf = (name: string, size: number) =>
  new File([new Uint8Array(size).fill(32).map((byte, at) => '%PDF-'.charCodeAt(at) || byte)], name);

describe('placing my signature', () => {
  it('starts at the last page’s lower right corner, as the service’s default does', () => {
    const spot = firstSpot([A4, A4, { width: 842, height: 595 }]);
    expect(spot).toEqual({ page: 3, x: 842 - 36 - 220, y: 36 });
    expect(cornerOf(spot, { width: 842, height: 595 })).toBe('lowerRight');
  });

  it('writes each corner as a placement the service accepts, on that page', () => {
    for (const corner of CORNERS) {
      const spot = { page: 2, ...atCorner(A4, corner) };
      const [place] = parseStampPlacement(placementText(spot, A4)) ?? [];
      expect(place?.page).toBe(2);
      const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = place?.rect ?? [];
      expect([x1 >= 0, y1 >= 0, x2 <= A4.width, y2 <= A4.height]).toEqual([true, true, true, true]);
      expect(cornerOf(spot, A4)).toBe(corner);
    }
  });

  it('keeps a dragged signature whole on its page, and says it is at no corner', () => {
    expect(within({ page: 1, x: -50, y: 5000 }, A4)).toEqual({ page: 1, x: 0, y: 842 - 80 });
    expect(within({ page: 1, x: 9999, y: -3 }, A4)).toEqual({ page: 1, x: 595 - 220, y: 0 });
    expect(cornerOf({ page: 1, x: 200, y: 300 }, A4)).toBeNull();
  });

  it('shrinks on a small page, never below what the service accepts', () => {
    const card = { width: 240, height: 150 };
    expect(stampSize(card)).toEqual({ width: 120, height: (120 * 80) / 220 });
    const tiny = stampSize({ width: 100, height: 100 });
    expect(
      parseStampPlacement(placementText({ page: 1, x: 0, y: 0 }, { width: 100, height: 100 })),
    ).not.toBeNull();
    expect(tiny.height).toBeGreaterThanOrEqual(36);
  });
});

describe('choosing files', () => {
  it('takes PDFs by their bytes, each within its size, ten at most and within one request', async () => {
    const { admitted, refused } = await admitFiles(
      [],
      [
        pdf('a.pdf', 1000),
        new File(['<html>'], 'b.pdf'),
        pdf('c.pdf', MAX_PDF_BYTES + 1),
        pdf('d.PDF', 2000),
      ],
    );
    expect(admitted.map((file) => file.name)).toEqual(['a.pdf', 'd.PDF']);
    expect(refused).toEqual([
      { name: 'b.pdf', why: 'notPdf' },
      { name: 'c.pdf', why: 'tooLarge' },
    ]);

    const full = await admitFiles(
      Array.from({ length: MAX_DOCUMENTS - 1 }, () => ({ size: 10 })),
      [pdf('tenth.pdf', 10), pdf('eleventh.pdf', 10)],
    );
    expect(full.admitted.map((file) => file.name)).toEqual(['tenth.pdf']);
    expect(full.refused).toEqual([{ name: 'eleventh.pdf', why: 'tooMany' }]);

    const heavy = await admitFiles([{ size: TOGETHER_BYTES - 100 }], [pdf('more.pdf', 200)]);
    expect(heavy.refused).toEqual([{ name: 'more.pdf', why: 'tooLargeTogether' }]);
  });
});
