/**
 * An organization buys (SPEC §2 `buy/esign/plans`, `buy/role/plans`): packs of eSign
 * counters from its L1 provider's catalogue and packs of role seats, several in one order, paid
 * at the gateway (modules/payments `checkout`); what a paid order gives is credited once through
 * the counters ledger (modules/counters/orders.ts). The grids list the organization's orders that
 * came to an end: paid ("success", credited) or refused at the gateway and not paid since
 * ("failure"). An order still open at the gateway is not a purchase yet; its page is the payment
 * status page, where it can be rechecked or paid again.
 */
import { purchasedCountersGrid, rolePlanPurchasesGrid } from '@tawqi/api/grids';
import {
  COUNTED_ROLES,
  lineWithVat,
  toSar,
  vatRateBasisPoints,
  type Language,
  type PlanPurchaseStatus,
  type SpecialPlanType,
} from '@tawqi/domain';
import { riyadhDays, searchText, whereOf } from '../../db/paging.js';
import type { Queryable } from '../../db/pool.js';
import { activeMember, activeStaff } from '../access/membership.js';
import { organizationOf, providerOf, type TenantContext } from '../access/tenancy.js';
import type { HandlerContext, Handlers } from '../../http/contractRoutes.js';
import { requireCaller } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { gridHandlers, type GridQuery } from '../grids.js';
import { validityText } from '../individual/plans.js';
import { checkout, type NewOrder, type OrderLine, type PaymentDeps } from '../payments/handlers.js';
import { localWord } from '../words.js';

type Category = 'counter' | 'role';

interface PaxRow {
  pax_slno: number;
  pax_unique_id: string;
  category: Category;
  counter: string;
  pax_size: number;
  price_halalas: number;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  product_pricing_details_slno: number | null;
  validity_months: number | null;
}

const PAX_SELECT = `SELECT x.pax_slno, x.pax_unique_id, x.category, x.counter, x.pax_size, x.price_halalas,
       x.name_en, x.name_ar, x.description_en, x.description_ar, x.product_pricing_details_slno, e.validity_months
  FROM pax_plans x LEFT JOIN esign_plans e USING (product_pricing_details_slno)`;

const NOT_ON_SALE: Record<Language, string> = {
  en: 'A plan you chose is no longer on sale to your organization. Reload the plans and choose again.',
  ar: 'إحدى الباقات التي اخترتها لم تعد معروضة لمنشأتك. أعد تحميل الباقات واختر من جديد.',
};
const TWICE: Record<Language, string> = {
  en: 'A plan is listed twice in the order. Choose each plan once, with its quantity.',
  ar: 'تكررت باقة في الطلب. اختر كل باقة مرة واحدة مع كميتها.',
};

/** The L1 provider an organization buys counters from: its provider, or that provider's parent. */
export async function l1Of(deps: PaymentDeps, tenant: TenantContext | null): Promise<number> {
  if (!tenant) throw new Error('a buying call without its tenant');
  // The tenant context knows its provider's level: only an L2's parent needs reading.
  if (tenant.provider.level === 'L1') return tenant.provider.slno;
  const { rows } = await deps.pool.query<{ l1: number }>(
    'SELECT coalesce(parent_sip_slno, sip_slno) AS l1 FROM service_providers WHERE sip_slno = $1',
    [tenant.provider.slno],
  );
  const l1 = rows[0]?.l1;
  if (l1 === undefined) throw new Error('an organization without its provider');
  return l1;
}

/** Packs in the roles' order (COUNTED_ROLES), then by size. */
const PAX_ORDER = `ORDER BY array_position(ARRAY[${COUNTED_ROLES.map((role) => `'${role}'`).join(', ')}], x.counter),
  x.pax_size, x.pax_slno`;

/**
 * The packs of one category on sale now: role packs to every organization, counter packs to the
 * organizations of the L1 provider that sells them.
 */
export async function onSale(
  deps: PaymentDeps,
  category: Category,
  l1: number | null,
): Promise<PaxRow[]> {
  const { rows } = await deps.pool.query<PaxRow>(
    `${PAX_SELECT} WHERE x.is_active AND x.category = $1 AND (x.category = 'role' OR x.sip_slno = $2)
      ${PAX_ORDER}`,
    [category, l1],
  );
  return rows;
}

/**
 * What `quantity` of a counter costs at list price: at the cheapest pack of it on sale from the L1
 * provider (halalas, rounded up), or null when none is on sale.
 */
export async function atListPrice(
  db: Queryable,
  l1: number,
  counter: SpecialPlanType,
  quantity: number,
): Promise<number | null> {
  const { rows } = await db.query<{ price: string | null }>(
    `SELECT ceil(min(price_halalas::numeric / pax_size) * $3) AS price FROM pax_plans
      WHERE is_active AND counter = $1 AND (category = 'role' OR sip_slno = $2)`,
    [counter, l1, quantity],
  );
  const price = rows[0]?.price ?? null;
  return price === null ? null : Number(price);
}

export function paxRowOf(row: PaxRow, language: Language, vat: number, bought: number) {
  const amounts = lineWithVat(row.price_halalas, 1, vat);
  return {
    name: language === 'ar' ? row.name_ar : row.name_en,
    paxDescription: language === 'ar' ? row.description_ar : row.description_en,
    paxSize: row.pax_size,
    paxTypeName: localWord(row.counter, language),
    paxUniqueId: row.pax_unique_id,
    salesPrice: toSar(amounts.price),
    tax: toSar(amounts.tax),
    totalPrice: toSar(amounts.totalPrice),
    // Ours: how many of this pack the organization has bought so far.
    totalQuantity: bought,
  };
}

function l1PlanOf(row: PaxRow, language: Language) {
  return {
    planId: row.pax_slno,
    paxUniqueId: row.pax_unique_id,
    planName: language === 'ar' ? row.name_ar : row.name_en,
    planDescription: language === 'ar' ? row.description_ar : row.description_en,
    transactionLimit: row.pax_size,
    validity: validityText(row.validity_months ?? 0, language),
    price: toSar(row.price_halalas),
  };
}

// ── The purchases grids ─────────────────────────────────────────────────────────────────────

interface PurchaseRow {
  order_slno: number;
  encoded_id: string;
  created_at: Date;
  quantity: number;
  price_halalas: number;
  tax_halalas: number;
  total_halalas: number;
  names_en: string;
  names_ar: string;
  status: PlanPurchaseStatus;
  by_transfer: boolean;
}

const PURCHASE_STATUS = `CASE WHEN o.fulfilled_at IS NOT NULL THEN 'success' ELSE 'failure' END`;
/** An order that came to an end: paid, or refused or cancelled at the gateway. */
const ENDED = `(o.fulfilled_at IS NOT NULL OR EXISTS (
  SELECT 1 FROM payments pay WHERE pay.order_slno = o.order_slno
     AND (pay.status = 'failure' OR (pay.status = 'cancelled' AND pay.error_message = 'cancelled'))))`;

/** What both purchases grids share: the organization's ended orders of one category. */
function purchases(
  category: Category,
): Omit<GridQuery<typeof purchasedCountersGrid, PurchaseRow>, 'row'> {
  return {
    select: `SELECT o.order_slno, o.encoded_id, o.created_at, o.quantity, o.price_halalas, o.tax_halalas,
                    o.total_halalas, names.en AS names_en, names.ar AS names_ar, ${PURCHASE_STATUS} AS status,
                    EXISTS (SELECT 1 FROM purchase_orders po WHERE po.order_slno = o.order_slno) AS by_transfer
               FROM orders o
               CROSS JOIN LATERAL (
                 SELECT string_agg(l.name_en, ', ' ORDER BY l.line_no) AS en,
                        string_agg(l.name_ar, '، ' ORDER BY l.line_no) AS ar
                   FROM order_lines l WHERE l.order_slno = o.order_slno) AS names`,
    count: 'SELECT count(*) FROM orders o',
    where: (body, { tenant }) => {
      const search = searchText(body.search);
      return whereOf(
        [`o.org_slno = $1 AND o.category = $2 AND ${ENDED}`, organizationOf(tenant), category],
        body.statuses?.length && [`${PURCHASE_STATUS} = ANY($1::text[])`, body.statuses],
        ...riyadhDays('o.created_at', body),
        search && [
          `o.encoded_id ILIKE '%' || $1 || '%' OR EXISTS (
             SELECT 1 FROM order_lines l WHERE l.order_slno = o.order_slno
                AND (l.name_en ILIKE '%' || $1 || '%' OR l.name_ar LIKE '%' || $1 || '%'))`,
          search,
        ],
      );
    },
    order: [
      { column: 'o.created_at', type: 'timestamptz', of: (row) => row.created_at },
      { column: 'o.order_slno', type: 'int', of: (row) => row.order_slno },
    ],
  };
}

/** The common fields of a purchase row (SPEC §3 "Purchase rows"). */
function purchaseOf(row: PurchaseRow, language: Language) {
  return {
    transactionNo: row.encoded_id,
    requestDate: row.created_at.toISOString(),
    // Ours: paid online at the gateway by card, or by bank transfer (a purchase order).
    paymentMode: localWord(row.by_transfer ? 'bankTransfer' : 'online', language),
    paymentType: localWord(row.by_transfer ? 'bankTransfer' : 'card', language),
    productsInQuantity: row.quantity,
    productKeyRequestSlNo: row.order_slno,
    status: row.status,
  };
}

export const COUNTER_PURCHASES: GridQuery<typeof purchasedCountersGrid, PurchaseRow> = {
  ...purchases('counter'),
  row: purchaseOf,
};

export const ROLE_PURCHASES: GridQuery<typeof rolePlanPurchasesGrid, PurchaseRow> = {
  ...purchases('role'),
  row: (row, language) => ({
    ...purchaseOf(row, language),
    planName: language === 'ar' ? row.names_ar : row.names_en,
    planType: localWord('Role plan', language),
    price: toSar(row.price_halalas),
    vat: toSar(row.tax_halalas),
    totalPrice: toSar(row.total_halalas),
  }),
};

/** One order's lines (SPEC §3 "Quantity rows"), in the caller's language. */
export async function quantityRows(
  deps: PaymentDeps,
  context: HandlerContext,
  category: Category,
  orderSlno: number,
) {
  const { rows } = await deps.pool.query<{
    line_no: number;
    plan_id: number;
    counter: string;
    name_en: string;
    name_ar: string;
    pax_size: number;
    quantity: number;
    price_halalas: number;
    tax_halalas: number;
    total_halalas: number;
    validity_months: number | null;
  }>(
    `SELECT l.line_no, coalesce(l.pax_slno, l.product_pricing_details_slno) AS plan_id, l.counter, l.name_en,
            l.name_ar, l.pax_size, l.quantity, l.price_halalas, l.tax_halalas, l.total_halalas, l.validity_months
       FROM order_lines l JOIN orders o USING (order_slno)
      WHERE o.org_slno = $1 AND o.order_slno = $2 AND o.category = $3
      ORDER BY l.line_no`,
    [organizationOf(context.tenant), orderSlno, category],
  );
  const { language } = context;
  return {
    dataList: rows.map((row) => ({
      planId: row.plan_id,
      planDescription: language === 'ar' ? row.name_ar : row.name_en,
      productName: localWord('eSign', language),
      userType: localWord(row.counter === 'esign' ? 'Organization' : row.counter, language),
      category: localWord(category === 'counter' ? 'eSign counters' : 'Role seats', language),
      planType: localWord(category === 'counter' ? 'eSign counters' : 'Role plan', language),
      validity:
        row.validity_months === null
          ? localWord('No expiry', language)
          : validityText(row.validity_months, language),
      size: row.pax_size,
      quantity: row.quantity,
      price: toSar(row.price_halalas),
      vat: toSar(row.tax_halalas),
      totalPrice: toSar(row.total_halalas),
    })),
  };
}

/**
 * An organization's order of packs (buying online, a purchase order): each pack on sale to it
 * and chosen once, at the server's price, VAT per line (the invoice's rule); the order's amounts
 * are the lines' sums. Refused (422, nothing made) otherwise.
 */
export async function packOrder(
  deps: PaymentDeps,
  l1: number,
  category: Category,
  items: readonly { paxUniqueId: string; quantity: number }[],
): Promise<Pick<NewOrder, 'quantity' | 'amounts' | 'lines'>> {
  const ids = items.map((item) => item.paxUniqueId);
  if (new Set(ids).size !== ids.length)
    throw new AppError(422, 'VALIDATION_FAILED', { localized: TWICE });
  const paxes = new Map((await onSale(deps, category, l1)).map((row) => [row.pax_unique_id, row]));
  const rate = vatRateBasisPoints(deps.config.VAT_PERCENT);
  const lines: OrderLine[] = items.map((item) => {
    const pax = paxes.get(item.paxUniqueId);
    if (!pax) throw new AppError(422, 'VALIDATION_FAILED', { localized: NOT_ON_SALE });
    return {
      paxSlno: pax.pax_slno,
      counter: pax.counter,
      nameEn: pax.name_en,
      nameAr: pax.name_ar,
      paxSize: pax.pax_size,
      quantity: item.quantity,
      unitPriceHalalas: pax.price_halalas,
      amounts: lineWithVat(pax.price_halalas, item.quantity, rate),
      planSlno: pax.product_pricing_details_slno,
      validityMonths: pax.validity_months,
    };
  });
  const sum = (part: 'price' | 'tax' | 'totalPrice') =>
    lines.reduce((total, line) => total + line.amounts[part], 0);
  return {
    quantity: lines.reduce((total, line) => total + line.quantity, 0),
    amounts: { price: sum('price'), tax: sum('tax'), totalPrice: sum('totalPrice') },
    lines,
  };
}

export function buyingHandlers(deps: PaymentDeps): Handlers {
  const vat = () => vatRateBasisPoints(deps.config.VAT_PERCENT);

  /** How many of each pack the organization has bought (paid orders). */
  async function boughtOf(orgSlno: number): Promise<Map<number, number>> {
    const { rows } = await deps.pool.query<{ pax_slno: number; bought: number }>(
      `SELECT l.pax_slno, sum(l.quantity)::int AS bought
         FROM order_lines l JOIN orders o USING (order_slno)
        WHERE o.org_slno = $1 AND o.fulfilled_at IS NOT NULL AND l.pax_slno IS NOT NULL
        GROUP BY l.pax_slno`,
      [orgSlno],
    );
    return new Map(rows.map((row) => [row.pax_slno, row.bought]));
  }

  async function catalogue(context: HandlerContext, category: Category) {
    const org = organizationOf(context.tenant);
    const [paxes, bought] = await Promise.all([
      onSale(deps, category, await l1Of(deps, context.tenant)),
      boughtOf(org),
    ]);
    return {
      dataList: paxes.map((row) =>
        paxRowOf(row, context.language, vat(), bought.get(row.pax_slno) ?? 0),
      ),
      vat: deps.config.VAT_PERCENT,
    };
  }

  return {
    ...gridHandlers(deps, purchasedCountersGrid, COUNTER_PURCHASES),
    ...gridHandlers(deps, rolePlanPurchasesGrid, ROLE_PURCHASES),

    counterPlans: (context) => catalogue(context, 'counter'),
    counterQuantityGrid: (context) =>
      quantityRows(
        deps,
        context,
        'counter',
        (context.input as { params: { id: number } }).params.id,
      ),
    roleQuantityGrid: (context) =>
      quantityRows(deps, context, 'role', (context.input as { params: { id: number } }).params.id),

    // The role packs on sale, the same for every organization (Tawqi sells them).
    rolePlanDescription: async ({ language }) => {
      const rows = await onSale(deps, 'role', null);
      return {
        dataList: rows.map((row) => paxRowOf(row, language, vat(), 0)),
        vat: deps.config.VAT_PERCENT,
      };
    },

    l1Plans: async ({ tenant, language }) => {
      const rows = await onSale(deps, 'counter', providerOf(tenant));
      return {
        dataList: rows.map((row) => l1PlanOf(row, language)),
        vat: deps.config.VAT_PERCENT,
      };
    },

    // An L1's pack and its price, to the active members of the organizations under that L1 (its
    // own, and those of its L2 providers) and to its staff; to anyone else it is not found.
    l1PlanDetails: async ({ caller, input, language }) => {
      const { planId } = input.query;
      const [row] = (
        await deps.pool.query<PaxRow>(
          `${PAX_SELECT} WHERE x.is_active AND x.category = 'counter' AND x.pax_slno = $1
              AND EXISTS (
                SELECT 1 FROM memberships m JOIN organizations o ON o.org_slno = m.org_slno
                  JOIN service_providers p ON p.sip_slno = o.sip_slno
                 WHERE m.user_slno = $2 AND ${activeMember('m')}
                   AND x.sip_slno IN (p.sip_slno, p.parent_sip_slno)
                UNION ALL
                SELECT 1 FROM provider_staff s
                 WHERE s.user_slno = $2 AND ${activeStaff('s')} AND s.sip_slno = x.sip_slno)`,
          [planId, requireCaller(caller).userSlno],
        )
      ).rows;
      if (!row) throw new AppError(404, 'NOT_FOUND');
      const amounts = lineWithVat(row.price_halalas, 1, vat());
      return {
        ...l1PlanOf(row, language),
        tax: toSar(amounts.tax),
        totalPrice: toSar(amounts.totalPrice),
        vat: deps.config.VAT_PERCENT,
      };
    },

    buyOrganizationPlan: async ({ caller, tenant, input, request, audit }) => {
      const { body } = input;
      return checkout(deps, audit, String(request.headers['idempotency-key']), {
        owner: {
          kind: 'organization',
          orgSlno: organizationOf(tenant),
          placedBy: requireCaller(caller).userSlno,
        },
        category: body.category,
        planSlno: null,
        ...(await packOrder(deps, await l1Of(deps, tenant), body.category, body.items)),
      });
    },
  };
}
