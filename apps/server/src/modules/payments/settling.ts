/**
 * Settling a payment from what the gateway says (its notification, a recheck): each attempt's
 * status moved by one table of transitions, the order settled once and fulfilled, an extra capture
 * refunded (handlers.ts says why once and only once).
 */
import type { GatewayPayment, GatewayStatus } from '../../adapters/payments/gateway.js';
import { inTransaction, type PoolClient } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import { SYSTEM_CONTEXT, type AuditContext } from '../audit/log.js';
import { PAID_ORDER_COLUMNS, fulfilOrder, paidOrderOf, type PaidOrderRow } from './fulfilment.js';
import type { PaymentDeps } from './paymentDeps.js';

/** An attempt's statuses while it may still be paid. */
export const OPEN = ['initiated', 'pending'];

/** What settling asks to be done at the gateway once its transaction has committed. */
interface Aftermath {
  cancel: string[];
  refund: { paymentSlno: number; gatewayRef: string; reference: string } | null;
}

/** Applies what the gateway says about a payment, once; answers the payment's status after. */
export async function settle(
  deps: PaymentDeps,
  reported: GatewayPayment,
  context: AuditContext = SYSTEM_CONTEXT,
  /** A gateway notification's id: recorded in the settling transaction, so never one without the other. */
  eventId?: string,
): Promise<string | null> {
  const after: Aftermath = { cancel: [], refund: null };
  const status = await inTransaction(deps.pool, async (client) => {
    if (eventId !== undefined) {
      const fresh = await client.query(
        'INSERT INTO gateway_events (event_id, received_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [eventId, deps.clock()],
      );
      if (fresh.rowCount !== 1) throw new AppError(409, 'CONFLICT', { detail: 'REPLAYED_EVENT' });
    }
    return settleIn(client, deps, reported, context, after);
  });
  // The gateway is told after the commit: a superseded attempt is closed, an extra capture refunded.
  for (const gatewayRef of after.cancel) await deps.gateway.cancel(gatewayRef).catch(() => null);
  if (after.refund) await refundExtraCapture(deps, after.refund, context);
  return status;
}

/** An attempt's status here. */
type AttemptStatus = 'initiated' | 'pending' | 'success' | 'failure' | 'cancelled' | 'refunded';

/**
 * What a gateway's report does to an attempt: keep it as it is, capture (the money arrived: the
 * order settles, or the capture is extra and goes back), fail it, cancel it, or mark it refunded.
 */
type Step = 'keep' | 'capture' | 'fail' | 'cancel' | 'refund';

const WHILE_OPEN = {
  initiated: 'keep',
  paid: 'capture',
  failed: 'fail',
  cancelled: 'cancel',
  refunded: 'keep',
} as const;
/** Failed or cancelled here: only a capture the gateway reports changes it (money did arrive). */
const WHILE_CLOSED = {
  initiated: 'keep',
  paid: 'capture',
  failed: 'keep',
  cancelled: 'keep',
  refunded: 'keep',
} as const;
const KEPT = {
  initiated: 'keep',
  paid: 'keep',
  failed: 'keep',
  cancelled: 'keep',
  refunded: 'keep',
} as const;

/** The step of each attempt status here and status the gateway reports. */
const TRANSITIONS: Record<AttemptStatus, Record<GatewayStatus, Step>> = {
  initiated: WHILE_OPEN,
  pending: WHILE_OPEN,
  failure: WHILE_CLOSED,
  cancelled: WHILE_CLOSED,
  success: { ...KEPT, refunded: 'refund' },
  refunded: KEPT,
};

type SettlingPayment = {
  payment_slno: number;
  encoded_id: string;
  status: AttemptStatus;
  amount_halalas: number;
  settled_payment_slno: number | null;
} & PaidOrderRow;

async function settleIn(
  client: PoolClient,
  deps: PaymentDeps,
  reported: GatewayPayment,
  context: AuditContext,
  after: Aftermath,
): Promise<string | null> {
  const [payment] = (
    await client.query<SettlingPayment>(
      `SELECT pay.payment_slno, pay.encoded_id, pay.status, pay.amount_halalas, o.settled_payment_slno,
              ${PAID_ORDER_COLUMNS}
         FROM payments pay JOIN orders o USING (order_slno)
        WHERE pay.gateway_ref = $1 AND pay.encoded_id = $2
        FOR UPDATE OF pay, o`,
      [reported.gatewayRef, reported.reference],
    )
  ).rows;
  if (!payment) return null;
  const attempt = attemptOf(client, deps, payment, reported, context);
  if (reported.amountHalalas !== payment.amount_halalas) {
    if (payment.status !== 'success') await attempt.setStatus('failure', 'amount mismatch');
    await attempt.event('payment.amount-mismatch', 'failure');
    return payment.status === 'success' ? 'success' : 'failure';
  }
  switch (TRANSITIONS[payment.status][reported.status]) {
    case 'keep':
      return payment.status;
    case 'refund':
      await attempt.setStatus('refunded', null);
      return 'refunded';
    case 'fail':
      await attempt.setStatus('failure', 'declined');
      await attempt.event('payment.failed', 'failure');
      return 'failure';
    case 'cancel':
      await attempt.setStatus('cancelled', 'cancelled');
      return payment.status;
    case 'capture':
      return captured(client, deps, payment, reported.gatewayRef, attempt, after);
  }
}

/** An attempt's status written, and its events audited, in the settling transaction. */
function attemptOf(
  client: PoolClient,
  deps: PaymentDeps,
  payment: SettlingPayment,
  reported: GatewayPayment,
  context: AuditContext,
) {
  const now = deps.clock();
  return {
    now,
    event: (action: Parameters<typeof deps.audit.record>[2]['action'], outcome?: 'failure') =>
      deps.audit.record(client, context, {
        action,
        ...(outcome ? { outcome } : {}),
        actor: payment.user_slno ?? payment.placed_by,
        target: payment.encoded_id,
        detail: { order: payment.order_encoded_id, amountHalalas: reported.amountHalalas },
      }),
    setStatus: (status: AttemptStatus, errorMessage: string | null) =>
      client.query(
        'UPDATE payments SET status = $2, error_message = $3, updated_at = $4 WHERE payment_slno = $1',
        [payment.payment_slno, status, errorMessage, now],
      ),
    context,
  };
}

/**
 * The attempt captured money, even one superseded meanwhile: the order settles with it, once, and
 * is fulfilled; or the order was settled by another attempt, and this capture goes back.
 */
async function captured(
  client: PoolClient,
  deps: PaymentDeps,
  payment: SettlingPayment,
  gatewayRef: string,
  attempt: ReturnType<typeof attemptOf>,
  after: Aftermath,
): Promise<string> {
  await attempt.setStatus('success', null);
  if (payment.settled_payment_slno !== null) {
    await client.query('UPDATE payments SET extra_capture = true WHERE payment_slno = $1', [
      payment.payment_slno,
    ]);
    await attempt.event('payment.extra-capture');
    after.refund = {
      paymentSlno: payment.payment_slno,
      gatewayRef,
      reference: payment.encoded_id,
    };
    return 'success';
  }
  await client.query('UPDATE orders SET settled_payment_slno = $2 WHERE order_slno = $1', [
    payment.order_slno,
    payment.payment_slno,
  ]);
  // Any other attempt still open for this order can no longer be paid.
  const superseded = await client.query<{ gateway_ref: string | null; encoded_id: string }>(
    `UPDATE payments SET status = 'cancelled', error_message = 'order paid', updated_at = $2
      WHERE order_slno = $1 AND status = ANY ($3) RETURNING gateway_ref, encoded_id`,
    [payment.order_slno, attempt.now, OPEN],
  );
  after.cancel.push(
    ...superseded.rows.flatMap((row) => (row.gateway_ref ? [row.gateway_ref] : [])),
  );
  await fulfilOrder(client, deps.fulfilments, paidOrderOf(payment), {
    now: attempt.now,
    audit: attempt.context,
  });
  await attempt.event('payment.settled');
  return 'success';
}

/**
 * Credits an organization's order paid outside the gateway (a purchase order's bank transfer,
 * confirmed by its provider), once: under the order's lock, an order already fulfilled is left.
 */
export async function fulfilPaidOrder(
  deps: PaymentDeps,
  client: PoolClient,
  orderSlno: number,
  audit: AuditContext,
): Promise<void> {
  const [order] = (
    await client.query<PaidOrderRow>(
      `SELECT ${PAID_ORDER_COLUMNS} FROM orders o
        WHERE o.order_slno = $1 AND o.fulfilled_at IS NULL
        FOR UPDATE OF o`,
      [orderSlno],
    )
  ).rows;
  if (order)
    await fulfilOrder(client, deps.fulfilments, paidOrderOf(order), { now: deps.clock(), audit });
}

/** Gives an extra capture back; when the gateway refuses, the audit log's flag stays for a person. */
async function refundExtraCapture(
  deps: PaymentDeps,
  extra: NonNullable<Aftermath['refund']>,
  context: AuditContext,
): Promise<void> {
  const refunded = await deps.gateway.refund(extra.gatewayRef).catch(() => null);
  if (refunded?.status !== 'refunded') return;
  await inTransaction(deps.pool, async (client) => {
    const changed = await client.query(
      "UPDATE payments SET status = 'refunded', updated_at = $2 WHERE payment_slno = $1 AND status = 'success'",
      [extra.paymentSlno, deps.clock()],
    );
    if (changed.rowCount === 1)
      await deps.audit.record(client, context, {
        action: 'payment.refunded',
        target: extra.reference,
        detail: { reason: 'extra capture' },
      });
  });
}
