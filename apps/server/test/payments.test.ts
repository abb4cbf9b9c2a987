/**
 * One order, one charge (issue 11): one idempotency mechanism for calls with money effects; at
 * most one open payment attempt per order, a new one cancelling the old at the gateway; an order
 * settled once however many attempts report success, extra captures refunded; gateway events
 * fresh and never applied twice.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';
import { freshPerson } from './world.js';
import { reconcileOpenPayments } from '../src/modules/payments/handlers.js';

// Concurrent requests with one token are what this file tests (idempotency, races for stock):
// the cap on a token's requests in progress, tested in hardening.test.ts, is lifted here.
// Open payments are asked about after half an hour here (10 minutes by default).
const h = await startHarness({
  REQUESTS_AT_ONCE_PER_SESSION: '0',
  PAYMENT_RECONCILE_AFTER_MINUTES: '30',
});

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

const buyer = (await h.signIn((await freshPerson(h)).nationalId)).token;
const post = (path: string, body: unknown, key: string = randomUUID()) =>
  h.call('POST', path, { token: buyer, body, headers: { 'idempotency-key': key } });
const buy = (key: string, quantity = 1) =>
  post('/api/v1/esign/my/plans/buy', { productPricingDetailsSlno: 2, quantity }, key);
const payAgain = (encodedPaymentSlno: string) =>
  post('/api/v1/esign/my/payment/initiate', { encodedPaymentSlno });
const gatewayIdOf = (paymentUrl: string) => paymentUrl.split('/').at(-1) as string;

async function attemptsOf(encodedOrderSlno: string) {
  return (
    await h.pool.query<{ encoded_id: string; status: string; extra_capture: boolean }>(
      `SELECT p.encoded_id, p.status, p.extra_capture FROM payments p JOIN orders o USING (order_slno)
        WHERE o.encoded_id = $1 ORDER BY p.payment_slno`,
      [encodedOrderSlno],
    )
  ).rows;
}

async function plansOf(encodedOrderSlno: string) {
  return (
    await h.pool.query<{ count: number }>(
      'SELECT count(*) FROM purchased_plans JOIN orders USING (order_slno) WHERE orders.encoded_id = $1',
      [encodedOrderSlno],
    )
  ).rows[0]?.count;
}

describe('one idempotency mechanism', () => {
  it('makes one order and one payment attempt of 50 concurrent purchases with one key', async () => {
    const key = `burst-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(key)));
    const served = answers.filter((answer) => answer.status === 200);
    expect(served.length).toBeGreaterThanOrEqual(1);
    // The others were told the first is still under way, and when to ask again.
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.headers.get('retry-after')).toBe('1');
    }
    expect(new Set(served.map((answer) => answer.body.encodedPaymentSlno)).size).toBe(1);
    const order = served[0]?.body.encodedOrderSlno as string;
    expect(await attemptsOf(order)).toHaveLength(1);
    const orders = await h.pool.query('SELECT count(*) FROM orders WHERE idempotency_key = $1', [
      key,
    ]);
    expect(orders.rows[0]).toEqual({ count: 1 });
    // Once done, the same key and request answer the stored answer.
    const again = await buy(key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(served[0]?.body);
  });

  it('refuses the same key with another request (another quantity) with 422, and changes nothing', async () => {
    const key = `change-${randomUUID()}`;
    const first = await buy(key, 1);
    const other = await buy(key, 3);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const orders = await h.pool.query<{ quantity: number }>(
      'SELECT quantity FROM orders WHERE idempotency_key = $1',
      [key],
    );
    expect(orders.rows).toEqual([{ quantity: 1 }]);
    expect(await attemptsOf(first.body.encodedOrderSlno)).toHaveLength(1);
  });

  it('asks for the key on every call with money effects', async () => {
    for (const path of ['/api/v1/esign/my/plans/buy', '/api/v1/esign/my/payment/initiate']) {
      const answer = await h.call('POST', path, {
        token: buyer,
        body: path.endsWith('buy')
          ? { productPricingDetailsSlno: 2 }
          : { encodedPaymentSlno: 'pay_x' },
      });
      expect(answer.status, path).toBe(400);
      expect(answer.body.fieldErrors[0].path).toBe('headers.Idempotency-Key');
    }
  });
});

describe('payment attempts of one order', () => {
  it('keeps one attempt open: paying again from a second page cancels the first at the gateway', async () => {
    const order = await buy(`pages-${randomUUID()}`);
    const first = gatewayIdOf(order.body.paymentUrl);
    const second = await payAgain(order.body.encodedPaymentSlno);
    expect(second.status).toBe(200);
    expect((await h.gatewaySimulator.get(first))?.status).toBe('cancelled');
    // The first page can no longer take the money.
    await h.gatewaySimulator.decide(first, 'pay');
    expect((await h.gatewaySimulator.get(first))?.status).toBe('cancelled');
    expect((await attemptsOf(order.body.encodedOrderSlno)).map((a) => a.status)).toEqual([
      'cancelled',
      'initiated',
    ]);
    await h.gatewaySimulator.decide(gatewayIdOf(second.body.paymentUrl), 'pay');
    expect(await plansOf(order.body.encodedOrderSlno)).toBe(1);
    expect((await payAgain(second.body.encodedPaymentSlno)).status).toBe(409);
  });

  it('settles the order with an old attempt paid before its cancel arrived, and starts no new one', async () => {
    const order = await buy(`race-${randomUUID()}`);
    const first = gatewayIdOf(order.body.paymentUrl);
    // Captured at the gateway, its notification not yet here.
    const captured = await h.gatewaySimulator.captureSilently(first);
    if (!captured) throw new Error('no payment');
    const again = await payAgain(order.body.encodedPaymentSlno);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ detail: 'ORDER_PAID' });
    expect(await attemptsOf(order.body.encodedOrderSlno)).toEqual([
      expect.objectContaining({ status: 'success' }),
      expect.objectContaining({ status: 'cancelled' }),
    ]);
    expect(await plansOf(order.body.encodedOrderSlno)).toBe(1);
  });

  it('settles once when two attempts both capture, and refunds the extra capture', async () => {
    const order = await buy(`double-${randomUUID()}`);
    const firstId = gatewayIdOf(order.body.paymentUrl);
    const second = await payAgain(order.body.encodedPaymentSlno);
    const secondId = gatewayIdOf(second.body.paymentUrl);
    // The gateway captured both (its cancel lost a race on its side).
    for (const id of [firstId, secondId]) {
      const payment = await h.gatewaySimulator.captureSilently(id);
      if (!payment) throw new Error('no payment');
      const answer = await h.notifyPayment({
        id,
        reference: payment.reference,
        status: 'paid',
        amount: payment.amount,
      });
      expect(answer.status).toBe(200);
    }
    expect(await plansOf(order.body.encodedOrderSlno)).toBe(1);
    const attempts = await attemptsOf(order.body.encodedOrderSlno);
    expect(attempts).toEqual([
      expect.objectContaining({ status: 'success', extra_capture: false }),
      expect.objectContaining({ status: 'refunded', extra_capture: true }),
    ]);
    expect((await h.gatewaySimulator.get(secondId))?.status).toBe('refunded');
    const audit = await h.pool.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'payment.%' ORDER BY audit_slno",
      [second.body.encodedPaymentSlno],
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'payment.started',
      'payment.extra-capture',
      'payment.refunded',
    ]);
  });
});

describe('gateway notifications', () => {
  it('refuses a stale event or one from the future, and applies nothing', async () => {
    const order = await buy(`stale-${randomUUID()}`);
    const id = gatewayIdOf(order.body.paymentUrl);
    const amount = (await h.gatewaySimulator.get(id))?.amount ?? 0;
    const payment = { id, reference: order.body.encodedPaymentSlno, status: 'paid', amount };
    const minute = 60_000;
    for (const sentAt of [
      new Date(h.clock.now.getTime() - 6 * minute),
      new Date(h.clock.now.getTime() + 6 * minute),
    ]) {
      const answer = await h.notifyPayment(payment, { sentAt });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ detail: 'STALE_EVENT' });
    }
    expect(await plansOf(order.body.encodedOrderSlno)).toBe(0);
    // A fresh one is applied, once; its replay is refused.
    const eventId = `evt_${randomUUID()}`;
    expect((await h.notifyPayment(payment, { eventId })).status).toBe(200);
    expect((await h.notifyPayment(payment, { eventId })).status).toBe(409);
    expect(await plansOf(order.body.encodedOrderSlno)).toBe(1);
  });

  it('keeps no event without its settlement: a notification whose settling fails is taken again on the gateway’s retry (issue 42)', async () => {
    const order = await buy(`crash-${randomUUID()}`);
    const id = gatewayIdOf(order.body.paymentUrl);
    const amount = (await h.gatewaySimulator.get(id))?.amount ?? 0;
    const payment = { id, reference: order.body.encodedPaymentSlno, status: 'paid', amount };
    const eventId = `evt_${randomUUID()}`;
    // The settlement fails after the event was read (as a process killed mid-way would leave it).
    await h.ownerPool.query(`
      CREATE FUNCTION fail_settling() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the server stopped here'; END $$;
      CREATE TRIGGER fail_settling BEFORE UPDATE ON payments
        FOR EACH ROW EXECUTE FUNCTION fail_settling();`);
    try {
      expect((await h.notifyPayment(payment, { eventId })).status).toBe(500);
    } finally {
      await h.ownerPool.query(
        'DROP TRIGGER fail_settling ON payments; DROP FUNCTION fail_settling();',
      );
    }
    expect(await plansOf(order.body.encodedOrderSlno)).toBe(0);
    // The gateway sends the same event again: settled now, not refused as a replay.
    expect((await h.notifyPayment(payment, { eventId })).status).toBe(200);
    expect(await plansOf(order.body.encodedOrderSlno)).toBe(1);
    expect((await h.notifyPayment(payment, { eventId })).status).toBe(409);
  });

  // Last: it moves the clock on.
  it('settles an attempt whose notification never came, from the gateway’s own answer (issue 42)', async () => {
    const order = await buy(`lost-${randomUUID()}`);
    // Captured at the gateway; its notification lost on the way.
    const captured = await h.gatewaySimulator.captureSilently(gatewayIdOf(order.body.paymentUrl));
    if (!captured) throw new Error('no payment');
    await reconcileOpenPayments(h.deps);
    expect(await plansOf(order.body.encodedOrderSlno)).toBe(0);
    // Eleven minutes on, before the configured window: not yet.
    h.clock.advance(11 * 60_000);
    await reconcileOpenPayments(h.deps);
    expect(await plansOf(order.body.encodedOrderSlno)).toBe(0);
    // Past it, the background pass asks the gateway and the order is paid.
    h.clock.advance(20 * 60_000);
    expect(await reconcileOpenPayments(h.deps)).toBeGreaterThanOrEqual(1);
    expect(await plansOf(order.body.encodedOrderSlno)).toBe(1);
    expect((await attemptsOf(order.body.encodedOrderSlno)).map((a) => a.status)).toEqual([
      'success',
    ]);
  });
});
