/**
 * Payments as a mechanism that knows no product (issue 37): payments imports no product area (read
 * from its files' imports, relative paths resolved), and what a paid order gives is whatever its
 * product registered for its category — here a fake product, swapped in for the plan category of
 * the running server, paid at the gateway simulator and settled by its signed callback, once.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Fulfil, PaidOrder, Settling } from '../src/modules/payments/fulfilment.js';
import { startHarness } from './harness.js';
import { freshPerson } from './world.js';

const MODULES = resolve(dirname(fileURLToPath(import.meta.url)), '../src/modules');
const PAYMENTS = join(MODULES, 'payments');

/** The shared mechanisms payments may use; every other folder of modules/ is a product area. */
const MECHANISMS = ['payments', 'audit', 'access', 'words.ts', 'notices.ts'];

describe('the payments mechanism', () => {
  it('imports no product area', () => {
    const reached = readdirSync(PAYMENTS)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(join(PAYMENTS, file), 'utf8').matchAll(/from '(\.[^']+)'/g)].map((match) =>
          relative(MODULES, resolve(PAYMENTS, match[1] as string)),
        ),
      )
      // Outside modules/ (db, http, adapters, deps) is below every area.
      .filter((path) => !path.startsWith('..'))
      .map((path) => path.split('/')[0]?.replace(/\.js$/, '.ts') ?? '');
    expect(reached.length).toBeGreaterThan(0);
    expect(reached.filter((area) => !MECHANISMS.includes(area))).toEqual([]);
  });

  it('gives what the order’s product registered, once, in the settlement’s transaction', async () => {
    const h = await startHarness();
    const buyer = await freshPerson(h);
    const token = (await h.signIn(buyer.nationalId)).token;
    const given: { order: PaidOrder; settling: Settling }[] = [];
    // A fake product in place of the plan: it records its order and writes within the settlement.
    const fake: Fulfil = async (tx, order, settling) => {
      given.push({ order, settling });
      await tx.query(
        `INSERT INTO notifications (user_slno, title_en, title_ar, message_en, message_ar, created_at)
         VALUES ($1, 'Fake product', 'منتج تجريبي', $2, $2, $3)`,
        [order.userSlno, order.encodedId, settling.now],
      );
    };
    const real = h.deps.fulfilments.plan;
    h.deps.fulfilments.plan = fake;
    try {
      const order = await h.call('POST', '/api/v1/esign/my/plans/buy', {
        token,
        body: { productPricingDetailsSlno: 2, quantity: 1 },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(order.status).toBe(200);
      const gatewayId = (order.body.paymentUrl as string).split('/').at(-1) as string;
      await h.gatewaySimulator.decide(gatewayId, 'pay');
      // The signed callback settled it: the fake was given the order, with who it is for.
      await expect.poll(() => given.length).toBe(1);
      expect(given[0]?.order).toMatchObject({
        encodedId: order.body.encodedOrderSlno,
        category: 'plan',
        quantity: 1,
        userSlno: buyer.userSlno,
        orgSlno: null,
      });
      const { rows } = await h.pool.query<{ fulfilled: boolean; plans: number; told: number }>(
        `SELECT o.fulfilled_at IS NOT NULL AS fulfilled,
                (SELECT count(*)::int FROM purchased_plans p WHERE p.order_slno = o.order_slno) AS plans,
                (SELECT count(*)::int FROM notifications n WHERE n.message_en = o.encoded_id) AS told
           FROM orders o WHERE o.encoded_id = $1`,
        [order.body.encodedOrderSlno],
      );
      // Fulfilled by the fake alone: the plan's own fulfilment made no plan.
      expect(rows).toEqual([{ fulfilled: true, plans: 0, told: 1 }]);
      // The same notification again settles nothing more.
      const payment = await h.gatewaySimulator.get(gatewayId);
      if (!payment) throw new Error('no payment');
      const again = await h.notifyPayment({ ...payment, status: 'paid' });
      expect(again.status).toBeLessThan(500);
      expect(given).toHaveLength(1);
    } finally {
      h.deps.fulfilments.plan = real;
    }
  });
});
