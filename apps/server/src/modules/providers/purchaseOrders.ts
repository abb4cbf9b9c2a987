/**
 * A provider's side of purchase orders (organization/purchaseOrders.ts is the organization's):
 * the orders of its organizations, and its confirmation that a transfer arrived — the order is
 * credited, once — or did not, with remarks the organization reads. Confirmed by an Enrolment
 * Admin of one of its organizations who does not belong to the one that ordered, under four eyes
 * above the threshold.
 */
import { providerPurchaseOrdersGrid } from '@tawqi/api/grids';
import { toHalalas, type Language } from '@tawqi/domain';
import { inTransaction } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { providerOf } from '../access/tenancy.js';
import { gridHandlers, type GridQuery } from '../grids.js';
import { notifyPerson } from '../notices.js';
import {
  PURCHASE_ORDER_LIST,
  PURCHASE_ORDER_ROWS,
  purchaseOrderReference,
  purchaseOrderRowOf,
  type PurchaseOrderRow,
} from '../organization/purchaseOrders.js';
import { requestFilter } from '../organization/requestLists.js';
import type { PaymentDeps } from '../payments/handlers.js';
import { fulfilPaidOrder } from '../payments/settling.js';
import { decision } from './decisions.js';

const PROVIDER_ORDERS: GridQuery<typeof providerPurchaseOrdersGrid, PurchaseOrderRow> = {
  ...PURCHASE_ORDER_ROWS,
  where: requestFilter(PURCHASE_ORDER_LIST, 'provider'),
  row: (row, language) => ({
    ...purchaseOrderRowOf(row, language),
    organizationName: language === 'ar' ? row.org_ar : row.org_en,
    transferReference: row.transfer_reference,
  }),
};

const WORDS = {
  notTransferred: {
    en: 'No transfer was recorded for this purchase order, or it was decided already.',
    ar: 'لم تُسجَّل حوالة لأمر الشراء هذا، أو سبق البت فيه.',
  },
  remarksNeeded: {
    en: 'Say what was not received: the organization reads it.',
    ar: 'اذكر ما لم يُستلم: ستقرؤه المنشأة.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export function providerPurchaseOrderHandlers(deps: PaymentDeps): Handlers {
  return {
    ...gridHandlers(deps, providerPurchaseOrdersGrid, PROVIDER_ORDERS),

    confirmPurchaseOrder: async ({ caller, tenant, input, audit }) => {
      const { requestSlNo, received } = input.body;
      const remarks = input.body.remarks?.trim() ?? '';
      if (!received && !remarks)
        throw new AppError(422, 'VALIDATION_FAILED', { localized: WORDS.remarksNeeded });
      const me = requireCaller(caller).userSlno;
      const l1 = providerOf(tenant);
      const tookEffect = await inTransaction(deps.pool, async (tx) => {
        const [waiting] = (
          await tx.query<{ org_slno: number; price_halalas: string }>(
            `SELECT p.org_slno, o.price_halalas FROM purchase_orders p JOIN orders o USING (order_slno)
              WHERE p.l1_sip_slno = $1 AND p.request_slno = $2 AND p.status = 'paymentInitiated'
                FOR UPDATE OF p`,
            [l1, requestSlNo],
          )
        ).rows;
        if (!waiting) throw new AppError(409, 'CONFLICT', { localized: WORDS.notTransferred });
        // Nobody of the organization that ordered confirms its transfer.
        const deciding = await decision(tx, deps, audit, me, {
          organizations: [waiting.org_slno],
        });
        const effect = await deciding.takesEffect({
          provider: l1,
          subject: `purchaseOrder:${String(requestSlNo)}`,
          decision: { received, remarks },
          // Only crediting moves value; saying a transfer did not arrive is one person's call.
          receiver: `organization:${String(waiting.org_slno)}`,
          amount: received ? Number(waiting.price_halalas) : 0,
          unit: 'halalas',
          threshold: toHalalas(deps.config.FOUR_EYES_SAR),
          at: deps.clock(),
        });
        if (!effect) return false;
        const { rows } = await tx.query<{ order_slno: number; created_by: number }>(
          `UPDATE purchase_orders
              SET status = $3, decided_by = $4, decided_at = $5, remarks = $6
            WHERE l1_sip_slno = $1 AND request_slno = $2 AND status = 'paymentInitiated'
            RETURNING order_slno, created_by`,
          [
            l1,
            requestSlNo,
            received ? 'paymentSuccess' : 'paymentFailure',
            me,
            deps.clock(),
            remarks || null,
          ],
        );
        const decided = rows[0];
        if (!decided) throw new AppError(409, 'CONFLICT', { localized: WORDS.notTransferred });
        if (received) await fulfilPaidOrder(deps, tx, decided.order_slno, audit);
        else
          await notifyPerson(
            tx,
            decided.created_by,
            {
              title: { en: 'Transfer not received', ar: 'لم تُستلم الحوالة' },
              body: {
                en: `The transfer for ${purchaseOrderReference(requestSlNo)} was not received: ${remarks}`,
                ar: `لم تُستلم حوالة ${purchaseOrderReference(requestSlNo)}: ${remarks}`,
              },
            },
            deps.clock(),
          );
        await deps.audit.record(tx, audit, {
          action: 'approval.decided',
          target: purchaseOrderReference(requestSlNo),
          detail: { kind: 'purchaseOrder', received },
        });
        return true;
      });
      return { status: '1', errorMessage: null, awaitingSecondStaff: !tookEffect };
    },
  };
}
