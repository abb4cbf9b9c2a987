/** Reading what an exported sheet holds, for the tests of more than one export. */
import type ExcelJS from 'exceljs';

/** Each data row's cells under the failure and amount headers, as values (empty: null). */
export function purchaseFileFields(book: ExcelJS.Workbook, rows: unknown[]) {
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const wanted = [
    'Plan type',
    'Price (SAR)',
    'VAT (SAR)',
    'Response status',
    'Error code',
    'Error message',
  ];
  return rows.map((_row, index) =>
    Object.fromEntries(
      wanted.map((header) => [
        header,
        sheet.getRow(index + 2).getCell(headers.indexOf(header)).value ?? null,
      ]),
    ),
  );
}
