import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { safeCell, writeXlsx, type ExportColumn } from '../src/modules/exports/xlsx.js';

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
