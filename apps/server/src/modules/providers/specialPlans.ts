/**
 * A provider's side of special plans (organization/specialPlans.ts is the organization's): the
 * requests of its organizations, and its decision on one — priced (an order the organization
 * pays) or refused with remarks, by an Enrolment Admin of one of its organizations who neither
 * asked nor belongs to the organization that did, under four eyes above the threshold.
 */
import { providerSpecialPlansGrid } from '@tawqi/api/grids';
import {
  lineWithVat,
  toHalalas,
  vatRateBasisPoints,
  type Language,
  type SpecialPlanType,
} from '@tawqi/domain';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { providerOf } from '../access/tenancy.js';
import { gridHandlers, type GridQuery } from '../grids.js';
import { notifyPerson } from '../notices.js';
import type { AuditContext } from '../audit/log.js';
import { atListPrice } from '../organization/buying.js';
import { requestFilter } from '../organization/requestLists.js';
import {
  requestReference,
  SPECIAL_PLAN_LIST,
  SPECIAL_PLAN_ROWS,
  specialPlanName,
  specialPlanRowOf,
  type SpecialPlanRow,
} from '../organization/specialPlans.js';
import { placeOrder, type PaymentDeps } from '../payments/handlers.js';
import { decision } from './decisions.js';

const PROVIDER_REQUESTS: GridQuery<typeof providerSpecialPlansGrid, SpecialPlanRow> = {
  ...SPECIAL_PLAN_ROWS,
  where: requestFilter(SPECIAL_PLAN_LIST, 'provider'),
  row: (row, language) => ({
    ...specialPlanRowOf(row, language),
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
} as const satisfies Record<string, Record<Language, string>>;

export function providerSpecialPlanHandlers(deps: PaymentDeps): Handlers {
  return { ...specialPlanGrid(deps), ...specialPlanDecisionHandlers(deps) };
}

/** The special plans asked of the provider. */
function specialPlanGrid(deps: PaymentDeps): Handlers {
  return {
    ...gridHandlers(deps, providerSpecialPlansGrid, PROVIDER_REQUESTS),
  };
}

/** The provider's decision on a special plan. */
function specialPlanDecisionHandlers(deps: PaymentDeps): Handlers {
  return {
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
        // Who asked does not decide, nor does anyone of the organization that asked.
        if (wanted.requested_by === me)
          throw new AppError(403, 'FORBIDDEN', { localized: WORDS.ownRequest });
        const deciding = await decision(tx, deps, audit, me, { organizations: [wanted.org_slno] });
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
          const effect = await deciding.takesEffect({
            provider: l1,
            subject: `specialPlan:${String(body.requestSlNo)}`,
            decision: { approve: true, unitPrice: body.unitPrice, validityMonths: validity },
            receiver: `organization:${String(wanted.org_slno)}`,
            // What is given away: the counters at list price, whatever price is asked for them.
            amount: Math.max(packPrice, atList ?? 0),
            unit: 'halalas',
            threshold: toHalalas(deps.config.FOUR_EYES_SAR),
            at: deps.clock(),
          });
          if (!effect) return false;
          const order = await placeSpecialPlanOrder(deps, tx, audit, {
            requestSlno: body.requestSlNo,
            wanted,
            packPrice,
            validityMonths: validity,
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
        await notifyPerson(
          tx,
          wanted.requested_by,
          decisionNotice(reference, body.approve, remarks),
          deps.clock(),
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
  };
}

/** The order a priced special plan is paid by: one line, the pack at the price agreed. */
function placeSpecialPlanOrder(
  deps: PaymentDeps,
  tx: Queryable,
  audit: AuditContext,
  order: {
    requestSlno: number;
    wanted: { org_slno: number; counter: SpecialPlanType; quantity: number; requested_by: number };
    packPrice: number;
    validityMonths: number | null;
  },
) {
  const amounts = lineWithVat(order.packPrice, 1, vatRateBasisPoints(deps.config.VAT_PERCENT));
  return placeOrder(deps, tx, audit, `special:${String(order.requestSlno)}`, {
    owner: {
      kind: 'organization',
      orgSlno: order.wanted.org_slno,
      placedBy: order.wanted.requested_by,
    },
    category: 'special',
    planSlno: null,
    quantity: 1,
    amounts,
    lines: [
      {
        paxSlno: null,
        counter: order.wanted.counter,
        nameEn: `Special plan: ${specialPlanName(order.wanted.counter, order.wanted.quantity, 'en')}`,
        nameAr: `باقة خاصة: ${specialPlanName(order.wanted.counter, order.wanted.quantity, 'ar')}`,
        paxSize: order.wanted.quantity,
        quantity: 1,
        unitPriceHalalas: order.packPrice,
        amounts,
        planSlno: null,
        validityMonths: order.validityMonths,
      },
    ],
  });
}

/** What the one who asked is told of the provider's decision. */
function decisionNotice(reference: string, approve: boolean, remarks: string) {
  return approve
    ? {
        title: { en: 'Special plan priced', ar: 'تم تسعير الباقة الخاصة' },
        body: {
          en: `Your special plan ${reference} is priced: pay it from the special plans page.`,
          ar: `تم تسعير باقتك الخاصة ${reference}: ادفعها من صفحة الباقات الخاصة.`,
        },
      }
    : {
        title: { en: 'Special plan refused', ar: 'رُفضت الباقة الخاصة' },
        body: {
          en: `Your special plan ${reference} was refused: ${remarks}`,
          ar: `رُفضت باقتك الخاصة ${reference}: ${remarks}`,
        },
      };
}
