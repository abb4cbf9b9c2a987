import { describe, expect, it } from 'vitest';
import { parseStampPlacement, signatureStamp, STAMP_SIZE } from '../src/integration.js';

describe('a signature stamp’s placement (emdha’s page-x1,y1,x2,y2)', () => {
  it('reads one place or several, in points', () => {
    expect(parseStampPlacement('1-50,50,290,140')).toEqual([{ page: 1, rect: [50, 50, 290, 140] }]);
    expect(parseStampPlacement('1-50.5,50,290,140 ; 12-300,600,540.25,690')).toEqual([
      { page: 1, rect: [50.5, 50, 290, 140] },
      { page: 12, rect: [300, 600, 540.25, 690] },
    ]);
  });

  it('refuses what is not that form, a page 0, and a rectangle upside down, too small or too large', () => {
    for (const text of [
      '',
      'page one',
      '1-50,50,290',
      '1-a,50,290,140',
      '0-50,50,290,140',
      '1-290,50,50,140',
      '1-50,140,290,50',
      `1-0,0,${String(STAMP_SIZE.minWidth - 1)},100`,
      `1-0,0,100,${String(STAMP_SIZE.minHeight - 1)}`,
      `1-0,0,${String(STAMP_SIZE.max + 1)},100`,
      `1-0,0,100,${String(STAMP_SIZE.max + 1)}`,
      '1-50,50,290,140;',
      Array.from({ length: 21 }, () => '1-50,50,290,140').join(';'),
    ])
      expect(parseStampPlacement(text), text).toBeNull();
  });

  it('is a placement or a field, not both; the appearance one of three', () => {
    expect(
      signatureStamp.safeParse({ appearance: 'text', placement: '1-50,50,290,140' }).success,
    ).toBe(true);
    expect(signatureStamp.safeParse({ field: 'Buyer' }).success).toBe(true);
    expect(signatureStamp.safeParse({}).success).toBe(true);
    const both = signatureStamp.safeParse({ placement: '1-50,50,290,140', field: 'Buyer' });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.path).toEqual(['field']);
    expect(signatureStamp.safeParse({ appearance: 'seal' }).success).toBe(false);
    expect(
      signatureStamp.safeParse({ placement: '1-290,50,50,140' }).error?.issues[0]?.path,
    ).toEqual(['placement']);
    expect(signatureStamp.safeParse({ colour: 'green' }).success).toBe(false);
  });
});
