import { describe, expect, it } from 'vitest';
import { FLOOR_WIDTH, fitWidths } from '../src/components/DataGrid/fitWidths.js';

const COLUMNS = [
  { id: 'toggle', width: 56 },
  { id: 'order', width: 190 },
  { id: 'date', width: 200 },
  { id: 'plan' },
  { id: 'status', width: 170 },
];

const sum = (widths: Record<string, number | undefined>) =>
  Object.values(widths).reduce<number>((total, width) => total + (width ?? FLOOR_WIDTH), 0);

describe('the widths a grid draws its columns at', () => {
  it('are the preferred ones when the frame holds them, or before it is measured', () => {
    const preferred = { toggle: 56, order: 190, date: 200, plan: undefined, status: 170 };
    expect(fitWidths(COLUMNS, {}, 1400).widths).toEqual(preferred);
    expect(fitWidths(COLUMNS, {}, null)).toEqual({ widths: preferred, minInlineSize: 728 });
  });

  it('give way in a narrower frame, each toward its floor, until the grid fits', () => {
    const fitted = fitWidths(COLUMNS, {}, 600);
    expect(fitted.minInlineSize).toBeLessThanOrEqual(600);
    expect(fitted.minInlineSize).toBeGreaterThan(595);
    expect(sum(fitted.widths)).toBe(fitted.minInlineSize);
    // A column narrower than the floor keeps its width; the others keep their order of size.
    expect(fitted.widths.toggle).toBe(56);
    expect(fitted.widths.date).toBeGreaterThan(fitted.widths.order ?? 0);
    expect(fitted.widths.status).toBeGreaterThanOrEqual(FLOOR_WIDTH);
  });

  it('stop at their floors: a phone scrolls the grid sideways', () => {
    expect(fitWidths(COLUMNS, {}, 360)).toEqual({
      widths: { toggle: 56, order: 112, date: 112, plan: undefined, status: 112 },
      minInlineSize: 504,
    });
    expect(fitWidths([{ id: 'wide', width: 300, minWidth: 250 }], {}, 100).minInlineSize).toBe(250);
  });

  it('keep a width a person set, whatever the frame', () => {
    const fitted = fitWidths(COLUMNS, { status: 320 }, 600);
    expect(fitted.widths.status).toBe(320);
    expect(fitted.widths.order).toBeLessThan(190);
  });
});
