/**
 * Special plans (SPEC §2 `purchase/special/plan`; migration 016): an organization asks
 * its L1 provider for so many eSign counters or seats of a role, saying why; an Enrolment Admin
 * of an organization of that provider — not the one who asked — prices it or refuses it with
 * remarks; priced, it is an order the organization pays at the gateway, credited once like any
 * other (modules/counters/orders.ts). A row's status is the provider's decision until the order
 * is paid (paymentSuccess) or its last attempt failed (paymentFailure); a refusal's remarks and a
 * payment's failure are the row's errorMessage, errorCode and responseStatus.
 */
import type { CONTRACT } from '@tawqi/api';
import { specialPlansGrid } from '@tawqi/api/grids';
import {
  formatNumber,
  toSar,
  type Language,
  type SpecialPlanStatus,
  type SpecialPlanType,
} from '@tawqi/domain';
import { inTransaction } from '../../db/pool.js';
import { requireCaller, type HandlerContext, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { gridHandlers, type GridQuery } from '../grids.js';
import { validityText } from '../individual/plans.js';
import { payOrder, paymentErrorWords, type PaymentDeps } from '../payments/handlers.js';
import { localWord } from '../words.js';
import { organizationOf } from '../access/tenancy.js';
import { l1Of } from './buying.js';
import { requestFilter } from './requestLists.js';

/** A special plan request as the lists read it (the organization's and its provider's). */
export interface SpecialPlanRow {
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
export function specialPlanName(
  counter: SpecialPlanType,
  quantity: number,
  language: Language,
): string {
  return `${localWord(counter, language)}: ${formatNumber(quantity, language)}`;
}

function outcomeOf(row: SpecialPlanRow, language: Language) {
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

export function specialPlanRowOf(row: SpecialPlanRow, language: Language) {
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
    planName: specialPlanName(row.counter, row.quantity, language),
    planType: localWord('Special plan', language),
    status: row.status,
    ...outcomeOf(row, language),
  };
}

/** The list's filter (requestLists.ts): its status, when made, its reference and text. */
export const SPECIAL_PLAN_LIST = {
  status: STATUS,
  madeAt: 'r.requested_at',
  reference: `'SP-' || lpad(r.request_slno::text, 6, '0')`,
  searched: ['r.justification'],
} as const;

/** What both lists of special plan requests read. */
export const SPECIAL_PLAN_ROWS = {
  select: `SELECT r.request_slno, r.requested_at, r.counter, r.quantity, r.justification, r.remarks,
                  o.price_halalas, o.tax_halalas, o.total_halalas, last.error_message AS payment_error,
                  ${STATUS} AS status, org.name_en AS org_en, org.name_ar AS org_ar
             ${FROM}`,
  count: `SELECT count(*) ${FROM}`,
  order: [
    {
      column: 'r.requested_at',
      type: 'timestamptz',
      of: (row: SpecialPlanRow) => row.requested_at,
    },
    { column: 'r.request_slno', type: 'int', of: (row: SpecialPlanRow) => row.request_slno },
  ],
} as const;

export const ORGANIZATION_REQUESTS: GridQuery<typeof specialPlansGrid, SpecialPlanRow> = {
  ...SPECIAL_PLAN_ROWS,
  where: requestFilter(SPECIAL_PLAN_LIST, 'organization'),
  row: specialPlanRowOf,
};

const WORDS = {
  notPriced: {
    en: 'This request is not priced: it waits for the provider, or was refused.',
    ar: 'لم يُسعَّر هذا الطلب بعد: إما أنه بانتظار مزوّد الخدمة أو أنه رُفض.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export function specialPlanHandlers(deps: PaymentDeps): Handlers {
  async function quantityGrid(context: HandlerContext<typeof CONTRACT.specialPlanQuantityGrid>) {
    const { requestSlNo } = context.input.params;
    const { rows } = await deps.pool.query<
      SpecialPlanRow & { validity_months: number | null; line_price: number | null }
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
        planDescription: specialPlanName(row.counter, row.quantity, language),
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
