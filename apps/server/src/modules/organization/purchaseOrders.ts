/**
 * Purchase orders (SPEC §2 `purchase/requests`; migration 017): an organization orders
 * packs of its L1 provider's catalogue to pay by bank transfer. The order is made at once (its
 * lines and amounts at the server's prices, modules/payments `placeOrder`); the organization
 * records the reference of its transfer (paymentInitiated), and an Enrolment Admin of an
 * organization of the provider confirms the money arrived — the order is credited, once — or
 * says it did not, with remarks the organization reads (paymentFailure; another transfer may be
 * recorded). The statuses of special plans that purchase orders share (SPEC §4) are never theirs
 * here: a negotiated price is asked for on the special plan page.
 */
import { purchaseOrdersGrid } from '@tawqi/api/grids';
import { toSar, vatRateBasisPoints, type Language, type PurchaseOrderStatus } from '@tawqi/domain';
import { inTransaction } from '../../db/pool.js';
import { requireCaller, type HandlerContext, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { gridHandlers, type GridQuery } from '../grids.js';
import { placeOrder, type PaymentDeps } from '../payments/handlers.js';
import { localWord } from '../words.js';
import { organizationOf } from '../access/tenancy.js';
import { l1Of, onSale, packOrder, paxRowOf, quantityRows } from './buying.js';
import { requestFilter } from './requestLists.js';

/** A purchase order as the lists read it (the organization's and its provider's). */
export interface PurchaseOrderRow {
  request_slno: number;
  created_at: Date;
  category: 'counter' | 'role';
  quantity: number;
  price_halalas: number;
  tax_halalas: number;
  total_halalas: number;
  names_en: string;
  names_ar: string;
  status: PurchaseOrderStatus;
  remarks: string | null;
  transfer_reference: string | null;
  org_en: string;
  org_ar: string;
}

/** A purchase order's reference as people quote it (and put on their transfer). */
export const purchaseOrderReference = (requestSlno: number) =>
  `PO-${String(requestSlno).padStart(6, '0')}`;

const FROM = `FROM purchase_orders r
  JOIN orders o ON o.order_slno = r.order_slno
  JOIN organizations org ON org.org_slno = r.org_slno
  CROSS JOIN LATERAL (
    SELECT string_agg(l.name_en, ', ' ORDER BY l.line_no) AS en,
           string_agg(l.name_ar, '، ' ORDER BY l.line_no) AS ar
      FROM order_lines l WHERE l.order_slno = o.order_slno) AS names`;

/** What both lists of purchase orders read. */
export const PURCHASE_ORDER_ROWS = {
  select: `SELECT r.request_slno, r.created_at, o.category, o.quantity, o.price_halalas, o.tax_halalas,
                  o.total_halalas, names.en AS names_en, names.ar AS names_ar, r.status, r.remarks,
                  r.transfer_reference, org.name_en AS org_en, org.name_ar AS org_ar
             ${FROM}`,
  count: `SELECT count(*) FROM purchase_orders r JOIN organizations org ON org.org_slno = r.org_slno`,
  order: [
    {
      column: 'r.created_at',
      type: 'timestamptz',
      of: (row: PurchaseOrderRow) => row.created_at,
    },
    { column: 'r.request_slno', type: 'int', of: (row: PurchaseOrderRow) => row.request_slno },
  ],
} as const;

/** The list's filter (requestLists.ts): its status, when made, its reference and text. */
export const PURCHASE_ORDER_LIST = {
  status: 'r.status',
  madeAt: 'r.created_at',
  reference: `'PO-' || lpad(r.request_slno::text, 6, '0')`,
  searched: ['r.transfer_reference'],
} as const;

export function purchaseOrderRowOf(row: PurchaseOrderRow, language: Language) {
  const failed = row.status === 'paymentFailure';
  return {
    transactionNo: purchaseOrderReference(row.request_slno),
    requestDate: row.created_at.toISOString(),
    paymentMode: localWord('bankTransfer', language),
    paymentType: localWord(row.category === 'counter' ? 'eSign counters' : 'Role seats', language),
    productsInQuantity: row.quantity,
    productKeyRequestSlNo: row.request_slno,
    price: toSar(row.price_halalas),
    vat: toSar(row.tax_halalas),
    totalPrice: toSar(row.total_halalas),
    planName: language === 'ar' ? row.names_ar : row.names_en,
    planType: localWord('Purchase order', language),
    status: row.status,
    errorMessage: failed ? row.remarks : null,
    errorCode: failed ? 'TRANSFER_NOT_RECEIVED' : null,
    responseStatus: failed ? 'failure' : null,
  };
}

export const ORGANIZATION_ORDERS: GridQuery<typeof purchaseOrdersGrid, PurchaseOrderRow> = {
  ...PURCHASE_ORDER_ROWS,
  where: requestFilter(PURCHASE_ORDER_LIST, 'organization'),
  row: purchaseOrderRowOf,
};

const WORDS = {
  noAccount: {
    en: 'Your provider has no bank account on record: ask it, or pay online instead.',
    ar: 'لا يوجد حساب بنكي مسجل لمزوّد الخدمة: تواصل معه، أو ادفع عبر الإنترنت.',
  },
  notWaitingForTransfer: {
    en: 'This purchase order is paid or waits for its transfer to be confirmed.',
    ar: 'أمر الشراء هذا مدفوع، أو حوالته بانتظار التأكيد.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** The L1 provider's bank account, where a purchase order's transfer goes. */
async function payeeOf(deps: PaymentDeps, l1: number, language: Language) {
  const { rows } = await deps.pool.query<{
    en: string;
    ar: string;
    bank_en: string | null;
    bank_ar: string | null;
    iban: string | null;
  }>(
    `SELECT name_en AS en, name_ar AS ar, bank_name_en AS bank_en, bank_name_ar AS bank_ar, iban
       FROM service_providers WHERE sip_slno = $1`,
    [l1],
  );
  const provider = rows[0];
  if (!provider?.iban) throw new AppError(409, 'CONFLICT', { localized: WORDS.noAccount });
  return {
    providerName: language === 'ar' ? provider.ar : provider.en,
    bankName: (language === 'ar' ? provider.bank_ar : provider.bank_en) ?? '',
    iban: provider.iban,
  };
}

export function purchaseOrderHandlers(deps: PaymentDeps): Handlers {
  const vat = () => vatRateBasisPoints(deps.config.VAT_PERCENT);

  async function orderOf(context: HandlerContext, requestSlno: number) {
    const { rows } = await deps.pool.query<{ order_slno: number; category: 'counter' | 'role' }>(
      `SELECT o.order_slno, o.category FROM purchase_orders r JOIN orders o USING (order_slno)
        WHERE r.org_slno = $1 AND r.request_slno = $2`,
      [organizationOf(context.tenant), requestSlno],
    );
    const order = rows[0];
    if (!order) throw new AppError(404, 'NOT_FOUND');
    return order;
  }

  return {
    ...gridHandlers(deps, purchaseOrdersGrid, ORGANIZATION_ORDERS),

    purchaseOrderQuantityGrid: async (context) => {
      const order = await orderOf(context, context.input.params.requestSlNo);
      return quantityRows(deps, context, order.category, order.order_slno);
    },

    // The packs a purchase order can hold, by category; special plans are asked for on their
    // own page (their price is negotiated), so that category offers none here.
    purchaseRequestPlans: async (context) => {
      const { category } = context.input.params;
      const paxes =
        category === 'special'
          ? []
          : await onSale(deps, category, await l1Of(deps, context.tenant));
      return {
        dataList: paxes.map((row) => paxRowOf(row, context.language, vat(), 0)),
        vat: deps.config.VAT_PERCENT,
      };
    },

    purchaseOrderPayee: async (context) =>
      payeeOf(deps, await l1Of(deps, context.tenant), context.language),

    createPurchaseOrder: async ({ caller, tenant, input, request, audit, language }) => {
      const { body } = input;
      const l1 = await l1Of(deps, tenant);
      const payee = await payeeOf(deps, l1, language);
      const wanted = await packOrder(deps, l1, body.category, body.items);
      const orgSlno = organizationOf(tenant);
      const me = requireCaller(caller).userSlno;
      const key = String(request.headers['idempotency-key']);
      const made = await inTransaction(deps.pool, async (tx) => {
        const order = await placeOrder(deps, tx, audit, `po:${key}`, {
          owner: { kind: 'organization', orgSlno, placedBy: me },
          category: body.category,
          planSlno: null,
          ...wanted,
        });
        const inserted = await tx.query<{ request_slno: number }>(
          `INSERT INTO purchase_orders (org_slno, l1_sip_slno, order_slno, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (order_slno) DO NOTHING RETURNING request_slno`,
          [orgSlno, l1, order.order_slno, me, deps.clock()],
        );
        const fresh = inserted.rows[0];
        if (fresh)
          await deps.audit.record(tx, audit, {
            action: 'approval.requested',
            target: purchaseOrderReference(fresh.request_slno),
            detail: { kind: 'purchaseOrder', order: order.encoded_id },
          });
        const { rows } = await tx.query<{ request_slno: number }>(
          'SELECT request_slno FROM purchase_orders WHERE order_slno = $1',
          [order.order_slno],
        );
        return rows[0]?.request_slno as number;
      });
      return {
        status: '1',
        errorMessage: null,
        id: made,
        transactionNo: purchaseOrderReference(made),
        totalPrice: toSar(wanted.amounts.totalPrice),
        payee,
      };
    },

    recordPurchaseOrderTransfer: async ({ tenant, input, audit }) => {
      const { requestSlNo, transferReference } = input.body;
      const changed = await inTransaction(deps.pool, async (tx) => {
        const updated = await tx.query(
          `UPDATE purchase_orders
              SET status = 'paymentInitiated', transfer_reference = $3, transfer_recorded_at = $4,
                  remarks = NULL
            WHERE org_slno = $1 AND request_slno = $2 AND status IN ('pending', 'paymentFailure')`,
          [organizationOf(tenant), requestSlNo, transferReference.trim(), deps.clock()],
        );
        if (updated.rowCount === 1)
          await deps.audit.record(tx, audit, {
            action: 'approval.requested',
            target: purchaseOrderReference(requestSlNo),
            detail: { kind: 'purchaseOrderTransfer' },
          });
        return updated.rowCount === 1;
      });
      if (!changed) throw new AppError(409, 'CONFLICT', { localized: WORDS.notWaitingForTransfer });
      return { status: '1', errorMessage: null };
    },
  };
}
