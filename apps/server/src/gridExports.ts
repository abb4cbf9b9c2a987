/**
 * Every declared grid's export, listed where the server is put together: the grid and the part of
 * its query that needs no request (the SELECT, the order, how a stored row becomes the contract's
 * row). The exports' process (modules/exports/xlsxWorker.ts) imports this module by its path and
 * reads an export's rows with its default export; the request's thread decides the filter (the
 * WHERE and its values, in the caller's tenant). `gridHandlers` (modules/grids.ts) is handed this
 * list and refuses an export whose grid or query is not the one listed here, so the two cannot
 * drift.
 */
import { pathToFileURL } from 'node:url';
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
} from '@tawqi/api/grids';
import { builtScript } from './builtScript.js';
import { exportedGrid, gridRowsOf, type GridExports } from './modules/grids.js';
import { MY_TRANSACTIONS } from './modules/individual/transactions.js';
import { CHANGE_REQUESTS, NEW_USER_REQUESTS } from './modules/organization/approvals.js';
import { COUNTER_PURCHASES, ROLE_PURCHASES } from './modules/organization/buying.js';
import { ORGANIZATION_ORDERS } from './modules/organization/purchaseOrders.js';
import {
  ESIGN_DEDUCTION_ROWS,
  ROLE_ALLOCATIONS as SEAT_ENTRIES,
} from './modules/organization/reports.js';
import { ORGANIZATION_REQUESTS } from './modules/organization/specialPlans.js';
import { ORG_TRANSACTIONS } from './modules/organization/transactions.js';
import { MANAGE_USERS } from './modules/organization/users.js';
import { DSC_REPORT } from './modules/pki/organizationCertificates.js';
import { ROLE_ALLOCATIONS, STOCK_ALLOCATIONS } from './modules/providers/allocations.js';

const byExport = new Map(
  [
    exportedGrid(myTransactionsGrid, MY_TRANSACTIONS),
    exportedGrid(orgEsignTransactionsGrid, ORG_TRANSACTIONS),
    exportedGrid(esignDeductionSummaryGrid, ESIGN_DEDUCTION_ROWS),
    exportedGrid(roleAllocationHistoryGrid, SEAT_ENTRIES),
    exportedGrid(purchasedCountersGrid, COUNTER_PURCHASES),
    exportedGrid(rolePlanPurchasesGrid, ROLE_PURCHASES),
    exportedGrid(specialPlansGrid, ORGANIZATION_REQUESTS),
    exportedGrid(purchaseOrdersGrid, ORGANIZATION_ORDERS),
    exportedGrid(manageUsersGrid, MANAGE_USERS),
    exportedGrid(newUserApprovalsGrid, NEW_USER_REQUESTS),
    exportedGrid(changeRequestsGrid, CHANGE_REQUESTS),
    exportedGrid(l2StockAllocationGrid, STOCK_ALLOCATIONS),
    exportedGrid(l2RoleCounterAllocationsGrid, ROLE_ALLOCATIONS),
    exportedGrid(dscReportGrid, DSC_REPORT),
  ].flatMap((entry) => (entry.grid.export ? [[entry.grid.export.id, entry] as const] : [])),
);

/** The list, as `gridHandlers` is handed it: where the exports' process finds it, and its entries. */
export const gridExports: GridExports = {
  // Asked for at an export, not at load: the built file is needed only to write one.
  get module() {
    return pathToFileURL(builtScript(new URL('./gridExports.js', import.meta.url))).href;
  },
  find: (exportId) => byExport.get(exportId),
};

/** The rows of a grid's export as cells in its file's columns (the exports' process reads them). */
export default gridRowsOf(gridExports.find);
