import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  safeCell,
  wallClockCell,
  writeXlsx,
  type ExportColumn,
} from '../src/modules/exports/xlsx.js';

interface Row {
  name: string;
  amount: number;
  note: string;
}

const columns: ExportColumn<Row>[] = [
  { header: { en: 'Name', ar: 'الاسم' }, value: (row) => row.name },
  { header: { en: 'Amount', ar: 'المبلغ' }, value: (row) => row.amount },
  { header: { en: 'Note', ar: 'ملاحظة' }, value: (row) => row.note },
];

async function roundTrip(rows: Row[], language: 'en' | 'ar') {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const written = await writeXlsx(stream, {
    sheetName: 'ManageOrganizationUsers',
    columns,
    rows,
    language,
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return { written, sheet: workbook.worksheets[0] as ExcelJS.Worksheet };
}

describe('exports (SECURITY.md "Exports")', () => {
  it('writes a valid .xlsx with headers in the chosen language and numbers as numbers', async () => {
    const { written, sheet } = await roundTrip(
      [{ name: 'سارة القحطاني', amount: 458.85, note: 'Paid' }],
      'ar',
    );
    expect(written).toBe(1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'الاسم', 'المبلغ', 'ملاحظة']);
    expect(sheet.getCell('A2').value).toBe('سارة القحطاني');
    expect(sheet.getCell('B2').value).toBe(458.85);
    expect(typeof sheet.getCell('B2').value).toBe('number');
    expect(sheet.views[0]?.rightToLeft).toBe(true);
  });

  it("keeps each column's format on every row, and a date in a column without one a date", async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const at = new Date(Date.UTC(2026, 11, 7, 9, 30));
    await writeXlsx(stream, {
      sheetName: 'Formats',
      columns: [
        {
          header: { en: 'When', ar: 'متى' },
          value: () => at,
          numFmt: 'yyyy-mm-dd hh:mm',
        },
        { header: { en: 'Count', ar: 'العدد' }, value: (row: number) => row },
        { header: { en: 'Also when', ar: 'متى أيضًا' }, value: () => at },
        { header: { en: 'Name', ar: 'الاسم' }, value: (row: number) => `row ${String(row)}` },
      ],
      rows: [1, 2, 3],
      language: 'en',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getCell('A1').font.bold).toBe(true);
    for (const row of [2, 3, 4]) {
      expect(sheet.getCell(`A${String(row)}`).numFmt).toBe('yyyy-mm-dd hh:mm');
      expect(sheet.getCell(`A${String(row)}`).value).toEqual(at);
      expect(sheet.getCell(`B${String(row)}`).value).toBe(row - 1);
      // General: no format written, or General named.
      expect([undefined, 'General']).toContain(sheet.getCell(`B${String(row)}`).numFmt);
      expect(sheet.getCell(`C${String(row)}`).value).toEqual(at);
      expect(sheet.getCell(`C${String(row)}`).numFmt).toBe('mm-dd-yy');
      expect(sheet.getCell(`D${String(row)}`).value).toBe(`row ${String(row - 1)}`);
    }
  });

  it('never turns a cell into a formula or a link', async () => {
    const dangerous = [
      '=HYPERLINK("https://evil.example","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
    ];
    const { sheet } = await roundTrip(
      dangerous.map((note) => ({ name: note, amount: 1, note })),
      'en',
    );
    for (let row = 2; row <= dangerous.length + 1; row += 1) {
      const cell = sheet.getCell(`C${String(row)}`);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.text.startsWith("'")).toBe(true);
      expect(cell.formula).toBeUndefined();
    }
  });

  it('keeps ordinary text and negative numbers as they are', () => {
    expect(safeCell('Riyadh')).toBe('Riyadh');
    expect(safeCell(-12.5)).toBe(-12.5);
    expect(safeCell(Number.NaN)).toBeNull();
    expect(safeCell(null)).toBeNull();
  });

  it('streams any number of rows from an async source', async () => {
    async function* many() {
      for (let i = 0; i < 5000; i += 1) {
        // A source that waits, as a database cursor does.
        if (i % 1000 === 0) await Promise.resolve();
        yield { name: `User ${String(i)}`, amount: i, note: '' };
      }
    }
    const stream = new PassThrough();
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    expect(
      await writeXlsx(stream, { sheetName: 'Big', columns, rows: many(), language: 'en' }),
    ).toBe(5000);
    expect(bytes).toBeGreaterThan(10_000);
  });
});

describe('date cells on the wall clock of a zone', () => {
  /** The wall clock's fields written as UTC, straight from the formatter: what a cell must show. */
  const formatted = (instant: Date, timeZone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(instant)
        .map((part) => [part.type, Number(part.value)]),
    ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
    return new Date(
      Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second),
    );
  };

  it('shows Riyadh time, and each side of a clock change where a zone has one', () => {
    expect(wallClockCell(new Date('2026-03-01T08:47:12.345Z')).toISOString()).toBe(
      '2026-03-01T11:47:12.000Z',
    );
    // London's clocks went forward at 01:00 UTC on 29 March 2026 and back on 25 October: every
    // minute around each change (its offset is remembered by the quarter hour) and a spread of
    // instants in between, in Riyadh, London, Kathmandu (+05:45) and Lord Howe (a half-hour change).
    const instants: Date[] = [];
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2026-04-04T15:00:00Z'])
      for (let minute = -40; minute <= 40; minute += 1)
        instants.push(new Date(Date.parse(change) + minute * 60_000 + 17_500));
    for (let day = 0; day < 400; day += 3)
      instants.push(
        new Date(Date.parse('2026-01-01T00:00:00Z') + day * 86_400_000 + day * 7919_000),
      );
    for (const zone of ['Asia/Riyadh', 'Europe/London', 'Asia/Kathmandu', 'Australia/Lord_Howe'])
      for (const instant of instants)
        expect(wallClockCell(instant, zone).toISOString(), `${zone} ${instant.toISOString()}`).toBe(
          formatted(instant, zone).toISOString(),
        );
  });
});
