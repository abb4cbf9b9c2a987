/**
 * A payment gateway simulator, served by Tawqi on loopback in demo mode only
 * (`/simulators/gateway`): the gateway's API (create, status, cancel, refund) and its hosted
 * payment page, where "Pay" succeeds and "Decline" fails; a cancelled payment can no longer be
 * paid. The outcome is sent to the merchant's callback URL as a signed event (HMAC-SHA256 over a
 * body with the event's id and time), then the browser goes back to the merchant's return URL.
 * Plain HTML forms (the strict CSP holds). Its payments and notifications are kept in the database
 * (simulatorStore.ts), so every server process on it is the same gateway.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signBody, type GatewayStatus } from './gateway.js';
import { escapeHtml as escape, simulatorDocument, simulatorStylesheet } from '../simulatorPage.js';
import type { SimulatorStore } from '../simulatorStore.js';

export const GATEWAY_PREFIX = '/simulators/gateway';

interface SimulatedPayment {
  id: string;
  reference: string;
  amount: number;
  description: string;
  status: GatewayStatus;
  returnUrl: string;
  callbackUrl: string;
}

export interface SentEvent {
  body: string;
  signature: string;
  callbackUrl: string;
}

export interface GatewaySimulator {
  register(app: FastifyInstance): Promise<void>;
  /** What a test's customer does on the hosted page. */
  decide(id: string, outcome: 'pay' | 'decline'): Promise<void>;
  get(id: string): Promise<SimulatedPayment | undefined>;
  /**
   * The gateway captures a payment, open or with a cancel that lost a race on its side, and its
   * notification is lost on the way (what a test's network does).
   */
  captureSilently(id: string): Promise<SimulatedPayment | undefined>;
  /** The notifications sent so far, oldest first, exactly as they went out. */
  sentEvents(): Promise<SentEvent[]>;
}

const PAYMENT = 'gateway-payment';
const EVENT = 'gateway-event';

/** What the gateway's API says of a payment. */
const view = (payment: SimulatedPayment) => ({
  id: payment.id,
  reference: payment.reference,
  status: payment.status,
  amount: payment.amount,
});

/** A payment as the merchant asks for it: open, to be paid on its hosted page. */
function newPayment(requestBody: unknown): SimulatedPayment {
  const body = requestBody as {
    amount: number;
    reference: string;
    description?: string;
    returnUrl: string;
    callbackUrl: string;
  };
  return {
    id: `pg_${randomUUID()}`,
    reference: body.reference,
    amount: body.amount,
    description: body.description ?? '',
    status: 'initiated',
    returnUrl: body.returnUrl,
    callbackUrl: body.callbackUrl,
  };
}

export function createGatewaySimulator(options: {
  apiKey: string;
  callbackSecret: string;
  now: () => Date;
  store: SimulatorStore;
  fetch?: typeof fetch;
}): GatewaySimulator {
  const { store } = options;
  const paymentOf = (id: string) => store.get<SimulatedPayment>(PAYMENT, id);
  const doFetch = options.fetch ?? fetch;
  const simulator: GatewaySimulator = {
    get: paymentOf,
    captureSilently: async (id) =>
      (await store.change<SimulatedPayment>(
        PAYMENT,
        id,
        { status: 'initiated' },
        { status: 'paid' },
      )) ??
      store.change<SimulatedPayment>(PAYMENT, id, { status: 'cancelled' }, { status: 'paid' }),
    sentEvents: () => store.list<SentEvent>(EVENT),
    async decide(id, outcome) {
      // One decision, whichever process the customer's press reaches.
      const payment = await store.change<SimulatedPayment>(
        PAYMENT,
        id,
        { status: 'initiated' },
        { status: outcome === 'pay' ? 'paid' : 'failed' },
      );
      if (!payment) return;
      const eventId = `evt_${randomUUID()}`;
      const body = JSON.stringify({
        eventId,
        sentAt: options.now().toISOString(),
        payment: view(payment),
      });
      const event = {
        body,
        signature: signBody(options.callbackSecret, body),
        callbackUrl: payment.callbackUrl,
      };
      await store.add(EVENT, eventId, event);
      // The merchant learns the outcome from a signed callback; a lost callback is what recheck is for.
      await doFetch(payment.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gateway-signature': event.signature },
        body,
      }).catch(() => undefined);
    },
    async register(root) {
      await root.register((app, _options, done) => {
        app.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_request, body, next) => {
            next(null, Object.fromEntries(new URLSearchParams(String(body))));
          },
        );
        const authorized = (authorization: string | undefined) =>
          authorization === `Bearer ${options.apiKey}`;
        app.post(`${GATEWAY_PREFIX}/api/payments`, async (request, reply) => {
          if (!authorized(request.headers.authorization))
            return reply.status(401).send({ message: 'unauthorized' });
          const payment = newPayment(request.body);
          await store.add(PAYMENT, payment.id, payment);
          return { id: payment.id, url: `${GATEWAY_PREFIX}/pay/${payment.id}` };
        });
        app.get(`${GATEWAY_PREFIX}/api/payments/:id`, async (request, reply) => {
          if (!authorized(request.headers.authorization))
            return reply.status(401).send({ message: 'unauthorized' });
          const payment = await paymentOf((request.params as { id: string }).id);
          return payment ? view(payment) : reply.status(404).send({ message: 'no such payment' });
        });
        registerActions(app, store, authorized);
        app.get(`${GATEWAY_PREFIX}/style.css`, (_request, reply) =>
          reply.type('text/css; charset=utf-8').send(simulatorStylesheet(GATEWAY_ACCENT)),
        );
        app.get(`${GATEWAY_PREFIX}/pay/:id`, async (request, reply) => {
          const payment = await paymentOf((request.params as { id: string }).id);
          if (!payment)
            return reply
              .status(404)
              .type('text/html; charset=utf-8')
              .send('<!doctype html><title>Payment</title><p>No such payment</p>');
          return reply.type('text/html; charset=utf-8').send(hostedPage(payment));
        });
        app.post(`${GATEWAY_PREFIX}/pay/:id`, async (request, reply) => {
          const payment = await paymentOf((request.params as { id: string }).id);
          if (!payment) return reply.status(404).send();
          await simulator.decide(
            payment.id,
            (request.body as { outcome?: string }).outcome === 'pay' ? 'pay' : 'decline',
          );
          return reply.redirect(payment.returnUrl, 303);
        });
        done();
      });
    },
  };
  return simulator;
}

/**
 * Cancel closes an open payment; refund gives a captured one back. Otherwise 409 with how it
 * stands, as a gateway answers an action that no longer applies.
 */
function registerActions(
  app: FastifyInstance,
  store: SimulatorStore,
  authorized: (authorization: string | undefined) => boolean,
): void {
  for (const [verb, from, to] of [
    ['cancel', 'initiated', 'cancelled'],
    ['refund', 'paid', 'refunded'],
  ] as const) {
    app.post(`${GATEWAY_PREFIX}/api/payments/:id/${verb}`, async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.status(401).send({ message: 'unauthorized' });
      const id = (request.params as { id: string }).id;
      const moved = await store.change<SimulatedPayment>(
        PAYMENT,
        id,
        { status: from },
        { status: to },
      );
      if (moved) return view(moved);
      const payment = await store.get<SimulatedPayment>(PAYMENT, id);
      if (!payment) return reply.status(404).send({ message: 'no such payment' });
      return reply.status(409).send(view(payment));
    });
  }
}

const STATUS_WORDS: Record<GatewayStatus, string> = {
  initiated: 'بانتظار الدفع / Awaiting payment',
  paid: 'تم الدفع / Paid',
  failed: 'فشل الدفع / Failed',
  cancelled:
    'أُلغيت عملية الدفع هذه، ولا يمكن الدفع بها / This payment was cancelled and cannot be paid',
  refunded: 'أُعيد المبلغ / Refunded',
};

/** The gateway's blue. */
const GATEWAY_ACCENT = '#1f5fbf';

function hostedPage(payment: SimulatedPayment): string {
  const amount = (payment.amount / 100).toFixed(2);
  return simulatorDocument({
    title: 'بوابة الدفع (محاكي) / Payment gateway simulator',
    stylesheet: `${GATEWAY_PREFIX}/style.css`,
    body: `<header class="bar">
    <h1>بوابة الدفع — محاكي / Payment gateway simulator</h1>
    <p>وضع العرض التجريبي: لا تُسحب أي مبالغ / Demo mode: nothing is charged</p>
  </header>
  <div class="content">
    <p>${escape(payment.description)}</p>
    <p class="muted">المبلغ / Amount</p>
    <p class="amount">${amount} SAR</p>
    ${
      payment.status === 'initiated'
        ? `<form method="post" action="${GATEWAY_PREFIX}/pay/${escape(payment.id)}" class="stack">
      <label>رقم البطاقة / Card number <input name="card" value="4111 1111 1111 1111" autocomplete="off" inputmode="numeric" dir="ltr"></label>
      <p class="actions">
        <button type="submit" name="outcome" value="pay">ادفع / Pay</button>
        <button class="secondary" type="submit" name="outcome" value="decline">رفض البطاقة / Decline</button>
      </p>
    </form>`
        : `<p class="stamp">${STATUS_WORDS[payment.status]}</p>`
    }
  </div>`,
  });
}
