/**
 * Buying an eSign plan: order → payment at the gateway (hosted page) → the gateway's signed
 * callback or a recheck → the plan becomes a purchased plan with balance = its transactions.
 *
 * Every effect happens once (SECURITY.md "Money"): the order is keyed by the Idempotency-Key
 * (a double click is one order); settling locks the payment row, checks the amount, and creates
 * the purchased plan under a unique key on the order in the same transaction, so a callback
 * replayed, a recheck racing the callback, or a second payment of the same order adds nothing.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  PaymentGatewayError,
  type GatewayPayment,
  type PaymentGateway,
} from '../../adapters/payments/gateway.js';
import { inTransaction } from '../../db/pool.js';
import type { Deps } from '../../deps.js';
import { requireCaller, type Caller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { audit } from '../auth/handlers.js';
import { localWord, planAmounts } from '../individual/handlers.js';
import { toSar } from '@tawqi/domain';

export const CALLBACK_PATH = '/api/v1/payments/callback';

const me = (caller: Caller | null) => requireCaller(caller).userSlno;

const encodedId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export interface PaymentDeps extends Deps {
  gateway: PaymentGateway;
  /** The server's own origin, for the gateway's callback and return addresses. */
  selfOrigin: () => string;
}

/** Applies what the gateway says about a payment, once; answers the payment's status after. */
export async function settle(deps: PaymentDeps, reported: GatewayPayment): Promise<string | null> {
  return inTransaction(deps.pool, async (client) => {
    const [payment] = (
      await client.query<{
        payment_slno: number;
        status: string;
        amount_halalas: number;
        order_slno: number;
        user_slno: number;
        transaction_limit: number;
        quantity: number;
        validity_months: number;
        product_pricing_details_slno: number;
        plan_name: string;
        plan_name_ar: string;
      }>(
        `SELECT pay.payment_slno, pay.status, pay.amount_halalas, o.order_slno, o.user_slno, e.transaction_limit, o.quantity, e.validity_months,
                e.product_pricing_details_slno, e.plan_name, e.plan_name_ar
           FROM payments pay JOIN orders o USING (order_slno) JOIN esign_plans e ON e.product_pricing_details_slno = o.product_pricing_details_slno
          WHERE pay.gateway_ref = $1 AND pay.encoded_id = $2
          FOR UPDATE OF pay`,
        [reported.gatewayRef, reported.reference],
      )
    ).rows;
    if (!payment) return null;
    const now = deps.clock();
    if (reported.amountHalalas !== payment.amount_halalas) {
      await client.query(
        "UPDATE payments SET status = 'failure', error_message = 'amount mismatch', updated_at = $2 WHERE payment_slno = $1 AND status <> 'success'",
        [payment.payment_slno, now],
      );
      await audit(deps, {
        actor: payment.user_slno,
        action: 'payment.amount-mismatch',
        detail: { payment: reported.reference },
      });
      return 'failure';
    }
    if (payment.status === 'success') return 'success';
    if (reported.status === 'initiated') return payment.status;
    if (reported.status === 'failed') {
      await client.query(
        "UPDATE payments SET status = 'failure', error_message = 'declined by the gateway', updated_at = $2 WHERE payment_slno = $1",
        [payment.payment_slno, now],
      );
      return 'failure';
    }
    await client.query(
      "UPDATE payments SET status = 'success', error_message = NULL, updated_at = $2 WHERE payment_slno = $1",
      [payment.payment_slno, now],
    );
    const plan = await client.query(
      `INSERT INTO purchased_plans (plan_unique_id, user_slno, product_pricing_details_slno, order_slno, transactions, valid_from, valid_to, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::date, ($6::date + make_interval(months => $7))::date, $6)
       ON CONFLICT (order_slno) DO NOTHING`,
      [
        encodedId('PLN'),
        payment.user_slno,
        payment.product_pricing_details_slno,
        payment.order_slno,
        payment.transaction_limit * payment.quantity,
        now,
        payment.validity_months,
      ],
    );
    if (plan.rowCount === 1) {
      await client.query(
        `INSERT INTO notifications (user_slno, title_en, title_ar, message_en, message_ar, created_at) VALUES ($1, 'Plan bought', 'تم شراء الباقة', $2, $3, $4)`,
        [
          payment.user_slno,
          `Your ${payment.plan_name} plan is ready to use.`,
          `باقتك «${payment.plan_name_ar}» جاهزة للاستخدام.`,
          now,
        ],
      );
    }
    return 'success';
  });
}

async function startPayment(
  deps: PaymentDeps,
  order: { order_slno: number; encoded_id: string; total_halalas: number; plan_name: string },
) {
  const now = deps.clock();
  const reference = encodedId('pay');
  await deps.pool.query(
    "INSERT INTO payments (encoded_id, order_slno, status, amount_halalas, created_at, updated_at) VALUES ($1, $2, 'initiated', $3, $4, $4)",
    [reference, order.order_slno, order.total_halalas, now],
  );
  let created;
  try {
    created = await deps.gateway.createPayment({
      reference,
      amountHalalas: order.total_halalas,
      description: `Tawqi — ${order.plan_name}`,
      returnUrl: `${deps.config.publicOrigin}/app/my/paymentStatus?payment=${reference}`,
      callbackUrl: `${deps.selfOrigin()}${CALLBACK_PATH}`,
    });
  } catch (error) {
    // The order and payment stay; "initiate payment" in the payment history tries again.
    if (error instanceof PaymentGatewayError) throw new AppError(503, 'SERVICE_UNAVAILABLE');
    throw error;
  }
  const paymentUrl = created.paymentUrl.startsWith('/')
    ? `${deps.selfOrigin()}${created.paymentUrl}`
    : created.paymentUrl;
  await deps.pool.query(
    'UPDATE payments SET gateway_ref = $2, payment_url = $3 WHERE encoded_id = $1',
    [reference, created.gatewayRef, paymentUrl],
  );
  return { encodedOrderSlno: order.encoded_id, encodedPaymentSlno: reference, paymentUrl };
}

async function ownedPayment(deps: PaymentDeps, userSlno: number, encoded: string) {
  const [payment] = (
    await deps.pool.query<{
      encoded_id: string;
      gateway_ref: string | null;
      status: string;
      amount_halalas: number;
      error_message: string | null;
      order_slno: number;
    }>(
      `SELECT pay.encoded_id, pay.gateway_ref, pay.status, pay.amount_halalas, pay.error_message, pay.order_slno
         FROM payments pay JOIN orders o USING (order_slno) WHERE pay.encoded_id = $1 AND o.user_slno = $2`,
      [encoded, userSlno],
    )
  ).rows;
  // Another user's payment is "not found", never theirs to see.
  if (!payment) throw new AppError(404, 'NOT_FOUND');
  return payment;
}

export function paymentHandlers(deps: PaymentDeps): Handlers {
  const statusAnswer = async (userSlno: number, encoded: string, language: 'en' | 'ar') => {
    const payment = await ownedPayment(deps, userSlno, encoded);
    return {
      encodedPaymentSlno: payment.encoded_id,
      paymentStatus: payment.status,
      statusLabel: localWord(payment.status, language),
      amount: toSar(payment.amount_halalas),
      errorMessage: payment.error_message,
    };
  };
  const recheck = async (userSlno: number, encoded: string) => {
    const payment = await ownedPayment(deps, userSlno, encoded);
    if (!payment.gateway_ref || payment.status === 'success') return;
    try {
      await settle(deps, await deps.gateway.status(payment.gateway_ref));
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw new AppError(503, 'SERVICE_UNAVAILABLE');
      throw error;
    }
  };

  return {
    buyEsignPlan: async ({ caller, input, request }) => {
      const userSlno = me(caller);
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length < 8 || key.length > 200) {
        throw new AppError(400, 'VALIDATION_FAILED', {
          fieldErrors: [
            { path: 'headers.Idempotency-Key', message: 'Idempotency-Key is required' },
          ],
        });
      }
      const planSlno = Number(input.body.productPricingDetailsSlno);
      const quantity = Number(input.body.quantity ?? 1);
      const [plan] = (
        await deps.pool.query<{ price_halalas: number; plan_name: string }>(
          'SELECT price_halalas, plan_name FROM esign_plans WHERE product_pricing_details_slno = $1 AND is_active AND NOT is_welcome_pack',
          [planSlno],
        )
      ).rows;
      if (!plan) throw new AppError(404, 'NOT_FOUND');
      // The price is the server's: price × quantity, then VAT.
      const amounts = planAmounts(deps, plan.price_halalas * quantity);
      const order = await inTransaction(deps.pool, async (client) => {
        const inserted = await client.query<{
          order_slno: number;
          encoded_id: string;
          total_halalas: number;
        }>(
          `INSERT INTO orders (encoded_id, user_slno, product_pricing_details_slno, quantity, price_halalas, tax_halalas, total_halalas, idempotency_key, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_slno, idempotency_key) DO NOTHING
           RETURNING order_slno, encoded_id, total_halalas`,
          [
            encodedId('ord'),
            userSlno,
            planSlno,
            quantity,
            amounts.price,
            amounts.tax,
            amounts.totalPrice,
            key,
            deps.clock(),
          ],
        );
        return { fresh: inserted.rows[0] ?? null };
      });
      const money = {
        price: toSar(amounts.price),
        tax: toSar(amounts.tax),
        totalPrice: toSar(amounts.totalPrice),
      };
      if (!order.fresh) {
        // The same key again: the same order, and its payment page (a retry, a double click).
        const [existing] = (
          await deps.pool.query<{
            order_slno: number;
            encoded_id: string;
            total_halalas: number;
            price_halalas: number;
            tax_halalas: number;
            product_pricing_details_slno: number;
          }>(
            'SELECT order_slno, encoded_id, total_halalas, price_halalas, tax_halalas, product_pricing_details_slno FROM orders WHERE user_slno = $1 AND idempotency_key = $2',
            [userSlno, key],
          )
        ).rows;
        if (existing?.product_pricing_details_slno !== planSlno)
          throw new AppError(409, 'CONFLICT');
        const [payment] = (
          await deps.pool.query<{ encoded_id: string; payment_url: string | null }>(
            'SELECT encoded_id, payment_url FROM payments WHERE order_slno = $1 ORDER BY payment_slno DESC LIMIT 1',
            [existing.order_slno],
          )
        ).rows;
        if (payment?.payment_url) {
          return {
            encodedOrderSlno: existing.encoded_id,
            encodedPaymentSlno: payment.encoded_id,
            paymentUrl: payment.payment_url,
            price: toSar(existing.price_halalas),
            tax: toSar(existing.tax_halalas),
            totalPrice: toSar(existing.total_halalas),
          };
        }
        return {
          ...(await startPayment(deps, { ...existing, plan_name: plan.plan_name })),
          price: toSar(existing.price_halalas),
          tax: toSar(existing.tax_halalas),
          totalPrice: toSar(existing.total_halalas),
        };
      }
      await audit(deps, {
        actor: userSlno,
        action: 'order.created',
        detail: { order: order.fresh.encoded_id, totalHalalas: amounts.totalPrice },
      });
      return {
        ...(await startPayment(deps, { ...order.fresh, plan_name: plan.plan_name })),
        ...money,
      };
    },

    initiatePayment: async ({ caller, input }) => {
      const userSlno = me(caller);
      const previous = await ownedPayment(deps, userSlno, String(input.body.encodedPaymentSlno));
      const [order] = (
        await deps.pool.query<{
          order_slno: number;
          encoded_id: string;
          total_halalas: number;
          plan_name: string;
          paid: boolean;
        }>(
          `SELECT o.order_slno, o.encoded_id, o.total_halalas, e.plan_name,
                  EXISTS (SELECT 1 FROM payments p WHERE p.order_slno = o.order_slno AND p.status = 'success') AS paid
             FROM orders o JOIN esign_plans e USING (product_pricing_details_slno) WHERE o.order_slno = $1`,
          [previous.order_slno],
        )
      ).rows;
      // An order that is paid is not paid again.
      if (!order) throw new AppError(404, 'NOT_FOUND');
      if (order.paid) throw new AppError(409, 'CONFLICT');
      return startPayment(deps, order);
    },

    recheckPayment: async ({ caller, input, language }) => {
      const userSlno = me(caller);
      await recheck(userSlno, String(input.body.encodedPaymentSlno));
      return statusAnswer(userSlno, String(input.body.encodedPaymentSlno), language);
    },

    paymentStatus: async ({ caller, input, language }) =>
      statusAnswer(me(caller), String(input.params.encodedPaymentSlno), language),
  };
}

/** The gateway's callback: signed, checked, applied once; unsigned or forged callbacks change nothing. */
export async function registerPaymentCallback(
  app: FastifyInstance,
  deps: PaymentDeps,
): Promise<void> {
  await app.register((scope, _options, done) => {
    // The signature covers the exact bytes: this route keeps the raw body.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, next) => {
        next(null, body);
      },
    );
    scope.post(CALLBACK_PATH, async (request, reply) => {
      const signature = request.headers['x-gateway-signature'];
      const reported = deps.gateway.verifyCallback(
        String(request.body),
        typeof signature === 'string' ? signature : undefined,
      );
      if (!reported) throw new AppError(401, 'UNAUTHENTICATED');
      const status = await settle(deps, reported);
      return reply.send({ received: status !== null });
    });
    done();
  });
}
