/**
 * Buying an eSign plan: order → payment attempt at the gateway (hosted page) → the gateway's
 * signed notification or a recheck → the plan becomes a purchased plan with balance = its
 * transactions.
 *
 * One order, one charge (SECURITY.md "Money"):
 * - the order is made once per Idempotency-Key (the contract routes' one idempotency mechanism,
 *   and a unique key on the order besides);
 * - an order has at most one open attempt (a unique index): a new attempt supersedes the open one,
 *   which is cancelled at the gateway before the new one is made there;
 * - an order settles once (`orders.settled_payment_slno`, set under the order's lock): whichever
 *   attempt the gateway reports paid first settles it; a second captured attempt is an extra
 *   capture, refunded at the gateway, or flagged in the audit log when the refund fails;
 * - notifications are signed, carry an event id and their time: stale (> 5 minutes) or replayed
 *   events are refused, and the amount is checked against the order.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  PERMISSIONS,
  type Bilingual,
  toSar,
  type Language,
  type PaymentStatus,
  type PriceWithVat,
} from '@tawqi/domain';
import { PaymentGatewayError } from '../../adapters/payments/gateway.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type Caller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { SYSTEM_CONTEXT, auditContextOf, type AuditContext } from '../audit/log.js';
import { localWord } from '../words.js';
import type { OrderCategory } from './fulfilment.js';
import { activeMember, activeStaff } from '../access/membership.js';
import type { Buyer, PaymentDeps } from './paymentDeps.js';
import { OPEN, settle } from './settling.js';

export const CALLBACK_PATH = '/api/v1/payments/callback';
/** A notification older (or newer) than this is stale. */
export const EVENT_MAX_AGE_MS = 5 * 60_000;

export type { OrderCategory } from './fulfilment.js';

const me = (caller: Caller | null) => requireCaller(caller).userSlno;

const encodedId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export type { Buyer, PaymentDeps } from './paymentDeps.js';

/** Asks the gateway; its outage is the API's 503. */
async function atGateway<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new AppError(503, 'SERVICE_UNAVAILABLE');
    throw error;
  }
}

/** An order as paying it needs it. */
interface PayableOrder {
  order_slno: number;
  encoded_id: string;
  total_halalas: number;
  /** A person's order (else an organization's, a provider's or an application's). */
  user_slno: number | null;
  /** A pre-enrolment application's fee. */
  application_slno: number | null;
  /** A provider's order for one of its L2 providers. */
  for_sip_slno: number | null;
  /** What the gateway's page says is being paid for. */
  description: string;
}

const PAYABLE_ORDER = `SELECT o.order_slno, o.encoded_id, o.price_halalas, o.tax_halalas, o.total_halalas, o.user_slno,
       o.application_slno, o.for_sip_slno,
       COALESCE(o.item_en, CASE o.category WHEN 'counter' THEN 'eSign counters'
                       WHEN 'role' THEN 'Role seats' ELSE 'Special plan' END) AS description
  FROM orders o`;

/** What an order holds, to tell a retry of the same order from another order under its key. */
export interface NewOrder {
  owner:
    | { kind: 'person'; userSlno: number }
    | { kind: 'organization'; orgSlno: number; placedBy: number }
    /** An L1 provider buying eSign counters for one of its L2 providers. */
    | { kind: 'provider'; sipSlno: number; forSipSlno: number; placedBy: number }
    /** A pre-enrolment application paying its registration fee. */
    | { kind: 'application'; applicationSlno: number };
  category: OrderCategory;
  /** A person's plan; null for an organization's order, which has lines. */
  planSlno: number | null;
  /** A person's certificate product (category `certificate`). */
  certificateProductSlno?: number;
  quantity: number;
  amounts: PriceWithVat;
  lines: readonly OrderLine[];
  /** What an order without lines bought, in both languages: its tax invoice's line. */
  item?: Bilingual;
}

export interface OrderLine {
  /** The catalogue's pack; null for a special plan, priced by its provider. */
  paxSlno: number | null;
  counter: string;
  nameEn: string;
  nameAr: string;
  paxSize: number;
  quantity: number;
  unitPriceHalalas: number;
  amounts: PriceWithVat;
  planSlno: number | null;
  validityMonths: number | null;
}

/**
 * Buying, for a person or an organization: the order is made once per owner and Idempotency-Key
 * (the contract routes' mechanism answers a repeated request before this runs; the key's unique
 * index makes a retry after a crash find its order), then paid.
 */
export async function checkout(
  deps: PaymentDeps,
  audit: AuditContext,
  key: string,
  wanted: NewOrder,
) {
  const order = await placeOrder(deps, deps.pool, audit, key, wanted);
  return payOrder(deps, audit, order.order_slno);
}

/**
 * Makes an order, once per owner and key (in the caller's transaction when given one): a retry
 * finds the key's order, and the same key for another order is refused.
 */
export async function placeOrder(
  deps: PaymentDeps,
  db: Queryable,
  audit: AuditContext,
  key: string,
  wanted: NewOrder,
): Promise<{ order_slno: number; encoded_id: string }> {
  const { owner } = wanted;
  const person = owner.kind === 'person' ? owner.userSlno : null;
  const organization = owner.kind === 'organization' ? owner.orgSlno : null;
  const provider = owner.kind === 'provider' ? owner.sipSlno : null;
  const forProvider = owner.kind === 'provider' ? owner.forSipSlno : null;
  const application = owner.kind === 'application' ? owner.applicationSlno : null;
  const placedBy = owner.kind === 'person' || owner.kind === 'application' ? null : owner.placedBy;
  const { amounts } = wanted;
  if (!wanted.lines.length && !wanted.item) throw new Error('an order that says nothing it buys');
  return inTransaction(db, async (client) => {
    const inserted = await client.query<{ order_slno: number; encoded_id: string }>(
      `INSERT INTO orders (encoded_id, user_slno, org_slno, placed_by, category, product_pricing_details_slno, quantity,
                           price_halalas, tax_halalas, total_halalas, idempotency_key, created_at, sip_slno, for_sip_slno,
                           application_slno, certificate_product_slno, item_en, item_ar)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) ON CONFLICT DO NOTHING
       RETURNING order_slno, encoded_id`,
      [
        encodedId('ord'),
        person,
        organization,
        placedBy,
        wanted.category,
        wanted.planSlno,
        wanted.quantity,
        amounts.price,
        amounts.tax,
        amounts.totalPrice,
        key,
        deps.clock(),
        provider,
        forProvider,
        application,
        wanted.certificateProductSlno ?? null,
        wanted.item?.en ?? null,
        wanted.item?.ar ?? null,
      ],
    );
    const fresh = inserted.rows[0];
    if (fresh) {
      for (const [index, line] of wanted.lines.entries())
        await client.query(
          `INSERT INTO order_lines (order_slno, line_no, pax_slno, counter, name_en, name_ar, pax_size, quantity,
                                    unit_price_halalas, price_halalas, tax_halalas, total_halalas,
                                    product_pricing_details_slno, validity_months)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
            fresh.order_slno,
            index + 1,
            line.paxSlno,
            line.counter,
            line.nameEn,
            line.nameAr,
            line.paxSize,
            line.quantity,
            line.unitPriceHalalas,
            line.amounts.price,
            line.amounts.tax,
            line.amounts.totalPrice,
            line.planSlno,
            line.validityMonths,
          ],
        );
      await deps.audit.record(client, audit, {
        action: 'order.created',
        target: fresh.encoded_id,
        detail: { totalHalalas: amounts.totalPrice, quantity: wanted.quantity },
      });
      return fresh;
    }
    // The key's order exists already: a retry after a crash mid-way.
    const [existing] = (
      await client.query<{
        order_slno: number;
        encoded_id: string;
        category: string;
        product_pricing_details_slno: number | null;
        certificate_product_slno: number | null;
        quantity: number;
        total_halalas: string;
        for_sip_slno: number | null;
      }>(
        `SELECT order_slno, encoded_id, category, product_pricing_details_slno, certificate_product_slno, quantity, total_halalas, for_sip_slno FROM orders
          WHERE idempotency_key = $1
            AND (user_slno = $2 OR org_slno = $3 OR sip_slno = $4 OR application_slno = $5)`,
        [key, person, organization, provider, application],
      )
    ).rows;
    if (
      existing?.category !== wanted.category ||
      existing.product_pricing_details_slno !== wanted.planSlno ||
      existing.certificate_product_slno !== (wanted.certificateProductSlno ?? null) ||
      existing.quantity !== wanted.quantity ||
      existing.for_sip_slno !== forProvider ||
      Number(existing.total_halalas) !== amounts.totalPrice
    )
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED');
    return existing;
  });
}

/** Pays an order: the open attempt's page when there is one, else a new attempt at the gateway. */
export async function payOrder(deps: PaymentDeps, audit: AuditContext, orderSlno: number) {
  const [order] = (
    await deps.pool.query<PayableOrder & { price_halalas: number; tax_halalas: number }>(
      `${PAYABLE_ORDER} WHERE o.order_slno = $1`,
      [orderSlno],
    )
  ).rows;
  if (!order) throw new AppError(404, 'NOT_FOUND');
  const money = {
    price: toSar(order.price_halalas),
    tax: toSar(order.tax_halalas),
    totalPrice: toSar(order.total_halalas),
  };
  const [open] = (
    await deps.pool.query<{ encoded_id: string; payment_url: string | null }>(
      `SELECT encoded_id, payment_url FROM payments WHERE order_slno = $1 AND status = 'initiated' AND payment_url IS NOT NULL`,
      [order.order_slno],
    )
  ).rows;
  if (open?.payment_url)
    return {
      encodedOrderSlno: order.encoded_id,
      encodedPaymentSlno: open.encoded_id,
      paymentUrl: open.payment_url,
      ...money,
    };
  return { ...(await startPayment(deps, audit, order)), ...money };
}

/** Whom an order is for: its applicant, its person, the provider it was bought by, or its organization. */
const buyerOf = (order: PayableOrder): Buyer =>
  order.application_slno !== null
    ? 'application'
    : order.user_slno !== null
      ? 'person'
      : order.for_sip_slno !== null
        ? 'provider'
        : 'organization';

/**
 * A new attempt for an order: under the order's lock, refuses a paid order and supersedes the
 * open attempt; then closes the superseded one at the gateway — and if the gateway says it was
 * paid meanwhile, settles the order with it instead — and only then makes the new one there.
 */
async function startPayment(deps: PaymentDeps, context: AuditContext, order: PayableOrder) {
  const now = deps.clock();
  const reference = encodedId('pay');
  const superseded = await inTransaction(deps.pool, async (client) => {
    const [locked] = (
      await client.query<{ settled_payment_slno: number | null; user_slno: number }>(
        'SELECT settled_payment_slno, user_slno FROM orders WHERE order_slno = $1 FOR UPDATE',
        [order.order_slno],
      )
    ).rows;
    if (!locked) throw new AppError(404, 'NOT_FOUND');
    // An order that is paid is not paid again.
    if (locked.settled_payment_slno !== null) throw new AppError(409, 'CONFLICT');
    const previous = await client.query<{ gateway_ref: string | null; encoded_id: string }>(
      `UPDATE payments SET status = 'cancelled', error_message = 'superseded', updated_at = $2
        WHERE order_slno = $1 AND status = ANY ($3) RETURNING gateway_ref, encoded_id`,
      [order.order_slno, now, OPEN],
    );
    for (const row of previous.rows)
      await deps.audit.record(client, context, {
        action: 'payment.superseded',
        target: row.encoded_id,
        detail: { order: order.encoded_id, by: reference },
      });
    await client.query(
      "INSERT INTO payments (encoded_id, order_slno, status, amount_halalas, created_at, updated_at) VALUES ($1, $2, 'initiated', $3, $4, $4)",
      [reference, order.order_slno, order.total_halalas, now],
    );
    await deps.audit.record(client, context, {
      action: 'payment.started',
      target: reference,
      detail: { order: order.encoded_id, amountHalalas: order.total_halalas },
    });
    return previous.rows;
  });
  for (const previous of superseded) {
    if (!previous.gateway_ref) continue;
    const gatewayRef = previous.gateway_ref;
    const closed = await atGateway(() => deps.gateway.cancel(gatewayRef));
    if (closed.status === 'paid') {
      // Paid on the old page before the cancel arrived: that payment settles the order.
      await settle(deps, closed, context);
      throw new AppError(409, 'CONFLICT', { detail: 'ORDER_PAID' });
    }
  }
  const created = await atGateway(() =>
    deps.gateway.createPayment({
      reference,
      amountHalalas: order.total_halalas,
      description: `Tawqi — ${order.description}`,
      returnUrl: `${deps.config.publicOrigin}${deps.paymentReturnPath(buyerOf(order), reference)}`,
      callbackUrl: `${deps.selfOrigin()}${CALLBACK_PATH}`,
    }),
  );
  const paymentUrl = created.paymentUrl.startsWith('/')
    ? `${deps.selfOrigin()}${created.paymentUrl}`
    : created.paymentUrl;
  const stored = await deps.pool.query<{ status: string }>(
    'UPDATE payments SET gateway_ref = $2, payment_url = $3 WHERE encoded_id = $1 RETURNING status',
    [reference, created.gatewayRef, paymentUrl],
  );
  // Superseded or settled while it was being made at the gateway: it must not be payable.
  if (stored.rows[0]?.status !== 'initiated') {
    await deps.gateway.cancel(created.gatewayRef).catch(() => null);
    throw new AppError(409, 'CONFLICT');
  }
  return { encodedOrderSlno: order.encoded_id, encodedPaymentSlno: reference, paymentUrl };
}

async function ownedPayment(deps: PaymentDeps, userSlno: number, encoded: string) {
  const [payment] = (
    await deps.pool.query<{
      encoded_id: string;
      gateway_ref: string | null;
      status: PaymentStatus;
      amount_halalas: number;
      error_message: string | null;
      order_slno: number;
      order_encoded: string;
      category: OrderCategory;
    }>(
      `SELECT pay.encoded_id, pay.gateway_ref, pay.status, pay.amount_halalas, pay.error_message, pay.order_slno,
              o.encoded_id AS order_encoded, o.category
         FROM payments pay JOIN orders o USING (order_slno)
        WHERE pay.encoded_id = $1 AND (o.user_slno = $2 OR EXISTS (
                SELECT 1 FROM memberships m
                 WHERE m.org_slno = o.org_slno AND m.user_slno = $2 AND ${activeMember('m')}
                   AND m.roles && $3::text[]) OR EXISTS (
                SELECT 1 FROM provider_staff s
                 WHERE s.sip_slno = o.sip_slno AND s.user_slno = $2 AND ${activeStaff('s')}
                   AND s.roles && $4::text[]))`,
      [encoded, userSlno, PERMISSIONS.buy.roles, PERMISSIONS.allocateToL2Providers.roles],
    )
  ).rows;
  // A person sees their own payments, a member who may buy for an organization (the one
  // permission table) its payments, and a provider's staff who may buy for its L2 providers the
  // provider's: whoever pays returns from the gateway to them. Anyone else's is "not found".
  if (!payment) throw new AppError(404, 'NOT_FOUND');
  return payment;
}

const ERROR_WORDS: Record<string, Record<Language, string>> = {
  declined: { en: 'Declined by the payment gateway.', ar: 'رفضت بوابة الدفع العملية.' },
  'declined by the gateway': {
    en: 'Declined by the payment gateway.',
    ar: 'رفضت بوابة الدفع العملية.',
  },
  cancelled: { en: 'Cancelled at the payment gateway.', ar: 'أُلغيت العملية في بوابة الدفع.' },
  superseded: {
    en: 'Replaced by a newer payment attempt.',
    ar: 'حلّت محلها محاولة دفع أحدث.',
  },
  'order paid': {
    en: 'The order was paid by another attempt.',
    ar: 'دُفع الطلب بمحاولة أخرى.',
  },
  'amount mismatch': {
    en: 'The amount paid does not match the order.',
    ar: 'المبلغ المدفوع لا يطابق الطلب.',
  },
};

/** A payment as its status pages show it. */
export function paymentStatusOf(
  payment: {
    encoded_id: string;
    order_encoded: string;
    status: PaymentStatus;
    amount_halalas: number;
    error_message: string | null;
    category: OrderCategory;
  },
  language: Language,
) {
  return {
    encodedPaymentSlno: payment.encoded_id,
    encodedOrderSlno: payment.order_encoded,
    paymentStatus: payment.status,
    statusLabel: localWord(payment.status, language),
    amount: toSar(payment.amount_halalas),
    errorMessage: payment.error_message ? paymentErrorWords(payment.error_message, language) : null,
    category: payment.category,
  };
}

/** Asks the gateway how an open payment stands and settles it (a recheck). */
export async function recheckAtGateway(
  deps: PaymentDeps,
  payment: { gateway_ref: string | null; status: string },
  audit: AuditContext,
): Promise<void> {
  const gatewayRef = payment.gateway_ref;
  if (gatewayRef && OPEN.includes(payment.status))
    await settle(deps, await atGateway(() => deps.gateway.status(gatewayRef)), audit);
}

/**
 * An attempt open PAYMENT_RECONCILE_AFTER_MINUTES is asked about at the gateway (its notification
 * may be lost) until it is this old: the gateway has let an unpaid page expire by then.
 */
const RECONCILE_UNTIL_MS = 48 * 60 * 60_000;

/**
 * Asks the gateway about every payment attempt still open after PAYMENT_RECONCILE_AFTER_MINUTES and settles
 * what it says: money captured whose notification never came (or came to a server that
 * crashed) pays its order without the person's "recheck". Answers how many were asked about; one
 * the gateway cannot answer now is asked again next time.
 */
export async function reconcileOpenPayments(deps: PaymentDeps): Promise<number> {
  const now = deps.clock().getTime();
  const { rows } = await deps.pool.query<{ gateway_ref: string; status: string }>(
    `SELECT gateway_ref, status FROM payments
      WHERE status = ANY($1) AND gateway_ref IS NOT NULL AND created_at BETWEEN $2 AND $3
      ORDER BY created_at LIMIT 200`,
    [
      OPEN,
      new Date(now - RECONCILE_UNTIL_MS),
      new Date(now - deps.config.PAYMENT_RECONCILE_AFTER_MINUTES * 60_000),
    ],
  );
  for (const payment of rows)
    await recheckAtGateway(deps, payment, SYSTEM_CONTEXT).catch(() => undefined);
  return rows.length;
}

/** Why a payment did not go through, in the caller's language. */
export function paymentErrorWords(message: string, language: Language): string {
  return ERROR_WORDS[message]?.[language] ?? message;
}

export function paymentHandlers(deps: PaymentDeps): Handlers {
  const statusAnswer = async (userSlno: number, encoded: string, language: Language) =>
    paymentStatusOf(await ownedPayment(deps, userSlno, encoded), language);

  return {
    initiatePayment: async ({ caller, input, audit }) => {
      const userSlno = me(caller);
      const previous = await ownedPayment(deps, userSlno, input.body.encodedPaymentSlno);
      const [order] = (
        await deps.pool.query<PayableOrder>(`${PAYABLE_ORDER} WHERE o.order_slno = $1`, [
          previous.order_slno,
        ])
      ).rows;
      if (!order) throw new AppError(404, 'NOT_FOUND');
      return startPayment(deps, audit, order);
    },

    recheckPayment: async ({ caller, input, language, audit }) => {
      const userSlno = me(caller);
      const encoded = input.body.encodedPaymentSlno;
      await recheckAtGateway(deps, await ownedPayment(deps, userSlno, encoded), audit);
      return statusAnswer(userSlno, encoded, language);
    },

    paymentStatus: async ({ caller, input, language }) =>
      statusAnswer(me(caller), input.params.encodedPaymentSlno, language),
  };
}

/**
 * The gateway's notifications: signed, fresh (sent within EVENT_MAX_AGE_MS of now), never applied
 * twice (a replayed event id answers 409), settled once, the event and its settlement together. Unsigned or forged ones change
 * nothing.
 */
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
      const event = deps.gateway.verifyCallback(
        String(request.body),
        typeof signature === 'string' ? signature : undefined,
      );
      if (!event) throw new AppError(401, 'UNAUTHENTICATED');
      const now = deps.clock();
      if (Math.abs(now.getTime() - event.sentAt.getTime()) > EVENT_MAX_AGE_MS)
        throw new AppError(400, 'INVALID_REQUEST', { detail: 'STALE_EVENT' });
      // The event is recorded in the transaction that settles it: a crash between the two used
      // to keep the id and lose the settlement, and the gateway's retry was refused.
      const status = await settle(
        deps,
        event.payment,
        auditContextOf(request, null),
        event.eventId,
      );
      return reply.send({ received: status !== null });
    });
    done();
  });
}
