/**
 * Every declared grid's export as the exports' process reads it (issue 42): the grid and the part
 * of its query that needs no request (the SELECT, the order, how a stored row becomes the
 * contract's row). An export's rows are read and turned into cells in the exports' process
 * (exports/xlsxWorker.ts), which imports this module by its path; the request's thread decides the filter (the WHERE and
 * its values, in the caller's tenant) and sends it here with the export's id. `gridHandlers`
 * refuses an export whose grid or query is not the one listed here, so the two cannot drift.
 */
import {
  changeRequestsGrid,
  dscReportGrid,
  esignDeductionSummaryGrid,
  l2RoleCounterAllocationsGrid,
  l2StockAllocationGrid,
  manageUsersGrid,
  myTransactionsGrid,
  newUserApprovalsGrid,
  orgEsignTransactionsGrid,
  purchaseOrdersGrid,
  purchasedCountersGrid,
  roleAllocationHistoryGrid,
  rolePlanPurchasesGrid,
  specialPlansGrid,
  type AnyGrid,
} from '@tawqi/api/grids';
import type { Language } from '@tawqi/domain';
import { batches } from '../db/paging.js';
import type { Pool } from '../db/pool.js';
import type { CellValue } from './exports/xlsx.js';
import { fileColumnsOf, type GridQuery } from './grids.js';
import { MY_TRANSACTIONS } from './individual/transactions.js';
import { CHANGE_REQUESTS, NEW_USER_REQUESTS } from './organization/approvals.js';
import { COUNTER_PURCHASES, ROLE_PURCHASES } from './organization/buying.js';
import { ORGANIZATION_ORDERS } from './organization/purchaseOrders.js';
import { ESIGN_DEDUCTION_ROWS, ROLE_ALLOCATIONS as SEAT_ENTRIES } from './organization/reports.js';
import { ORGANIZATION_REQUESTS } from './organization/specialPlans.js';
import { ORG_TRANSACTIONS } from './organization/transactions.js';
import { MANAGE_USERS } from './organization/users.js';
import { DSC_REPORT } from './pki/organizationCertificates.js';
import { ROLE_ALLOCATIONS, STOCK_ALLOCATIONS } from './providers/allocations.js';

/** What the worker reads of a grid's query. */
type ExportedRows<G extends AnyGrid, Stored extends object> = Pick<
  GridQuery<G, Stored>,
  'select' | 'order' | 'row'
>;

interface ExportedGrid {
  grid: AnyGrid;
  rows: ExportedRows<AnyGrid, object>;
}

const exported = <G extends AnyGrid, Stored extends object>(
  grid: G,
  rows: ExportedRows<G, Stored>,
): ExportedGrid => ({ grid, rows: rows as unknown as ExportedRows<AnyGrid, object> });

// Made at the first use: the modules listed import grids.ts, which may still be loading when this
// module is (the request's thread imports this one only to check an export against it).
let byExport: Map<string, ExportedGrid> | undefined;

/** The grid and rows of the export whose call's id is `exportId` (undefined: none such). */
export function exportedGrid(exportId: string): ExportedGrid | undefined {
  byExport ??= new Map(
    [
      exported(myTransactionsGrid, MY_TRANSACTIONS),
      exported(orgEsignTransactionsGrid, ORG_TRANSACTIONS),
      exported(esignDeductionSummaryGrid, ESIGN_DEDUCTION_ROWS),
      exported(roleAllocationHistoryGrid, SEAT_ENTRIES),
      exported(purchasedCountersGrid, COUNTER_PURCHASES),
      exported(rolePlanPurchasesGrid, ROLE_PURCHASES),
      exported(specialPlansGrid, ORGANIZATION_REQUESTS),
      exported(purchaseOrdersGrid, ORGANIZATION_ORDERS),
      exported(manageUsersGrid, MANAGE_USERS),
      exported(newUserApprovalsGrid, NEW_USER_REQUESTS),
      exported(changeRequestsGrid, CHANGE_REQUESTS),
      exported(l2StockAllocationGrid, STOCK_ALLOCATIONS),
      exported(l2RoleCounterAllocationsGrid, ROLE_ALLOCATIONS),
      exported(dscReportGrid, DSC_REPORT),
    ].flatMap((entry) => (entry.grid.export ? [[entry.grid.export.id, entry] as const] : [])),
  );
  return byExport.get(exportId);
}

/** What the request's thread decided of an export: its filter, in the caller's tenant. */
export interface GridRowsArgs {
  exportId: string;
  where: string;
  values: unknown[];
  language: Language;
}

/** The rows of a grid's export as cells in its file's columns, read a batch at a time. */
export default async function* readGridRows(
  args: GridRowsArgs,
  pool: Pool,
): AsyncGenerator<CellValue[]> {
  const entry = exportedGrid(args.exportId);
  if (!entry) throw new Error(`no grid exports ${args.exportId}`);
  const { grid, rows } = entry;
  const columns = fileColumnsOf(grid);
  const { language } = args;
  for await (const stored of batches<object>(pool, {
    select: rows.select,
    where: args.where,
    values: args.values,
    order: rows.order,
  })) {
    const row = rows.row(stored, language);
    yield columns.map((column) => column.value({ row, language }));
  }
}
