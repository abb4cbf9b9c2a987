/**
 * @tawqi/api/grids: every grid of the product, declared once (defineGrid.ts). A new grid is its
 * declaration here, its query module on the server and its screen-specific parts in the portal.
 */
import {
  CERTIFICATE_REVIEW_STATUSES,
  CERTIFICATE_STATES,
  ESIGN_TRANSACTION_STATUSES,
  NEW_USER_APPROVAL_STATUSES,
  ORG_USER_STATUSES,
  PLAN_PURCHASE_STATUSES,
  PLAN_STATES,
  PURCHASE_ORDER_STATUSES,
  SPECIAL_PLAN_STATUSES,
  REVIEW_REQUEST_STATUSES,
  UAV_REQUEST_STATUSES,
  UAV_REQUEST_STATUS_CODES,
  defaultStatusFilter,
  searchTypeOf,
  type OrgUserStatus,
} from '@tawqi/domain';
import { CONTRACT } from '../contract/index.js';
import type { Endpoint } from '../contract/endpoint.js';
import {
  defineGrid,
  filterFields,
  organizationOf,
  providerOf,
  wirePage,
  type GridColumn,
  type GridFilter,
  type GridView,
  type RowOf,
} from './defineGrid.js';

export * from './defineGrid.js';

const TRANSACTION_HEADERS = {
  id: { en: 'Transaction ID', ar: 'رقم العملية' },
  date: { en: 'Date', ar: 'التاريخ' },
  planType: { en: 'Plan type', ar: 'نوع الباقة' },
  role: { en: 'Role', ar: 'الدور' },
  status: { en: 'Status', ar: 'الحالة' },
} as const;

/** The status column every status-filtered grid ends with. */
function statusColumn(width: number): GridColumn<{ status: string }> {
  return {
    id: 'status',
    header: TRANSACTION_HEADERS.status,
    kind: 'status',
    value: (row) => row.status,
    width,
  };
}

/** A person's name in the language shown, naming the row. */
function personColumn(): GridColumn<{ fullNameEnglish: string; fullNameArabic: string }> {
  return {
    id: 'fullName',
    header: { en: 'Name', ar: 'الاسم' },
    kind: 'text',
    value: (row, language) => (language === 'ar' ? row.fullNameArabic : row.fullNameEnglish),
    isRowHeader: true,
    width: 220,
  };
}

/** A person's e-mail and mobile, as written. */
function contactColumns(): GridColumn<{ email: string; mobileNo: string }>[] {
  return [
    {
      id: 'email',
      header: { en: 'Email', ar: 'البريد الإلكتروني' },
      kind: 'verbatim',
      value: (row) => row.email,
      width: 220,
    },
    {
      id: 'mobileNo',
      header: { en: 'Mobile', ar: 'رقم الجوال' },
      kind: 'verbatim',
      value: (row) => row.mobileNo,
      width: 140,
    },
  ];
}

/** An organization grid's filter as its calls take it: the organization, text, dates, statuses. */
function orgFilter<S extends string>(view: GridFilter<S>) {
  return {
    orgSlNo: organizationOf(view).slno,
    ...filterFields(view),
    statuses: [...view.statuses],
  };
}

/** The filter of a grid whose calls name the organization by its query id (SPEC §6). */
function queryIdFilter<S extends string>(view: GridFilter<S>) {
  return {
    sipSlNo: organizationOf(view).queryId,
    ...filterFields(view),
    statuses: [...view.statuses],
  };
}

function queryIdPage<S extends string>(list: Endpoint, view: GridView<S>) {
  return { ...queryIdFilter(view), pageNumber: wirePage(list, view.page), pageSize: view.pageSize };
}

/** An organization grid's page: its filter, and the page in the call's own base. */
function orgPage<S extends string>(list: Endpoint, view: GridView<S>) {
  return { ...orgFilter(view), pageNumber: wirePage(list, view.page), pageSize: view.pageSize };
}

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
      minWidth: 180,
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
    statusColumn(140),
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
  extraFilters: ['planType'],
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
      minWidth: 180,
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
    ...errorColumns(),
    statusColumn(140),
  ],
  rowKey: (row) => String(row.esignLogsID),
  listInput: (view) => ({
    body: { ...orgPage(CONTRACT.orgEsignTransactions, view), ...planTypeOf(view) },
  }),
  exportInput: (filter, language) => ({
    body: { ...orgFilter(filter), ...planTypeOf(filter), language },
  }),
});

/** The plan type filter of the organization's transactions (`planType` in the URL). */
function planTypeOf<S extends string>(view: GridFilter<S>) {
  const planType = view.extra.planType?.trim();
  return planType ? { planType } : {};
}

const PLAN_HEADERS = {
  plan: { en: 'Plan', ar: 'الباقة' },
  type: { en: 'Plan type', ar: 'نوع الباقة' },
  from: { en: 'Active from', ar: 'تاريخ التفعيل' },
  to: { en: 'Expires', ar: 'تاريخ الانتهاء' },
  price: { en: 'Price (SAR)', ar: 'السعر (ر.س)' },
  vat: { en: 'VAT (SAR)', ar: 'ضريبة القيمة المضافة (ر.س)' },
  total: { en: 'Total (SAR)', ar: 'الإجمالي (ر.س)' },
  counters: { en: 'Counters', ar: 'العدادات' },
  utilized: { en: 'Used', ar: 'المستخدم' },
  remaining: { en: 'Remaining', ar: 'المتبقي' },
  expired: { en: 'Expired', ar: 'المنتهي' },
} as const;

/**
 * The eSign counter deduction summary (SPEC §2 `reports/esign`, §3 "Counter deduction summary"):
 * each of the organization's purchased plans with its counters, used and remaining, by state;
 * exported as eSign_Counter_Deduction_Summary.xlsx.
 */
export const esignDeductionSummaryGrid = defineGrid({
  id: 'esignDeductionSummary',
  list: CONTRACT.esignDeductionSummary,
  export: CONTRACT.exportEsignCounterDeductionSummary,
  statuses: { all: PLAN_STATES, start: defaultStatusFilter('esignDeductions') },
  searchable: true,
  columns: [
    {
      id: 'planName',
      header: PLAN_HEADERS.plan,
      kind: 'text',
      value: (row) => row.planName,
      isRowHeader: true,
      width: 180,
    },
    {
      id: 'planUniqueId',
      header: { en: 'Plan ID', ar: 'رقم الباقة' },
      kind: 'verbatim',
      value: (row) => row.planUniqueId,
      only: 'file',
    },
    { id: 'planType', header: PLAN_HEADERS.type, kind: 'text', value: (row) => row.planType },
    {
      id: 'activeDate',
      header: PLAN_HEADERS.from,
      kind: 'date',
      value: (row) => row.activeDate,
      width: 150,
    },
    {
      id: 'expiryDate',
      header: PLAN_HEADERS.to,
      kind: 'date',
      value: (row) => row.expiryDate,
      width: 150,
    },
    {
      id: 'salesPrice',
      header: PLAN_HEADERS.price,
      kind: 'money',
      value: (row) => row.salesPrice,
      only: 'file',
    },
    { id: 'vat', header: PLAN_HEADERS.vat, kind: 'money', value: (row) => row.vat, only: 'file' },
    {
      id: 'totalPrice',
      header: PLAN_HEADERS.total,
      kind: 'money',
      value: (row) => row.totalPrice,
      width: 150,
    },
    {
      id: 'totalCounters',
      header: PLAN_HEADERS.counters,
      kind: 'number',
      value: (row) => row.totalCounters,
      width: 120,
    },
    {
      id: 'utilizedCounters',
      header: PLAN_HEADERS.utilized,
      kind: 'number',
      value: (row) => row.utilizedCounters,
      width: 120,
    },
    {
      id: 'remainingCounters',
      header: PLAN_HEADERS.remaining,
      kind: 'number',
      value: (row) => row.remainingCounters,
      width: 120,
    },
    {
      id: 'expiredCounters',
      header: PLAN_HEADERS.expired,
      kind: 'number',
      value: (row) => row.expiredCounters,
      width: 120,
    },
    statusColumn(130),
  ],
  rowKey: (row) => row.planUniqueId,
  listInput: (view) => ({ body: queryIdPage(CONTRACT.esignDeductionSummary, view) }),
  exportInput: (filter, language) => ({ body: { ...queryIdFilter(filter), language } }),
});

/**
 * The role counter report's allocation history (SPEC §2 `reports/roles`, §3 "Allocation
 * history"): the packs of role seats the organization received, newest first, exported as
 * ESign_Role_Counter_Deduction_Summary_Report.xlsx.
 */
export const roleAllocationHistoryGrid = defineGrid({
  id: 'roleAllocationHistory',
  list: CONTRACT.counterAllocationHistory,
  export: CONTRACT.exportOrgRoleCounterDeductionSummary,
  statuses: null,
  searchable: true,
  columns: [
    {
      id: 'paxUniqueId',
      header: { en: 'Pack', ar: 'الحزمة' },
      kind: 'verbatim',
      value: (row) => row.paxUniqueId,
      isRowHeader: true,
      width: 150,
      minWidth: 150,
    },
    {
      id: 'createdDate',
      header: { en: 'Date', ar: 'التاريخ' },
      kind: 'date',
      value: (row) => row.createdDate,
      width: 140,
    },
    {
      id: 'createdTime',
      header: { en: 'Time', ar: 'الوقت' },
      kind: 'verbatim',
      value: (row) => row.createdTime,
      only: 'file',
    },
    {
      id: 'userType',
      header: TRANSACTION_HEADERS.role,
      kind: 'text',
      value: (row) => row.userType,
      width: 170,
    },
    {
      id: 'paxType',
      header: { en: 'How', ar: 'الطريقة' },
      kind: 'text',
      value: (row) => row.paxType,
      width: 170,
    },
    {
      id: 'paxDescription',
      header: { en: 'Description', ar: 'الوصف' },
      kind: 'text',
      value: (row) => row.paxDescription,
      only: 'file',
    },
    {
      id: 'paxSize',
      header: { en: 'Seats', ar: 'المقاعد' },
      kind: 'number',
      value: (row) => row.paxSize,
      width: 110,
    },
    {
      id: 'baseprice',
      header: { en: 'Seat price (SAR)', ar: 'سعر المقعد (ر.س)' },
      kind: 'money',
      value: (row) => row.baseprice,
      only: 'file',
    },
    {
      id: 'salesPrice',
      header: PLAN_HEADERS.price,
      kind: 'money',
      value: (row) => row.salesPrice,
      width: 150,
    },
  ],
  rowKey: (row) => row.paxUniqueId,
  listInput: (view) => ({
    body: {
      sipSlNo: organizationOf(view).queryId,
      ...filterFields(view),
      pageNumber: wirePage(CONTRACT.counterAllocationHistory, view.page),
      pageSize: view.pageSize,
    },
  }),
  exportInput: (filter, language) => ({
    body: { sipSlNo: organizationOf(filter).queryId, ...filterFields(filter), language },
  }),
});

const PURCHASE_HEADERS = {
  transactionNo: { en: 'Order', ar: 'رقم الطلب' },
  requestDate: { en: 'Ordered on', ar: 'تاريخ الطلب' },
  quantity: { en: 'Packs', ar: 'الحزم' },
  paymentMode: { en: 'Payment mode', ar: 'طريقة الدفع' },
  paymentType: { en: 'Payment type', ar: 'نوع الدفع' },
} as const;

/** What every purchase row starts with (SPEC §3 "Purchase rows", common fields). */
function purchaseColumns(): GridColumn<{
  transactionNo: string;
  requestDate: string;
  productsInQuantity: number;
  paymentMode: string;
  paymentType: string;
}>[] {
  return [
    {
      id: 'transactionNo',
      header: PURCHASE_HEADERS.transactionNo,
      kind: 'verbatim',
      value: (row) => row.transactionNo,
      isRowHeader: true,
      width: 200,
      minWidth: 200,
    },
    {
      id: 'requestDate',
      header: PURCHASE_HEADERS.requestDate,
      kind: 'dateTime',
      value: (row) => row.requestDate,
      width: 190,
    },
    {
      id: 'productsInQuantity',
      header: PURCHASE_HEADERS.quantity,
      kind: 'number',
      value: (row) => row.productsInQuantity,
      width: 100,
    },
    {
      id: 'paymentMode',
      header: PURCHASE_HEADERS.paymentMode,
      kind: 'text',
      value: (row) => row.paymentMode,
      width: 150,
    },
    {
      id: 'paymentType',
      header: PURCHASE_HEADERS.paymentType,
      kind: 'text',
      value: (row) => row.paymentType,
      only: 'file',
    },
  ];
}

/**
 * The eSign counters the organization bought (SPEC §2 `buy/esign/plans`, §3 "Purchase rows"),
 * newest first, exported as Counter_Purchased_Plan.xlsx; each row opens its quantity detail.
 */
export const purchasedCountersGrid = defineGrid({
  id: 'purchasedCounters',
  list: CONTRACT.purchasedCounters,
  export: CONTRACT.exportPurchaseCounter,
  statuses: { all: PLAN_PURCHASE_STATUSES, start: defaultStatusFilter('counterPurchases') },
  searchable: true,
  columns: [...purchaseColumns(), statusColumn(120)],
  rowKey: (row) => row.transactionNo,
  listInput: (view) => ({ body: queryIdPage(CONTRACT.purchasedCounters, view) }),
  exportInput: (filter, language) => ({ body: { ...queryIdFilter(filter), language } }),
});

/**
 * The role seats the organization bought (SPEC §2 `buy/role/plans`), with each order's plans and
 * amounts, exported as Organization_Role_Plans.xlsx.
 */
export const rolePlanPurchasesGrid = defineGrid({
  id: 'rolePlanPurchases',
  list: CONTRACT.rolePlans,
  export: CONTRACT.exportPurchaseOrgRolePlan,
  statuses: { all: PLAN_PURCHASE_STATUSES, start: defaultStatusFilter('rolePlanPurchases') },
  searchable: true,
  columns: [...purchaseColumns(), ...pricedPlanColumns(), statusColumn(120)],
  rowKey: (row) => row.transactionNo,
  listInput: (view) => ({ body: queryIdPage(CONTRACT.rolePlans, view) }),
  exportInput: (filter, language) => ({ body: { ...queryIdFilter(filter), language } }),
});

/**
 * A priced plan's fields (SPEC §3 "Purchase rows": role, special and purchase order plans): its
 * name and total on screen, its type, price and VAT in the file too.
 */
function pricedPlanColumns(): GridColumn<{
  planName: string;
  planType: string;
  price: number;
  vat: number;
  totalPrice: number;
}>[] {
  return [
    { id: 'planName', header: PLAN_HEADERS.plan, kind: 'text', value: (row) => row.planName },
    {
      id: 'planType',
      header: PLAN_HEADERS.type,
      kind: 'text',
      value: (row) => row.planType,
      only: 'file',
    },
    {
      id: 'price',
      header: PLAN_HEADERS.price,
      kind: 'money',
      value: (row) => row.price,
      only: 'file',
    },
    { id: 'vat', header: PLAN_HEADERS.vat, kind: 'money', value: (row) => row.vat, only: 'file' },
    {
      id: 'totalPrice',
      header: PLAN_HEADERS.total,
      kind: 'money',
      value: (row) => row.totalPrice,
      width: 140,
    },
  ];
}

/**
 * A failure's code and message, in the file (SPEC §3: the rows carry both): who reconciles a
 * failed transaction or purchase needs the code and the words, not one of them.
 */
function errorColumns(): GridColumn<{ errorMessage: string | null; errorCode: string | null }>[] {
  return [
    {
      id: 'errorCode',
      header: { en: 'Error code', ar: 'رمز الخطأ' },
      kind: 'verbatim',
      value: (row) => row.errorCode,
      only: 'file',
    },
    {
      id: 'errorMessage',
      header: { en: 'Error message', ar: 'رسالة الخطأ' },
      kind: 'text',
      value: (row) => row.errorMessage,
      only: 'file',
    },
  ];
}

/**
 * What the provider's server answered a special plan or purchase order (SPEC §3 "Purchase rows":
 * errorMessage, errorCode, responseStatus), in the file.
 */
function serverOutcomeColumns(): GridColumn<{
  errorMessage: string | null;
  errorCode: string | null;
  responseStatus: string | null;
}>[] {
  return [
    {
      id: 'responseStatus',
      header: { en: 'Response status', ar: 'حالة الاستجابة' },
      kind: 'verbatim',
      value: (row) => row.responseStatus,
      only: 'file',
    },
    ...errorColumns(),
  ];
}

/**
 * The organization's special plan requests (SPEC §2 `purchase/special/plan`, §3 "Purchase rows"):
 * each waits for its L1 provider, is priced or refused, then paid; exported as Special_Plan.xlsx.
 */
export const specialPlansGrid = defineGrid({
  id: 'specialPlans',
  list: CONTRACT.specialPlans,
  export: CONTRACT.exportSpecialPlan,
  statuses: { all: SPECIAL_PLAN_STATUSES, start: defaultStatusFilter('specialPlans') },
  searchable: true,
  columns: [
    ...purchaseColumns(),
    ...pricedPlanColumns(),
    ...serverOutcomeColumns(),
    statusColumn(170),
  ],
  rowKey: (row) => row.transactionNo,
  listInput: (view) => ({ body: orgPage(CONTRACT.specialPlans, view) }),
  exportInput: (filter, language) => ({ body: { ...orgFilter(filter), language } }),
});

/**
 * The special plan requests made to the provider area's active L1 provider (ours: where its
 * staff decide them), newest first; no export.
 */
export const providerSpecialPlansGrid = defineGrid({
  id: 'providerSpecialPlans',
  list: CONTRACT.providerSpecialPlans,
  export: null,
  statuses: { all: SPECIAL_PLAN_STATUSES, start: SPECIAL_PLAN_STATUSES },
  searchable: true,
  columns: [
    ...purchaseColumns().filter((column) => column.id !== 'paymentType'),
    {
      id: 'organizationName',
      header: { en: 'Organization', ar: 'المنشأة' },
      kind: 'text',
      value: (row) => row.organizationName,
      width: 200,
    },
    ...pricedPlanColumns(),
    ...serverOutcomeColumns(),
    statusColumn(170),
  ],
  rowKey: (row) => row.transactionNo,
  listInput: (view) => ({
    body: {
      l1SipId: providerOf(view),
      ...filterFields(view),
      statuses: [...view.statuses],
      pageNumber: wirePage(CONTRACT.providerSpecialPlans, view.page),
      pageSize: view.pageSize,
    },
  }),
  exportInput: null,
});

/**
 * The organization's purchase orders (SPEC §2 `purchase/requests`): packs ordered to pay by bank
 * transfer, waiting for it, paid and confirmed, or not received; exported as
 * Purchase_Order_Request.xlsx.
 */
export const purchaseOrdersGrid = defineGrid({
  id: 'purchaseOrders',
  list: CONTRACT.purchaseOrders,
  export: CONTRACT.exportPurchaseOrderRequest,
  statuses: { all: PURCHASE_ORDER_STATUSES, start: defaultStatusFilter('purchaseOrders') },
  searchable: true,
  columns: [
    ...purchaseColumns(),
    ...pricedPlanColumns(),
    ...serverOutcomeColumns(),
    statusColumn(170),
  ],
  rowKey: (row) => row.transactionNo,
  listInput: (view) => ({ body: orgPage(CONTRACT.purchaseOrders, view) }),
  exportInput: (filter, language) => ({ body: { ...orgFilter(filter), language } }),
});

/** The purchase orders made to the provider area’s active L1 provider (ours); no export. */
export const providerPurchaseOrdersGrid = defineGrid({
  id: 'providerPurchaseOrders',
  list: CONTRACT.providerPurchaseOrders,
  export: null,
  statuses: { all: PURCHASE_ORDER_STATUSES, start: PURCHASE_ORDER_STATUSES },
  searchable: true,
  columns: [
    ...purchaseColumns().filter((column) => column.id !== 'paymentType'),
    {
      id: 'organizationName',
      header: { en: 'Organization', ar: 'المنشأة' },
      kind: 'text',
      value: (row) => row.organizationName,
      width: 200,
    },
    {
      id: 'transferReference',
      header: { en: 'Transfer', ar: 'الحوالة' },
      kind: 'verbatim',
      value: (row) => row.transferReference,
      width: 150,
    },
    ...pricedPlanColumns(),
    ...serverOutcomeColumns(),
    statusColumn(170),
  ],
  rowKey: (row) => row.transactionNo,
  listInput: (view) => ({
    body: {
      l1SipId: providerOf(view),
      ...filterFields(view),
      statuses: [...view.statuses],
      pageNumber: wirePage(CONTRACT.providerPurchaseOrders, view.page),
      pageSize: view.pageSize,
    },
  }),
  exportInput: null,
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
    statusColumn(140),
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

/** The manage-users call's status flags (SPEC §7: each status sent as 1 or 0). */
function userStatusFlags(statuses: readonly OrgUserStatus[]) {
  const flag = (status: OrgUserStatus) => (statuses.includes(status) ? 1 : 0);
  return {
    initiated: flag('Initiated'),
    pending: flag('Pending'),
    approved: flag('Approved'),
    rejected: flag('Rejected'),
    userRejected: flag('UserRejected'),
    deactivated: flag('Deactivated'),
  } as const;
}

/** The active filter (`active` in the URL: 'active', 'inactive', or both when unset). */
function activeFlags(active: string | undefined) {
  return {
    active: active === 'inactive' ? 0 : 1,
    inActive: active === 'active' ? 0 : 1,
  } as const;
}

/** The manage-users filter beyond text and dates: statuses, active, employee id, unit. */
function usersFilter(view: GridFilter<OrgUserStatus>) {
  const unit = Number(view.extra.unit);
  const employeeId = view.extra.employeeId?.trim();
  return {
    ...userStatusFlags(view.statuses),
    ...activeFlags(view.extra.active),
    organizationSlno: organizationOf(view).slno,
    ...filterFields(view),
    ...(employeeId ? { employeeId } : {}),
    ...(Number.isInteger(unit) && unit > 0 ? { orgUnitSlNo: unit } : {}),
  };
}

/** The organization's users (SPEC §2 `/app/org/manage/users`, §3 "Organization user grid row"). */
export const manageUsersGrid = defineGrid({
  id: 'manageUsers',
  list: CONTRACT.manageUsersGrid,
  export: CONTRACT.exportManageUsers,
  statuses: { all: ORG_USER_STATUSES, start: defaultStatusFilter('organizationUsers') },
  searchable: true,
  extraFilters: ['active', 'employeeId', 'unit'],
  columns: [
    personColumn(),
    {
      id: 'employeeId',
      header: { en: 'Employee ID', ar: 'الرقم الوظيفي' },
      kind: 'verbatim',
      value: (row) => row.employeeId,
      width: 160,
    },
    {
      id: 'orgUnit',
      header: { en: 'Organization unit', ar: 'الوحدة التنظيمية' },
      kind: 'text',
      value: (row, language) => (language === 'ar' ? row.orgUnitArabic : row.orgUnit),
      width: 170,
    },
    ...contactColumns(),
    {
      id: 'createdDate',
      header: { en: 'Added', ar: 'تاريخ الإضافة' },
      kind: 'date',
      value: (row) => row.createdDate,
      width: 140,
    },
    {
      id: 'isActive',
      header: { en: 'Active', ar: 'نشط' },
      kind: 'flag',
      value: (row) => row.isActive,
      width: 100,
    },
    statusColumn(150),
  ],
  rowKey: (row) => String(row.userSlno),
  listInput: (view) => ({
    body: {
      ...usersFilter(view),
      pageNumber: wirePage(CONTRACT.manageUsersGrid, view.page),
      pageSize: view.pageSize,
    },
  }),
  exportInput: (filter, language) => ({ body: { ...usersFilter(filter), language } }),
});

/** New-user requests awaiting the organization's approval (SPEC §2 `approval/user`). */
export const newUserApprovalsGrid = defineGrid({
  id: 'newUserApprovals',
  list: CONTRACT.newUserRequests,
  export: CONTRACT.exportNewUserRequests,
  statuses: {
    all: NEW_USER_APPROVAL_STATUSES,
    start: defaultStatusFilter('newUserApprovals'),
  },
  searchable: true,
  columns: [
    personColumn(),
    {
      id: 'employeeID',
      header: { en: 'Employee ID', ar: 'الرقم الوظيفي' },
      kind: 'verbatim',
      value: (row) => row.employeeID,
      width: 160,
    },
    {
      id: 'userType',
      header: { en: 'Role', ar: 'الدور' },
      kind: 'text',
      value: (row) => row.userType,
      width: 190,
    },
    {
      id: 'createdDate',
      header: { en: 'Requested', ar: 'تاريخ الطلب' },
      kind: 'dateTime',
      value: (row) => row.createdDate,
      width: 190,
    },
    statusColumn(150),
  ],
  rowKey: (row) => String(row.userSlno),
  listInput: (view) => ({ body: orgPage(CONTRACT.newUserRequests, view) }),
  exportInput: (filter, language) => ({ body: { ...orgFilter(filter), language } }),
});

/** Members' change requests awaiting approval (SPEC §2 `approval/user`, SPEC §3). */
export const changeRequestsGrid = defineGrid({
  id: 'changeRequests',
  list: CONTRACT.changeRequests,
  export: CONTRACT.exportChangeRequests,
  statuses: { all: REVIEW_REQUEST_STATUSES, start: defaultStatusFilter('changeRequests') },
  searchable: true,
  columns: [
    personColumn(),
    {
      id: 'changeType',
      header: { en: 'Change', ar: 'التغيير' },
      kind: 'text',
      value: (row) => row.changeType,
      width: 200,
    },
    {
      id: 'userType',
      header: { en: 'Role', ar: 'الدور' },
      kind: 'text',
      value: (row) => row.userType,
      width: 190,
    },
    {
      id: 'requestDate',
      header: { en: 'Requested', ar: 'تاريخ الطلب' },
      kind: 'dateTime',
      value: (row) => row.requestDate,
      width: 190,
    },
    statusColumn(150),
  ],
  rowKey: (row) => String(row.changeRequestSlno),
  listInput: (view) => ({ body: orgPage(CONTRACT.changeRequests, view) }),
  exportInput: (filter, language) => ({ body: { ...orgFilter(filter), language } }),
});

/**
 * The organization's new-user (UAV) requests (SPEC §2 `manage/users/uav`, §3 "New UAV request
 * row"): statuses travel as their codes (Initiated 0 … Cancelled 4), and are named on screen.
 */
export const uavRequestsGrid = defineGrid({
  id: 'uavRequests',
  list: CONTRACT.uavRequestsGrid,
  export: null,
  statuses: { all: UAV_REQUEST_STATUSES, start: defaultStatusFilter('uavRequests') },
  searchable: true,
  columns: [
    {
      id: 'fullName',
      header: { en: 'Name', ar: 'الاسم' },
      kind: 'text',
      value: (row) => row.fullName,
      isRowHeader: true,
      width: 220,
    },
    {
      id: 'nationalID',
      header: { en: 'National ID', ar: 'رقم الهوية الوطنية' },
      kind: 'verbatim',
      value: (row) => row.nationalID,
      width: 140,
    },
    ...contactColumns(),
    {
      id: 'createdDate',
      header: { en: 'Requested', ar: 'تاريخ الطلب' },
      kind: 'dateTime',
      value: (row) => row.createdDate,
      width: 190,
    },
    {
      id: 'processedBy',
      header: { en: 'Decided by', ar: 'صاحب القرار' },
      // A person's name as the organization has it.
      kind: 'verbatim',
      value: (row) => row.processedBy ?? '',
      width: 190,
    },
    {
      ...statusColumn(150),
      value: (row) => UAV_REQUEST_STATUSES[row.status],
    },
  ],
  rowKey: (row) => String(row.id),
  listInput: (view) => ({
    body: {
      ...orgPage(CONTRACT.uavRequestsGrid, view),
      statuses: view.statuses.map((status) => UAV_REQUEST_STATUS_CODES[status]),
    },
  }),
  exportInput: null,
});

const PROVIDER_HEADERS = {
  l1: { en: 'L1 provider', ar: 'مزوّد المستوى الأول' },
  l2: { en: 'L2 provider', ar: 'مزوّد المستوى الثاني' },
  date: { en: 'Allocated on', ar: 'تاريخ التخصيص' },
} as const;

/** An allocation's L2 provider, naming its row, and its L1 (the same on every row: file only). */
function allocationProviderColumns(): GridColumn<{ l1SipName: string; l2SipName: string }>[] {
  return [
    {
      id: 'l2SipName',
      header: PROVIDER_HEADERS.l2,
      kind: 'text',
      value: (row) => row.l2SipName,
      isRowHeader: true,
      width: 220,
    },
    {
      id: 'l1SipName',
      header: PROVIDER_HEADERS.l1,
      kind: 'text',
      value: (row) => row.l1SipName,
      only: 'file',
    },
  ];
}

/** The filter of a grid of the L1 provider's (its calls name the provider). */
function providerFilter(view: GridFilter) {
  return { l1SipId: providerOf(view), ...filterFields(view) };
}

/**
 * The applications to the L1 provider — L2 providers, and organizations applying as its customers
 * (SPEC §2 `approval/ltwo`, §3 "L2 request row") — starting on Approved or Pending (SPEC §4); no
 * export.
 */
export const l2RequestsGrid = defineGrid({
  id: 'l2Requests',
  list: CONTRACT.l2RequestsGrid,
  export: null,
  statuses: { all: REVIEW_REQUEST_STATUSES, start: defaultStatusFilter('l2Approvals') },
  searchable: true,
  columns: [
    {
      id: 'sipName',
      // Organizations apply as customers here too: not every row is an L2 provider.
      header: { en: 'Applicant', ar: 'مقدّم الطلب' },
      kind: 'text',
      value: (row) => row.sipName,
      isRowHeader: true,
      width: 220,
    },
    {
      id: 'kind',
      header: { en: 'Applying as', ar: 'نوع الطلب' },
      kind: 'text',
      value: (row) => row.kindLabel,
      width: 160,
    },
    {
      id: 'l2sipId',
      header: { en: 'Provider ID', ar: 'رقم المزوّد' },
      kind: 'verbatim',
      value: (row) => row.l2sipId,
      width: 120,
    },
    {
      id: 'orgName',
      header: { en: 'Organization', ar: 'المنشأة' },
      kind: 'text',
      value: (row) => row.orgName,
      width: 220,
    },
    {
      id: 'crNumber',
      header: { en: 'CR number', ar: 'رقم السجل التجاري' },
      kind: 'verbatim',
      value: (row) => row.crNumber,
      width: 140,
    },
    {
      id: 'emailId',
      header: { en: 'Email', ar: 'البريد الإلكتروني' },
      kind: 'verbatim',
      value: (row) => row.emailId,
      width: 220,
    },
    {
      id: 'processedDate',
      header: { en: 'Decided on', ar: 'تاريخ القرار' },
      kind: 'dateTime',
      value: (row) => row.processedDate,
      width: 180,
    },
    statusColumn(130),
  ],
  rowKey: (row) => String(row.requestId),
  listInput: (view) => ({
    body: {
      ...providerFilter(view),
      statuses: [...view.statuses],
      pageNumber: wirePage(CONTRACT.l2RequestsGrid, view.page),
      pageSize: view.pageSize,
    },
  }),
  exportInput: null,
});

/**
 * The eSign stock the L1 provider allocated to its L2 providers (SPEC §2 `reports/stock`, §3 "L2
 * stock allocation"): one row per allocation, with what the L1 had before and after it;
 * exported as L2_Stock_Allocation_Reports.xlsx.
 */
export const l2StockAllocationGrid = defineGrid({
  id: 'l2StockAllocation',
  list: CONTRACT.l2StockAllocationReport,
  export: CONTRACT.exportL2StockAllocationReports,
  statuses: null,
  searchable: true,
  columns: [
    ...allocationProviderColumns(),
    {
      id: 'l1SipAvailableCounter',
      header: { en: 'L1 stock before', ar: 'رصيد المستوى الأول قبل' },
      kind: 'number',
      value: (row) => row.l1SipAvailableCounter,
      width: 150,
    },
    {
      id: 'l2SipAllocatedCounter',
      header: { en: 'Allocated', ar: 'المخصَّص' },
      kind: 'number',
      value: (row) => row.l2SipAllocatedCounter,
      width: 120,
    },
    {
      id: 'l1SipRemainingCounter',
      header: { en: 'L1 stock after', ar: 'رصيد المستوى الأول بعد' },
      kind: 'number',
      value: (row) => row.l1SipRemainingCounter,
      width: 150,
    },
    {
      id: 'allocatedDate',
      header: PROVIDER_HEADERS.date,
      kind: 'dateTime',
      value: (row) => row.allocatedDate,
      width: 180,
    },
  ],
  rowKey: (row) => String(row.slNo),
  listInput: (view) => ({
    body: {
      ...providerFilter(view),
      pageNumber: wirePage(CONTRACT.l2StockAllocationReport, view.page),
      pageSize: view.pageSize,
    },
  }),
  exportInput: (filter, language) => ({ body: { ...providerFilter(filter), language } }),
});

const ROLE_ALLOCATION_HEADERS = {
  organizationUser: { en: 'Organization User', ar: 'مستخدم المنشأة' },
  enrolmentAdmin: { en: 'Enrolment Admin', ar: 'مسؤول التسجيل' },
  authorizedSignatory: { en: 'Authorized Signatory', ar: 'المفوّض بالتوقيع' },
} as const;

type RoleAllocationRow = RowOf<typeof CONTRACT.l2RoleCounterAllocations>;

/** A role's two columns: allocated to the L2 provider, and what it still holds. */
function roleAllocationColumns(
  role: keyof typeof ROLE_ALLOCATION_HEADERS,
  allocated: keyof RoleAllocationRow & `allocated${string}`,
  remaining: keyof RoleAllocationRow & `remaining${string}`,
): GridColumn<RoleAllocationRow>[] {
  const header = ROLE_ALLOCATION_HEADERS[role];
  return [
    {
      id: `${role}Allocated`,
      header: { en: `${header.en}: allocated`, ar: `${header.ar}: المخصَّص` },
      kind: 'number',
      value: (row) => row[allocated],
      width: 150,
    },
    {
      id: `${role}Remaining`,
      header: { en: `${header.en}: remaining`, ar: `${header.ar}: المتبقي` },
      kind: 'number',
      value: (row) => row[remaining],
      width: 150,
    },
  ];
}

/**
 * The role counters the L1 provider allocated to each of its L2 providers (SPEC §2
 * `buy/role/l2/counter`, §3 "L2 role counter allocation"): one row per L2 provider, what it was
 * given in all and what it still holds, per role; exported as
 * L2_Organization_Role_Plan_Allocation_Reports.xlsx.
 */
export const l2RoleCounterAllocationsGrid = defineGrid({
  id: 'l2RoleCounterAllocations',
  list: CONTRACT.l2RoleCounterAllocations,
  export: CONTRACT.exportL2RoleCounterAllocations,
  statuses: null,
  searchable: true,
  columns: [
    ...allocationProviderColumns(),
    ...roleAllocationColumns(
      'organizationUser',
      'allocatedOrganizationUserCounters',
      'remainingOrganizationUserCounters',
    ),
    ...roleAllocationColumns(
      'enrolmentAdmin',
      'allocatedEnrollmentAdminCounters',
      'remainingEnrollmentAdminCounters',
    ),
    ...roleAllocationColumns(
      'authorizedSignatory',
      'allocatedAuthorisedSignatoryCounters',
      'remainingAuthorisedSignatoryCounters',
    ),
  ],
  rowKey: (row) => String(row.slNo),
  listInput: (view) => ({
    body: {
      ...providerFilter(view),
      pageNumber: wirePage(CONTRACT.l2RoleCounterAllocations, view.page),
      pageSize: view.pageSize,
    },
  }),
  exportInput: (filter, language) => ({ body: { ...providerFilter(filter), language } }),
});

/**
 * Members' requests for certificates bound to the organization (SPEC §2 `approval/dsc`; issue 18):
 * the open ones first; a row opens the request and its decision.
 */
export const certificateApprovalsGrid = defineGrid({
  id: 'certificateApprovals',
  list: CONTRACT.certificateApprovals,
  export: null,
  statuses: {
    all: CERTIFICATE_REVIEW_STATUSES,
    start: defaultStatusFilter('certificateApprovals'),
  },
  searchable: true,
  columns: [
    personColumn(),
    {
      id: 'reference',
      header: { en: 'Reference', ar: 'الرقم المرجعي' },
      kind: 'verbatim',
      value: (row) => row.reference,
      width: 200,
    },
    {
      id: 'productName',
      header: { en: 'Certificate', ar: 'الشهادة' },
      kind: 'text',
      value: (row) => row.productName,
      width: 260,
    },
    {
      id: 'createdDate',
      header: { en: 'Requested', ar: 'تاريخ الطلب' },
      kind: 'dateTime',
      value: (row) => row.createdDate,
      width: 190,
    },
    statusColumn(190),
  ],
  rowKey: (row) => row.reference,
  listInput: (view) => ({ body: orgPage(CONTRACT.certificateApprovals, view) }),
  exportInput: null,
});

/**
 * The organization's certificates (SPEC §2 `reports/dsc`; issue 18): valid, revoked and expired,
 * the soonest to end first, with the days left — what "expiring" is read from.
 */
export const dscReportGrid = defineGrid({
  id: 'dscReport',
  list: CONTRACT.dscReport,
  export: CONTRACT.exportDscReport,
  statuses: { all: CERTIFICATE_STATES, start: defaultStatusFilter('dscReport') },
  searchable: true,
  columns: [
    personColumn(),
    {
      id: 'serialNumberHex',
      header: { en: 'Serial number', ar: 'الرقم التسلسلي' },
      kind: 'verbatim',
      value: (row) => row.serialNumberHex,
      width: 320,
    },
    {
      id: 'productName',
      header: { en: 'Certificate', ar: 'الشهادة' },
      kind: 'text',
      value: (row) => row.productName,
      width: 260,
      only: 'file',
    },
    {
      id: 'validFrom',
      header: { en: 'Valid from', ar: 'صالحة من' },
      kind: 'date',
      value: (row) => row.validFrom,
      width: 140,
    },
    {
      id: 'validTo',
      header: { en: 'Valid to', ar: 'صالحة حتى' },
      kind: 'date',
      value: (row) => row.validTo,
      width: 140,
    },
    {
      id: 'daysLeft',
      header: { en: 'Days left', ar: 'الأيام المتبقية' },
      kind: 'number',
      value: (row) => (row.status === 'valid' ? row.daysLeft : null),
      width: 120,
    },
    {
      id: 'revokedAt',
      header: { en: 'Revoked on', ar: 'تاريخ الإبطال' },
      kind: 'date',
      value: (row) => row.revokedAt,
      width: 140,
    },
    statusColumn(130),
  ],
  rowKey: (row) => row.serialNumberHex,
  listInput: (view) => ({ body: orgPage(CONTRACT.dscReport, view) }),
  exportInput: (filter, language) => ({ body: { ...orgFilter(filter), language } }),
});

/** Every declared grid, for tests that walk them all. */
export const GRIDS = [
  myTransactionsGrid,
  orgEsignTransactionsGrid,
  organizationUnitsGrid,
  manageUsersGrid,
  newUserApprovalsGrid,
  changeRequestsGrid,
  uavRequestsGrid,
  l2RequestsGrid,
  l2StockAllocationGrid,
  l2RoleCounterAllocationsGrid,
  certificateApprovalsGrid,
  dscReportGrid,
] as const;
