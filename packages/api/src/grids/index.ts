/**
 * @tawqi/api/grids: every grid of the product, declared once (defineGrid.ts). A new grid is its
 * declaration here, its query module on the server and its screen-specific parts in the portal.
 */
import { ESIGN_TRANSACTION_STATUSES, defaultStatusFilter, searchTypeOf } from '@tawqi/domain';
import { CONTRACT } from '../contract/index.js';
import { defineGrid, filterFields, organizationOf, wirePage } from './defineGrid.js';

export * from './defineGrid.js';

const TRANSACTION_HEADERS = {
  id: { en: 'Transaction ID', ar: 'رقم العملية' },
  date: { en: 'Date', ar: 'التاريخ' },
  planType: { en: 'Plan type', ar: 'نوع الباقة' },
  role: { en: 'Role', ar: 'الدور' },
  status: { en: 'Status', ar: 'الحالة' },
} as const;

/** My eSign transactions (SPEC §2 `esign/my/transactions`) and their export. */
export const myTransactionsGrid = defineGrid({
  id: 'myTransactions',
  list: CONTRACT.myTransactions,
  export: CONTRACT.exportMyTransactions,
  statuses: {
    all: ESIGN_TRANSACTION_STATUSES,
    start: defaultStatusFilter('esignTransactions'),
  },
  searchable: true,
  columns: [
    {
      id: 'transactionID',
      header: TRANSACTION_HEADERS.id,
      kind: 'verbatim',
      value: (row) => row.transactionID,
      isRowHeader: true,
      width: 180,
    },
    {
      id: 'transactionDate',
      header: TRANSACTION_HEADERS.date,
      kind: 'dateTime',
      value: (row) => row.transactionDate,
      width: 190,
    },
    {
      id: 'planType',
      header: TRANSACTION_HEADERS.planType,
      kind: 'text',
      value: (row) => row.planType,
    },
    {
      id: 'userRole',
      header: TRANSACTION_HEADERS.role,
      kind: 'text',
      value: (row) => row.userRole,
      only: 'file',
    },
    {
      id: 'originator',
      header: { en: 'Originator', ar: 'الجهة الطالبة' },
      // An application's own name, as it registered it (the portal's own is translated).
      kind: 'verbatim',
      value: (row) => row.originator,
      width: 200,
    },
    {
      id: 'numberOfDocuments',
      header: { en: 'Documents', ar: 'المستندات' },
      kind: 'number',
      value: (row) => row.numberOfDocuments,
      width: 120,
    },
    {
      id: 'status',
      header: TRANSACTION_HEADERS.status,
      kind: 'status',
      value: (row) => row.status,
      width: 140,
    },
  ],
  rowKey: (row) => row.transactionID,
  listInput: (view) => ({
    body: {
      type: searchTypeOf({
        searchText: view.search,
        dateRange: view.fromDate || view.toDate ? { from: view.fromDate, to: view.toDate } : null,
      }),
      limit: view.pageSize,
      page: wirePage(CONTRACT.myTransactions, view.page),
      ...filterFields(view),
      statuses: [...view.statuses],
    },
  }),
  exportInput: (filter, language) => ({
    body: { ...filterFields(filter), statuses: [...filter.statuses], language },
  }),
});

/** An organization's eSign transactions (SPEC §2 `/app/org/esign/transactions`) and their export. */
export const orgEsignTransactionsGrid = defineGrid({
  id: 'orgEsignTransactions',
  list: CONTRACT.orgEsignTransactions,
  export: CONTRACT.exportOrgEsignTransactions,
  statuses: {
    all: ESIGN_TRANSACTION_STATUSES,
    start: defaultStatusFilter('esignTransactions'),
  },
  searchable: true,
  columns: [
    {
      id: 'globalCounter',
      header: { en: 'No.', ar: 'الرقم' },
      kind: 'number',
      value: (row) => row.globalCounter,
      width: 90,
    },
    {
      id: 'sipTxnId',
      header: TRANSACTION_HEADERS.id,
      kind: 'verbatim',
      value: (row) => row.sipTxnId,
      isRowHeader: true,
      width: 180,
    },
    {
      id: 'requestedDate',
      header: { en: 'Requested', ar: 'تاريخ الطلب' },
      kind: 'dateTime',
      value: (row) => row.requestedDate,
      width: 190,
    },
    {
      id: 'planType',
      header: TRANSACTION_HEADERS.planType,
      kind: 'text',
      value: (row) => row.planType,
    },
    {
      id: 'roleType',
      header: TRANSACTION_HEADERS.role,
      kind: 'text',
      value: (row) => row.roleType,
    },
    {
      id: 'sipAccountId',
      header: { en: 'Provider account', ar: 'حساب المزوّد' },
      kind: 'verbatim',
      value: (row) => `${row.sipAccountId} · ${row.sipLevel}`,
      width: 170,
    },
    {
      id: 'responseTs',
      header: { en: 'Answered', ar: 'تاريخ الرد' },
      kind: 'dateTime',
      value: (row) => row.responseTs,
      only: 'file',
    },
    {
      id: 'errorCode',
      header: { en: 'Error code', ar: 'رمز الخطأ' },
      kind: 'verbatim',
      value: (row) => row.errorCode,
      only: 'file',
    },
    {
      id: 'status',
      header: TRANSACTION_HEADERS.status,
      kind: 'status',
      value: (row) => row.status,
      width: 140,
    },
  ],
  rowKey: (row) => String(row.esignLogsID),
  listInput: (view) => ({
    body: {
      orgSlNo: organizationOf(view).slno,
      pageNumber: wirePage(CONTRACT.orgEsignTransactions, view.page),
      pageSize: view.pageSize,
      ...filterFields(view),
      statuses: [...view.statuses],
    },
  }),
  exportInput: (filter, language) => ({
    body: {
      orgSlNo: organizationOf(filter).slno,
      ...filterFields(filter),
      statuses: [...filter.statuses],
      language,
    },
  }),
});

/** An organization's units (the profile's first tab, SPEC §3): a reference list, no export. */
export const organizationUnitsGrid = defineGrid({
  id: 'organizationUnits',
  list: CONTRACT.organizationUnits,
  export: null,
  statuses: null,
  searchable: false,
  columns: [
    {
      id: 'name',
      header: { en: 'Unit', ar: 'الوحدة' },
      kind: 'text',
      value: (row) => row.organizationalUnitName,
      isRowHeader: true,
    },
    {
      id: 'document',
      header: { en: 'Supporting document', ar: 'المستند الداعم' },
      kind: 'verbatim',
      value: (row) => row.supportingDocument,
    },
    {
      id: 'created',
      header: { en: 'Created', ar: 'تاريخ الإنشاء' },
      kind: 'date',
      value: (row) => row.createdDate,
      width: 150,
    },
    {
      id: 'status',
      header: TRANSACTION_HEADERS.status,
      kind: 'status',
      value: (row) => row.status,
      width: 140,
    },
    {
      id: 'active',
      header: { en: 'Active', ar: 'نشطة' },
      kind: 'flag',
      value: (row) => row.isActive,
      width: 100,
    },
    {
      id: 'remarks',
      header: { en: 'Remarks', ar: 'ملاحظات' },
      // A reviewer's words, as written.
      kind: 'verbatim',
      value: (row) => row.remarks,
    },
  ],
  rowKey: (row) => String(row.orgUnitSlNo),
  listInput: (view) => ({
    body: {
      orgSlNo: organizationOf(view).slno,
      pageNumber: wirePage(CONTRACT.organizationUnits, view.page),
      pageSize: view.pageSize,
    },
  }),
  exportInput: null,
});

/** Every declared grid, for tests that walk them all. */
export const GRIDS = [myTransactionsGrid, orgEsignTransactionsGrid, organizationUnitsGrid] as const;
