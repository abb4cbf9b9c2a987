/**
 * Special plans (issue 15, SPEC §2 `purchase/special/plan`; migration 016): an organization asks
 * its L1 provider for so many eSign counters or seats of a role, saying why; an Enrolment Admin
 * of an organization of that provider — not the one who asked — prices it or refuses it with
 * remarks; priced, it is an order the organization pays at the gateway, credited once like any
 * other (modules/counters/orders.ts). A row's status is the provider's decision until the order
 * is paid (paymentSuccess) or its last attempt failed (paymentFailure); a refusal's remarks and a
 * payment's failure are the row's errorMessage, errorCode and responseStatus.
 */
import type { CONTRACT } from '@tawqi/api';
import { providerSpecialPlansGrid, specialPlansGrid } from '@tawqi/api/grids';
import {
  formatNumber,
  lineWithVat,
  toHalalas,
  toSar,
  vatRateBasisPoints,
  type Language,
  type SpecialPlanStatus,
  type SpecialPlanType,
} from '@tawqi/domain';
import { inTransaction } from '../../db/pool.js';
import { requireCaller, type HandlerContext, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { gridHandlers, type GridQuery } from '../grids.js';
import { validityText } from '../individual/plans.js';
import { payOrder, paymentErrorWords, placeOrder, type PaymentDeps } from '../payments/handlers.js';
import { localWord } from '../words.js';
import { providerOf } from '../access/tenancy.js';
import { refuseInterested, takesEffect } from '../providers/decisions.js';
import { atListPrice, l1Of } from './buying.js';
import { organizationOf } from './transactions.js';
import { requestFilter } from './requestLists.js';

interface RequestRow {
  request_slno: number;
  requested_at: Date;
  counter: SpecialPlanType;
  quantity: number;
  justification: string;
  remarks: string | null;
  price_halalas: number | null;
  tax_halalas: number | null;
  total_halalas: number | null;
  payment_error: string | null;
  status: SpecialPlanStatus;
  org_en: string;
  org_ar: string;
}

const STATUS = `CASE WHEN r.status <> 'approved' THEN r.status
  WHEN o.fulfilled_at IS NOT NULL THEN 'paymentSuccess'
  WHEN last.status = 'failure' THEN 'paymentFailure' ELSE 'approved' END`;

const FROM = `FROM special_plan_requests r
  JOIN organizations org ON org.org_slno = r.org_slno
  LEFT JOIN orders o ON o.order_slno = r.order_slno
  LEFT JOIN LATERAL (SELECT pay.status, pay.error_message FROM payments pay
                      WHERE pay.order_slno = r.order_slno ORDER BY pay.payment_slno DESC LIMIT 1) last ON true`;

/** A request's reference as people quote it. */
export const requestReference = (requestSlno: number) =>
  `SP-${String(requestSlno).padStart(6, '0')}`;

/** What a request asks for, in words: "eSign counters: 25,000". */
function planName(counter: SpecialPlanType, quantity: number, language: Language): string {
  return `${localWord(counter, language)}: ${formatNumber(quantity, language)}`;
}

function outcomeOf(row: RequestRow, language: Language) {
  if (row.status === 'rejected')
    return { errorMessage: row.remarks, errorCode: 'REJECTED', responseStatus: 'rejected' };
  if (row.status === 'paymentFailure')
    return {
      errorMessage: row.payment_error ? paymentErrorWords(row.payment_error, language) : null,
      errorCode: 'PAYMENT_FAILED',
      responseStatus: 'failure',
    };
  return { errorMessage: null, errorCode: null, responseStatus: null };
}

function rowOf(row: RequestRow, language: Language) {
  return {
    transactionNo: requestReference(row.request_slno),
    requestDate: row.requested_at.toISOString(),
    paymentMode: localWord('online', language),
    paymentType: localWord('card', language),
    productsInQuantity: row.quantity,
    productKeyRequestSlNo: row.request_slno,
    // Nothing to pay before the provider prices it.
    price: toSar(row.price_halalas ?? 0),
    vat: toSar(row.tax_halalas ?? 0),
    totalPrice: toSar(row.total_halalas ?? 0),
    planName: planName(row.counter, row.quantity, language),
    planType: localWord('Special plan', language),
    status: row.status,
    ...outcomeOf(row, language),
  };
}

/** The list's filter (requestLists.ts): its status, when made, its reference and text. */
const LIST = {
  status: STATUS,
  madeAt: 'r.requested_at',
  reference: `'SP-' || lpad(r.request_slno::text, 6, '0')`,
  searched: ['r.justification'],
} as const;

const SHARED = {
  select: `SELECT r.request_slno, r.requested_at, r.counter, r.quantity, r.justification, r.remarks,
                  o.price_halalas, o.tax_halalas, o.total_halalas, last.error_message AS payment_error,
                  ${STATUS} AS status, org.name_en AS org_en, org.name_ar AS org_ar
             ${FROM}`,
  count: `SELECT count(*) ${FROM}`,
  order: [
    { column: 'r.requested_at', type: 'timestamptz', of: (row: RequestRow) => row.requested_at },
    { column: 'r.request_slno', type: 'int', of: (row: RequestRow) => row.request_slno },
  ],
} as const;

export const ORGANIZATION_REQUESTS: GridQuery<typeof specialPlansGrid, RequestRow> = {
  ...SHARED,
  where: requestFilter(LIST, 'organization'),
  page: (body) => ({ limit: body.pageSize, offset: (body.pageNumber - 1) * body.pageSize }),
  row: rowOf,
};

const PROVIDER_REQUESTS: GridQuery<typeof providerSpecialPlansGrid, RequestRow> = {
  ...SHARED,
  where: requestFilter(LIST, 'provider'),
  page: (body) => ({ limit: body.pageSize, offset: (body.pageNumber - 1) * body.pageSize }),
  row: (row, language) => ({
    ...rowOf(row, language),
    organizationName: language === 'ar' ? row.org_ar : row.org_en,
    justification: row.justification,
    requestedType: row.counter,
  }),
};

const WORDS = {
  decided: {
    en: 'This request was decided already.',
    ar: 'سبق البت في هذا الطلب.',
  },
  ownRequest: {
    en: 'You asked for this plan: another staff member of the provider decides it.',
    ar: 'أنت من طلب هذه الباقة: يبت فيها موظف آخر لدى مزوّد الخدمة.',
  },
  remarksNeeded: {
    en: 'Say why the request is refused: the organization reads it.',
    ar: 'اذكر سبب رفض الطلب: ستقرؤه المنشأة.',
  },
  priceNeeded: {
    en: 'Give the price of one counter or seat before VAT.',
    ar: 'أدخل سعر العملية أو المقعد الواحد قبل الضريبة.',
  },
  validityNeeded: {
    en: 'Give how many months the counters stay valid.',
    ar: 'أدخل عدد أشهر صلاحية رصيد العمليات.',
  },
  notPriced: {
    en: 'This request is not priced: it waits for the provider, or was refused.',
    ar: 'لم يُسعَّر هذا الطلب بعد: إما أنه بانتظار مزوّد الخدمة أو أنه رُفض.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export function specialPlanHandlers(deps: PaymentDeps): Handlers {
  const vat = () => vatRateBasisPoints(deps.config.VAT_PERCENT);

  async function quantityGrid(context: HandlerContext<typeof CONTRACT.specialPlanQuantityGrid>) {
    const { requestSlNo } = context.input.params;
    const { rows } = await deps.pool.query<
      RequestRow & { validity_months: number | null; line_price: number | null }
    >(
      `SELECT r.request_slno, r.counter, r.quantity, o.price_halalas, o.tax_halalas, o.total_halalas,
              l.validity_months, l.unit_price_halalas AS line_price
         FROM special_plan_requests r
         LEFT JOIN orders o ON o.order_slno = r.order_slno
         LEFT JOIN order_lines l ON l.order_slno = r.order_slno AND l.line_no = 1
        WHERE r.org_slno = $1 AND r.request_slno = $2`,
      [organizationOf(context.tenant), requestSlNo],
    );
    const { language } = context;
    return {
      dataList: rows.map((row) => ({
        planId: row.request_slno,
        planDescription: planName(row.counter, row.quantity, language),
        productName: localWord('eSign', language),
        userType: localWord(row.counter === 'esign' ? 'Organization' : row.counter, language),
        category: localWord('Special plan', language),
        planType: localWord('Special plan', language),
        validity:
          row.counter !== 'esign'
            ? localWord('No expiry', language)
            : row.validity_months === null
              ? localWord('To be priced', language)
              : validityText(row.validity_months, language),
        size: row.quantity,
        quantity: 1,
        price: toSar(row.price_halalas ?? 0),
        vat: toSar(row.tax_halalas ?? 0),
        totalPrice: toSar(row.total_halalas ?? 0),
      })),
    };
  }

  return {
    ...gridHandlers(deps, specialPlansGrid, ORGANIZATION_REQUESTS),
    ...gridHandlers(deps, providerSpecialPlansGrid, PROVIDER_REQUESTS),
    specialPlanQuantityGrid: quantityGrid,

    requestSpecialPlan: async ({ caller, tenant, input, request, audit }) => {
      const { body } = input;
      const orgSlno = organizationOf(tenant);
      const key = String(request.headers['idempotency-key']);
      const l1 = await l1Of(deps, tenant);
      const id = await inTransaction(deps.pool, async (tx) => {
        const inserted = await tx.query<{ request_slno: number }>(
          `INSERT INTO special_plan_requests (org_slno, l1_sip_slno, counter, quantity, justification,
                                              requested_by, requested_at, idempotency_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (org_slno, idempotency_key) DO NOTHING
           RETURNING request_slno`,
          [
            orgSlno,
            l1,
            body.planType,
            body.quantity,
            body.justification.trim(),
            requireCaller(caller).userSlno,
            deps.clock(),
            key,
          ],
        );
        const made = inserted.rows[0];
        if (!made) {
          // A retry of the same request after a crash: its request.
          const { rows } = await tx.query<{ request_slno: number }>(
            'SELECT request_slno FROM special_plan_requests WHERE org_slno = $1 AND idempotency_key = $2',
            [orgSlno, key],
          );
          return rows[0]?.request_slno ?? null;
        }
        await deps.audit.record(tx, audit, {
          action: 'approval.requested',
          target: requestReference(made.request_slno),
          detail: { kind: 'specialPlan', counter: body.planType, quantity: body.quantity },
        });
        return made.request_slno;
      });
      return { status: '1', errorMessage: null, id };
    },

    decideSpecialPlan: async ({ caller, tenant, input, audit }) => {
      const { body } = input;
      const me = requireCaller(caller).userSlno;
      const remarks = body.remarks?.trim() ?? '';
      const refuse = (words: Record<Language, string>) =>
        new AppError(422, 'VALIDATION_FAILED', { localized: words });
      const tookEffect = await inTransaction(deps.pool, async (tx) => {
        const [wanted] = (
          await tx.query<{
            org_slno: number;
            counter: SpecialPlanType;
            quantity: number;
            status: string;
            requested_by: number;
          }>(
            `SELECT org_slno, counter, quantity, status, requested_by FROM special_plan_requests
              WHERE request_slno = $1 AND l1_sip_slno = $2 FOR UPDATE`,
            [body.requestSlNo, tenant?.provider.slno],
          )
        ).rows;
        if (!wanted) throw new AppError(404, 'NOT_FOUND');
        if (wanted.status !== 'pendingForApproval')
          throw new AppError(409, 'CONFLICT', { localized: WORDS.decided });
        // Who asked does not decide, nor does anyone of the organization that asked (issue 36).
        if (wanted.requested_by === me)
          throw new AppError(403, 'FORBIDDEN', { localized: WORDS.ownRequest });
        await refuseInterested(tx, me, { organizations: [wanted.org_slno] });
        let orderSlno: number | null = null;
        if (!body.approve) {
          if (!remarks) throw refuse(WORDS.remarksNeeded);
        } else {
          if (body.unitPrice === undefined) throw refuse(WORDS.priceNeeded);
          const validity = wanted.counter === 'esign' ? (body.validityMonths ?? null) : null;
          if (wanted.counter === 'esign' && validity === null) throw refuse(WORDS.validityNeeded);
          const packPrice = toHalalas(body.unitPrice) * wanted.quantity;
          const l1 = providerOf(tenant);
          const atList = await atListPrice(tx, l1, wanted.counter, wanted.quantity);
          const effect = await takesEffect(tx, deps, audit, {
            provider: l1,
            subject: `specialPlan:${String(body.requestSlNo)}`,
            decision: { approve: true, unitPrice: body.unitPrice, validityMonths: validity },
            receiver: `organization:${String(wanted.org_slno)}`,
            // What is given away: the counters at list price, whatever price is asked for them.
            amount: Math.max(packPrice, atList ?? 0),
            unit: 'halalas',
            threshold: toHalalas(deps.config.FOUR_EYES_SAR),
            by: me,
            at: deps.clock(),
          });
          if (!effect) return false;
          const amounts = lineWithVat(packPrice, 1, vat());
          const order = await placeOrder(deps, tx, audit, `special:${String(body.requestSlNo)}`, {
            owner: {
              kind: 'organization',
              orgSlno: wanted.org_slno,
              placedBy: wanted.requested_by,
            },
            category: 'special',
            planSlno: null,
            quantity: 1,
            amounts,
            lines: [
              {
                paxSlno: null,
                counter: wanted.counter,
                nameEn: `Special plan: ${planName(wanted.counter, wanted.quantity, 'en')}`,
                nameAr: `باقة خاصة: ${planName(wanted.counter, wanted.quantity, 'ar')}`,
                paxSize: wanted.quantity,
                quantity: 1,
                unitPriceHalalas: packPrice,
                amounts,
                planSlno: null,
                validityMonths: validity,
              },
            ],
          });
          orderSlno = order.order_slno;
        }
        await tx.query(
          `UPDATE special_plan_requests
              SET status = $2, decided_by = $3, decided_at = $4, remarks = $5, order_slno = $6
            WHERE request_slno = $1`,
          [
            body.requestSlNo,
            body.approve ? 'approved' : 'rejected',
            me,
            deps.clock(),
            remarks || null,
            orderSlno,
          ],
        );
        const reference = requestReference(body.requestSlNo);
        await tx.query(
          `INSERT INTO notifications (user_slno, title_en, title_ar, message_en, message_ar, created_at)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          body.approve
            ? [
                wanted.requested_by,
                'Special plan priced',
                'تم تسعير الباقة الخاصة',
                `Your special plan ${reference} is priced: pay it from the special plans page.`,
                `تم تسعير باقتك الخاصة ${reference}: ادفعها من صفحة الباقات الخاصة.`,
                deps.clock(),
              ]
            : [
                wanted.requested_by,
                'Special plan refused',
                'رُفضت الباقة الخاصة',
                `Your special plan ${reference} was refused: ${remarks}`,
                `رُفضت باقتك الخاصة ${reference}: ${remarks}`,
                deps.clock(),
              ],
        );
        await deps.audit.record(tx, audit, {
          action: 'approval.decided',
          target: reference,
          detail: { kind: 'specialPlan', approved: body.approve },
        });
        return true;
      });
      return { status: '1', errorMessage: null, awaitingSecondStaff: !tookEffect };
    },

    paySpecialPlan: async ({ tenant, input, audit }) => {
      const { requestSlNo } = input.body;
      const { rows } = await deps.pool.query<{ order_slno: number | null }>(
        'SELECT order_slno FROM special_plan_requests WHERE org_slno = $1 AND request_slno = $2',
        [organizationOf(tenant), requestSlNo],
      );
      const orderSlno = rows[0]?.order_slno ?? null;
      if (orderSlno === null) throw new AppError(409, 'CONFLICT', { localized: WORDS.notPriced });
      return payOrder(deps, audit, orderSlno);
    },
  };
}
