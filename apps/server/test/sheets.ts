/** Reading what an exported sheet holds, for the tests of more than one export. */
import ExcelJS from 'exceljs';
import { DEVICE } from './harness.js';

/**
 * Downloads an export as the portal does (the session's bearer token and device) and reads its
 * first sheet; the answer too, for its status and headers. An answer that is not a file has an
 * empty sheet.
 */
export async function exportedSheet(baseUrl: string, token: string, path: string, body: unknown) {
  const download = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-device-id': DEVICE,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const workbook = new ExcelJS.Workbook();
  if (download.ok) await workbook.xlsx.load(await download.arrayBuffer());
  return {
    download,
    sheet: workbook.worksheets[0] ?? workbook.addWorksheet(),
  };
}

/** The failure and amount headers of the purchase files, each with the row field it shows. */
const PURCHASE_FIELDS = {
  'Plan type': 'planType',
  'Price (SAR)': 'price',
  'VAT (SAR)': 'vat',
  'Response status': 'responseStatus',
  'Error code': 'errorCode',
  'Error message': 'errorMessage',
} as const;

/** Each data row's cells under the failure and amount headers, as values (empty: null). */
export function purchaseFileFields(book: ExcelJS.Workbook, rows: unknown[]) {
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  return rows.map((_row, index) =>
    Object.fromEntries(
      Object.keys(PURCHASE_FIELDS).map((header) => [
        header,
        sheet.getRow(index + 2).getCell(headers.indexOf(header)).value ?? null,
      ]),
    ),
  );
}

/** What the grid's rows say under the same headers (absent: null), to compare with the file. */
export function purchaseRowFields(rows: readonly Record<string, unknown>[]) {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(PURCHASE_FIELDS).map(([header, field]) => [header, row[field] ?? null]),
    ),
  );
}
