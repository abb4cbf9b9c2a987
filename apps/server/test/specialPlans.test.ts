/**
 * Special plans (issue 15): an organization asks its L1 provider for a negotiated plan; the
 * provider's staff (issue 36) — never anyone of the organization that asked, and two of them above
 * the four-eyes amount — price it or refuse it with remarks; priced, it is paid at the gateway (a refused card first, then paid),
 * and credited once: the row follows every step, with the server's outcome on it.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';
import { freshInsider, freshL1Customers, type FreshPerson } from './world.js';
import { purchaseFileFields, purchaseRowFields } from './sheets.js';

const h = await startHarness();

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

// An L1 provider with its staff; an organization directly under it, whose Enrolment Admin and
// Authorized Signatory ask; and the Enrolment Admin of a customer of one of its L2 providers.
const customers = await freshL1Customers(h);
const { l1, underL2, admin: saraPerson, signatory: reemPerson } = customers;
const L1 = l1.sipSlno;
const ORG = customers.orgSlno;
const sara = (await h.signIn(saraPerson.nationalId)).token;
const reem = (await h.signIn(reemPerson.nationalId)).token;
const khalid = (await h.signIn((underL2.members[0] as FreshPerson).nationalId)).token;
/** The L1's Provider Admin and Provider Finance. */
const nada = (await h.signIn(l1.admin.nationalId)).token;
const omar = (await h.signIn(l1.finance.nationalId)).token;

const post = (token: string, path: string, body: object, language = 'en') =>
  h.call('POST', path, {
    token,
    language,
    body,
    headers: { 'idempotency-key': randomUUID() },
  });

const ask = (token: string, body: object) =>
  post(token, '/api/v1/purchase/org/special/request', { orgSlNo: ORG, ...body });
const decide = (token: string, body: object, language = 'en') =>
  post(token, '/api/v1/purchase/provider/special/decide', { l1SipId: L1, ...body }, language);
const pay = (token: string, requestSlNo: number) =>
  post(token, '/api/v1/purchase/org/special/pay', { orgSlNo: ORG, requestSlNo });

interface Row {
  transactionNo: string;
  productKeyRequestSlNo: number;
  status: string;
  totalPrice: number;
  planName: string;
  errorMessage: string | null;
  errorCode: string | null;
  responseStatus: string | null;
}

async function rowOf(id: number, language = 'en'): Promise<Row | undefined> {
  const list = await post(
    sara,
    '/api/v1/purchase/org/special/plans',
    { orgSlNo: ORG, pageNumber: 1, pageSize: 50 },
    language,
  );
  return (list.body.dataList as Row[]).find((row) => row.productKeyRequestSlNo === id);
}

async function esignTotal(): Promise<number> {
  const { rows } = await h.pool.query<{ total: number }>(
    `SELECT total FROM organization_counters WHERE org_slno = ${String(ORG)} AND counter = 'esign'`,
  );
  return rows[0]?.total ?? 0;
}

describe('a special plan', () => {
  it('is asked for, priced by the provider’s staff, refused at the card, then paid and credited once', async () => {
    const asked = await ask(reem, {
      planType: 'esign',
      quantity: 1000,
      justification: 'Year-end contracts with every supplier.',
    });
    expect(asked.status).toBe(200);
    const id = asked.body.id as number;
    expect(await rowOf(id)).toMatchObject({
      status: 'pendingForApproval',
      totalPrice: 0,
      planName: 'eSign counters: 1,000',
    });
    // Nothing to pay before it is priced.
    const early = await pay(reem, id);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not priced/);

    // A customer's Authorized Signatory does not decide for the provider; its staff price it.
    expect((await decide(reem, { requestSlNo: id, approve: true, unitPrice: 2.5 })).status).toBe(
      403,
    );
    const unpriced = await decide(nada, { requestSlNo: id, approve: true }, 'ar');
    expect(unpriced.status).toBe(422);
    expect(unpriced.body.message).toMatch(/سعر العملية/);
    const noValidity = await decide(nada, { requestSlNo: id, approve: true, unitPrice: 2.5 });
    expect(noValidity.body.message).toMatch(/months/);
    const priced = await decide(nada, {
      requestSlNo: id,
      approve: true,
      unitPrice: 2.5,
      validityMonths: 12,
    });
    expect(priced.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'approved', totalPrice: 2875 });
    const again = await decide(nada, { requestSlNo: id, approve: false, remarks: 'No.' });
    expect(again.status).toBe(409);

    const before = await esignTotal();
    const first = await pay(reem, id);
    expect(first.body).toMatchObject({ price: 2500, tax: 375, totalPrice: 2875 });
    await h.gatewaySimulator.decide(first.body.paymentUrl.split('/').at(-1), 'decline');
    expect(await rowOf(id, 'ar')).toMatchObject({
      status: 'paymentFailure',
      errorMessage: 'رفضت بوابة الدفع العملية.',
      errorCode: 'PAYMENT_FAILED',
      responseStatus: 'failure',
    });
    expect(await esignTotal()).toBe(before);

    // Paid by another member who may buy (Sara), on a new attempt: credited once.
    const second = await pay(sara, id);
    expect(second.status).toBe(200);
    expect(second.body.encodedOrderSlno).toBe(first.body.encodedOrderSlno);
    await h.gatewaySimulator.decide(second.body.paymentUrl.split('/').at(-1), 'pay');
    expect(await rowOf(id)).toMatchObject({ status: 'paymentSuccess', errorCode: null });
    expect(await esignTotal()).toBe(before + 1000);
    expect((await pay(reem, id)).status).toBe(409);
    const lot = await h.pool.query<{ months: number }>(
      `SELECT (extract(year FROM age(p.valid_to + 1, p.valid_from)) * 12
               + extract(month FROM age(p.valid_to + 1, p.valid_from)))::int AS months
         FROM purchased_plans p JOIN orders o USING (order_slno)
        WHERE o.encoded_id = $1`,
      [first.body.encodedOrderSlno],
    );
    expect(lot.rows).toEqual([{ months: 12 }]);
  });

  it('is refused with remarks the organization reads; who asked cannot decide', async () => {
    const asked = await ask(reem, {
      planType: 'organizationUser',
      quantity: 300,
      justification: 'Seasonal staff.',
    });
    const id = asked.body.id as number;
    const silent = await decide(nada, { requestSlNo: id, approve: false, remarks: '   ' });
    expect(silent.status).toBe(422);
    const refused = await decide(nada, {
      requestSlNo: id,
      approve: false,
      remarks: 'Seasonal seats come with the next price list.',
    });
    expect(refused.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      status: 'rejected',
      errorMessage: 'Seasonal seats come with the next price list.',
      errorCode: 'REJECTED',
      responseStatus: 'rejected',
    });
    // Sara's own request.
    const own = await ask(sara, { planType: 'esign', quantity: 500, justification: 'Ours.' });
    const mine = own.body.id as number;
    const self = await decide(sara, { requestSlNo: mine, approve: false, remarks: 'Mine.' });
    expect(self.status).toBe(403);
  });

  it('is never decided by the asking organization’s people, even when they are also the provider’s staff (issue 36)', async () => {
    // Fahad is an admin of an organization and the Provider Admin of its L1; Yousef is that L1's
    // Finance.
    const { l1: other, customer, insider: admin } = await freshInsider(h);
    const fahad = (await h.signIn(admin.nationalId)).token;
    const yousef = (await h.signIn(other.finance.nationalId)).token;
    const asked = await post(fahad, '/api/v1/purchase/org/special/request', {
      orgSlNo: customer.orgSlno,
      planType: 'esign',
      quantity: 3000,
      justification: 'Plant contracts.',
    });
    expect(asked.status).toBe(200);
    const id = asked.body.id as number;
    const price = { requestSlNo: id, approve: true, unitPrice: 0.01, validityMonths: 12 };
    const own = await post(fahad, '/api/v1/purchase/provider/special/decide', {
      l1SipId: other.sipSlno,
      ...price,
    });
    expect(own.status).toBe(403);
    // Another admin of it asking changes nothing: anyone of the organization is refused.
    await h.ownerPool.query(
      'UPDATE special_plan_requests SET requested_by = $2 WHERE request_slno = $1',
      [id, other.finance.userSlno],
    );
    const stillOwn = await post(fahad, '/api/v1/purchase/provider/special/decide', {
      l1SipId: other.sipSlno,
      ...price,
    });
    expect(stillOwn.status).toBe(403);
    expect(stillOwn.body.message).toContain('member of the organization this decision is about');
    await h.ownerPool.query(
      'UPDATE special_plan_requests SET requested_by = $2 WHERE request_slno = $1',
      [id, admin.userSlno],
    );
    const { rows } = await h.pool.query<{ status: string }>(
      'SELECT status FROM special_plan_requests WHERE request_slno = $1',
      [id],
    );
    expect(rows[0]?.status).toBe('pendingForApproval');
    const byStaff = await post(yousef, '/api/v1/purchase/provider/special/decide', {
      l1SipId: other.sipSlno,
      ...price,
    });
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.awaitingSecondStaff).toBe(false);
  });

  it('priced above the four-eyes amount, waits for a second staff member to send the same price (issue 36)', async () => {
    const asked = await ask(reem, {
      planType: 'esign',
      quantity: 100_000,
      justification: 'The national rollout.',
    });
    const id = asked.body.id as number;
    // 100,000 × 0.50 SAR = 50,000 SAR, above the default 10,000.
    const price = { requestSlNo: id, approve: true, unitPrice: 0.5, validityMonths: 24 };
    const proposed = await decide(nada, price);
    expect(proposed.status).toBe(200);
    expect(proposed.body.awaitingSecondStaff).toBe(true);
    expect(await rowOf(id)).toMatchObject({ status: 'pendingForApproval' });
    expect((await decide(nada, price)).status).toBe(409);
    const confirmed = await decide(omar, price);
    expect(confirmed.body.awaitingSecondStaff).toBe(false);
    expect(await rowOf(id)).toMatchObject({ status: 'approved', totalPrice: 57_500 });
  });

  it('weighs what is given at list price, not the price asked: 100,000 counters at 0.01 SAR wait for a second', async () => {
    const asked = await ask(reem, {
      planType: 'esign',
      quantity: 100_000,
      justification: 'A price nobody else gets.',
    });
    const id = asked.body.id as number;
    // 1,000 SAR asked; at the provider's list price (2.50 SAR a counter at best) 250,000 SAR given.
    const price = { requestSlNo: id, approve: true, unitPrice: 0.01, validityMonths: 12 };
    const alone = await decide(omar, price);
    expect(alone.status).toBe(200);
    expect(alone.body.awaitingSecondStaff).toBe(true);
    expect(await rowOf(id)).toMatchObject({ status: 'pendingForApproval' });
    expect((await decide(nada, { requestSlNo: id, approve: false, remarks: 'No.' })).status).toBe(
      200,
    );
  });

  it('weighs one staff member’s decisions for one organization over a day together', async () => {
    // 1,500 counters at list (2.50 SAR) are 3,750 SAR: two stay under 10,000 SAR, a third does not.
    const ids: number[] = [];
    for (const justification of ['First part.', 'Second part.', 'Third part.']) {
      const asked = await ask(reem, { planType: 'esign', quantity: 1500, justification });
      ids.push(asked.body.id as number);
    }
    const priced = (token: string, id: number) =>
      decide(token, { requestSlNo: id, approve: true, unitPrice: 0.01, validityMonths: 12 });
    const answers = [];
    for (const id of ids) answers.push((await priced(omar, id)).body.awaitingSecondStaff);
    expect(answers).toEqual([false, false, true]);
    expect(await rowOf(ids[2] as number)).toMatchObject({ status: 'pendingForApproval' });
    // The second staff member confirms the third; their own day is not omar's.
    expect((await priced(nada, ids[2] as number)).body.awaitingSecondStaff).toBe(false);
    expect(await rowOf(ids[2] as number)).toMatchObject({ status: 'approved' });
  });

  it('lists for the provider the requests made to it, and to nobody else', async () => {
    const list = await post(nada, '/api/v1/purchase/provider/special/requests', {
      l1SipId: L1,
      pageNumber: 1,
      pageSize: 50,
      statuses: ['pendingForApproval'],
    });
    expect(list.status).toBe(200);
    const rows = list.body.dataList as { organizationName: string; justification: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.organizationName))).toEqual(
      new Set([`Test Company ${String(ORG)}`]),
    );
    expect(JSON.stringify(list.body)).not.toContain('CANARY');
    // Neither a customer under an L2 provider nor one directly under the L1 decides anything.
    expect(
      (
        await post(sara, '/api/v1/purchase/provider/special/requests', {
          l1SipId: L1,
          pageNumber: 1,
          pageSize: 50,
        })
      ).status,
    ).toBe(403);
    const l2 = await post(khalid, '/api/v1/purchase/provider/special/requests', {
      l1SipId: L1,
      pageNumber: 1,
      pageSize: 50,
    });
    expect(l2.status).toBe(403);
    // Another provider's request is not found.
    const { customer, insider } = await freshInsider(h);
    const foreign = await post(
      (await h.signIn(insider.nationalId)).token,
      '/api/v1/purchase/org/special/request',
      { orgSlNo: customer.orgSlno, planType: 'esign', quantity: 5000, justification: 'Ours.' },
    );
    expect(foreign.status).toBe(200);
    const elsewhere = await decide(nada, {
      requestSlNo: foreign.body.id,
      approve: false,
      remarks: 'x',
    });
    expect(elsewhere.status).toBe(404);
  });

  it('exports the organization’s requests as its grid has them', async () => {
    const list = await post(sara, '/api/v1/purchase/org/special/plans', {
      orgSlNo: ORG,
      pageNumber: 1,
      pageSize: 50,
    });
    const file = await post(sara, '/api/v1/excel/report/exportSpecialPlan', {
      orgSlNo: ORG,
      language: 'en',
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Special_Plan.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw as unknown as ArrayBuffer);
    const ids: string[] = [];
    book.worksheets[0]?.eachRow((row, number) => {
      if (number > 1) ids.push(row.getCell(1).text);
    });
    expect(ids).toEqual((list.body.dataList as Row[]).map((row) => row.transactionNo));
    // The failure details and the plan's amounts the rows carry (SPEC §3, §8), not only a message.
    const rows = list.body.dataList as Record<string, unknown>[];
    expect(purchaseFileFields(book, rows)).toEqual(purchaseRowFields(rows));
  });
});
