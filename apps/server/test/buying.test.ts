/**
 * An organization buys (issue 15): counter packs from its L1 provider's catalogue and role seat
 * packs, several in one order, at the server's prices with VAT per line; paid at the gateway, the
 * order is credited once through the ledger (lots of counters, seats of roles), whatever number
 * of times the gateway says so; the grids list what was bought or refused, with each order's
 * lines, and their exports hold the grids' rows. Nobody else's orders are visible.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';
import {
  freshL1,
  freshOrganization,
  freshPerson,
  freshProvider,
  joinOrganization,
  type FreshPerson,
} from './world.js';

// Concurrent requests with one token are what this file tests (idempotency, races for stock):
// the cap on a token's requests in progress, tested in hardening.test.ts, is lifted here.
const h = await startHarness({ REQUESTS_AT_ONCE_PER_SESSION: '0' });

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

// An L1 provider, an organization directly under it (its Enrolment Admin buys), and one under an
// L2 provider of it, which shares the L2's query id (type 2), with its Enrolment Admin and an
// Organization User, who is also an Authorized Signatory of the first; and another L1.
const L1 = (await freshL1(h)).sipSlno;
const L2 = await freshProvider(h, L1);
const OTHER_L1 = (await freshL1(h)).sipSlno;
const world = await freshOrganization(h, {
  sip: L1,
  members: [['enrolmentAdmin', 'authorizedSignatory']],
});
const ORG = world.orgSlno;
const saraPerson = world.members[0] as FreshPerson;
const underL2 = await freshOrganization(h, {
  sip: L2,
  type: 2,
  members: [['enrolmentAdmin'], ['organizationUser']],
});
const [khalidPerson, reemPerson] = underL2.members as [FreshPerson, FreshPerson];
await joinOrganization(h, reemPerson, ORG, ['authorizedSignatory']);
/** The id of the L1's smallest pack. */
const FIRST_PACK = (
  await h.ownerPool.query<{ pax_slno: number }>(
    'SELECT pax_slno FROM pax_plans WHERE pax_unique_id = $1',
    [`CNT-${String(L1)}-500`],
  )
).rows[0]?.pax_slno;

const sara = (await h.signIn(saraPerson.nationalId)).token;
const khalid = (await h.signIn(khalidPerson.nationalId)).token;
const reem = (await h.signIn(reemPerson.nationalId)).token;

const checkout = (
  token: string,
  body: { sipSlNo?: number; category: 'counter' | 'role'; items: object[] },
  key: string = randomUUID(),
  language = 'en',
) =>
  h.call('POST', '/api/v1/buy/org/checkout', {
    token,
    language,
    body: { sipSlNo: ORG, ...body },
    headers: { 'idempotency-key': key },
  });

const gatewayIdOf = (paymentUrl: string) => paymentUrl.split('/').at(-1) as string;

async function balance(counter: string) {
  const [row] = (
    await h.pool.query<{ total: number; utilized: number }>(
      `SELECT total, utilized FROM organization_counters WHERE org_slno = ${String(ORG)} AND counter = $1`,
      [counter],
    )
  ).rows;
  return row ?? { total: 0, utilized: 0 };
}

const grid = (path: string, token = sara, body: object = {}, language = 'en') =>
  h.call('POST', path, {
    token,
    language,
    body: { sipSlNo: ORG, pageNumber: 1, pageSize: 50, ...body },
  });

async function pay(paymentUrl: string, outcome: 'pay' | 'decline' = 'pay') {
  await h.gatewaySimulator.decide(gatewayIdOf(paymentUrl), outcome);
}

describe('what an organization can buy', () => {
  it('offers its L1 provider’s counter packs and Tawqi’s role packs, with the server’s VAT', async () => {
    const counters = await h.call('POST', `/api/v1/buy/org/counters/plans/${String(ORG)}`, {
      token: sara,
    });
    expect(counters.status).toBe(200);
    expect(counters.body.vat).toBe(15);
    expect(counters.body.dataList.map((row: { paxUniqueId: string }) => row.paxUniqueId)).toEqual([
      `CNT-${String(L1)}-500`,
      `CNT-${String(L1)}-2000`,
      `CNT-${String(L1)}-10000`,
    ]);
    expect(counters.body.dataList[0]).toMatchObject({
      paxSize: 500,
      salesPrice: 1750,
      tax: 262.5,
      totalPrice: 2012.5,
    });
    const roles = await h.call('GET', '/api/v1/buy/org/role/rolePlanDescription', {
      token: sara,
      language: 'ar',
    });
    expect(roles.body.dataList).toHaveLength(4);
    expect(roles.body.dataList[0]).toMatchObject({
      paxTypeName: 'مسؤول التسجيل',
      name: 'مقعد واحد لمسؤول التسجيل',
    });
    // An organization under an L2 buys from that L2's L1.
    const underL2 = await h.call('POST', `/api/v1/buy/org/counters/plans/${String(L2)}`, {
      token: khalid,
    });
    expect(underL2.body.dataList[0].paxUniqueId).toBe(`CNT-${String(L1)}-500`);
    const details = await h.call(
      'GET',
      `/api/v1/buy/org/getL1PlanDetails?planId=${String(FIRST_PACK)}`,
      {
        token: reem,
      },
    );
    expect(details.body).toMatchObject({ transactionLimit: 500, price: 1750, totalPrice: 2012.5 });
  });

  it('shows an L1 pack’s price only to the organizations under that L1', async () => {
    const { rows } = await h.ownerPool.query<{ pax_slno: number }>(
      `SELECT pax_slno FROM pax_plans WHERE pax_unique_id = 'CNT-${String(OTHER_L1)}-500'`,
    );
    const otherL1 = rows[0]?.pax_slno ?? 0;
    // Sara's organization is under the first L1, not the other.
    const refused = await h.call(
      'GET',
      `/api/v1/buy/org/getL1PlanDetails?planId=${String(otherL1)}`,
      {
        token: sara,
      },
    );
    expect(refused.status).toBe(404);
    // Noura belongs to no organization at all.
    const noura = (await h.signIn((await freshPerson(h)).nationalId)).token;
    const individual = await h.call(
      'GET',
      `/api/v1/buy/org/getL1PlanDetails?planId=${String(FIRST_PACK)}`,
      {
        token: noura,
      },
    );
    expect(individual.status).toBe(404);
  });

  it('refuses a pack not on sale to the organization, or a pack twice, and orders nothing', async () => {
    const before = await h.pool.query(
      `SELECT count(*) FROM orders WHERE org_slno = ${String(ORG)}`,
    );
    const otherL1 = await checkout(
      sara,
      { category: 'counter', items: [{ paxUniqueId: `CNT-${String(OTHER_L1)}-500`, quantity: 1 }] },
      randomUUID(),
      'ar',
    );
    expect(otherL1.status).toBe(422);
    expect(otherL1.body.message).toMatch(/لم تعد معروضة لمنشأتك/);
    const wrongCategory = await checkout(sara, {
      category: 'counter',
      items: [{ paxUniqueId: 'ROLE-AS-5', quantity: 1 }],
    });
    expect(wrongCategory.status).toBe(422);
    const twice = await checkout(sara, {
      category: 'role',
      items: [
        { paxUniqueId: 'ROLE-AS-5', quantity: 1 },
        { paxUniqueId: 'ROLE-AS-5', quantity: 2 },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toMatch(/listed twice/);
    const after = await h.pool.query(`SELECT count(*) FROM orders WHERE org_slno = ${String(ORG)}`);
    expect(after.rows).toEqual(before.rows);
  });

  it('lets only a member who may buy order, in their own organization', async () => {
    // Reem is an Organization User of the organization under the L2: she may not buy there.
    const user = await checkout(reem, {
      sipSlNo: L2,
      category: 'role',
      items: [{ paxUniqueId: 'ROLE-AS-5', quantity: 1 }],
    });
    expect(user.status).toBe(403);
    // Khalid is not a member of Sara's organization.
    const stranger = await checkout(khalid, {
      category: 'role',
      items: [{ paxUniqueId: 'ROLE-AS-5', quantity: 1 }],
    });
    expect(stranger.status).toBe(403);
  });
});

describe('buying counters and seats', () => {
  it('credits counters once when paid: two lots, the grid’s row, its lines, the dashboard', async () => {
    const esign = await balance('esign');
    const order = await checkout(sara, {
      category: 'counter',
      items: [
        { paxUniqueId: `CNT-${String(L1)}-500`, quantity: 2 },
        { paxUniqueId: `CNT-${String(L1)}-2000`, quantity: 1 },
      ],
    });
    expect(order.status).toBe(200);
    // 2 × 1,750 + 6,000 before VAT, VAT 15 % per line.
    expect(order.body).toMatchObject({ price: 9500, tax: 1425, totalPrice: 10925 });
    expect(order.body.paymentUrl).toContain('/simulators/gateway/');
    const id = gatewayIdOf(order.body.paymentUrl);
    expect((await h.gatewaySimulator.get(id))?.returnUrl).toContain(
      '/app/org/paymentStatus?payment=',
    );
    // Nothing is credited before the payment.
    expect(await balance('esign')).toEqual(esign);

    await pay(order.body.paymentUrl);
    expect((await balance('esign')).total).toBe(esign.total + 3000);
    const status = await h.call(
      'GET',
      `/api/v1/esign/my/payment/status/${String(order.body.encodedPaymentSlno)}`,
      { token: sara },
    );
    expect(status.body.paymentStatus).toBe('success');

    // The gateway tells us four more times: still one credit.
    const payment = await h.gatewaySimulator.get(id);
    if (!payment) throw new Error('no payment');
    for (let time = 0; time < 4; time += 1) {
      const again = await h.notifyPayment({
        id,
        reference: payment.reference,
        status: 'paid',
        amount: payment.amount,
      });
      expect(again.status).toBe(200);
    }
    expect((await balance('esign')).total).toBe(esign.total + 3000);
    const credits = await h.pool.query(
      `SELECT quantity FROM counter_entries WHERE org_slno = ${String(ORG)} AND kind = 'purchase' AND reference LIKE $1 ORDER BY reference`,
      [`order:${String(order.body.encodedOrderSlno)}:%`],
    );
    expect(credits.rows).toEqual([{ quantity: 1000 }, { quantity: 2000 }]);

    const purchases = await grid('/api/v1/buy/org/counters');
    const row = purchases.body.dataList.find(
      (one: { transactionNo: string }) => one.transactionNo === order.body.encodedOrderSlno,
    );
    expect(row).toMatchObject({ status: 'success', productsInQuantity: 3, paymentMode: 'Online' });
    const lines = await h.call(
      'POST',
      `/api/v1/buy/org/counters/quantityGridCounter/${String(row.productKeyRequestSlNo)}`,
      { token: sara, body: { sipSlNo: ORG }, language: 'ar' },
    );
    expect(lines.body.dataList).toMatchObject([
      { planDescription: '٥٠٠ عملية توقيع إلكتروني', size: 500, quantity: 2, price: 3500 },
      { planDescription: '٢٬٠٠٠ عملية توقيع إلكتروني', size: 2000, quantity: 1, totalPrice: 6900 },
    ]);
    expect(lines.body.dataList[0].validity).toMatch(/شهر/);

    // The report lists the two new lots, named and priced as sold.
    const report = await grid('/api/v1/reports/org/esign/deduction/summary', sara, {
      search: 'eSign counters',
    });
    expect(
      report.body.dataList.map((lot: { planName: string; totalCounters: number }) => [
        lot.planName,
        lot.totalCounters,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['500 eSign counters', 1000],
        ['2,000 eSign counters', 2000],
      ]),
    );
    const dashboard = await h.call('POST', '/api/v1/dashboard/dashboardDetailsForEnrolmentAdmin', {
      token: sara,
      body: { organizationSlNo: ORG, sipSlno: ORG },
    });
    // The card counts every counter bought; the ledger's total has what expired taken out
    // (issue 43), and what remains is the ledger's balance.
    const now = await balance('esign');
    const card = dashboard.body.esignCounters;
    expect(card.total - card.expired).toBe(now.total);
    expect(card.remaining).toBe(now.total - now.utilized);

    // Another organization's admin cannot open this order's lines.
    const foreign = await h.call(
      'POST',
      `/api/v1/buy/org/counters/quantityGridCounter/${String(row.productKeyRequestSlNo)}`,
      { token: khalid, body: { sipSlNo: L2 } },
    );
    expect(foreign.status).toBe(404);
    const notified = await h.pool.query(
      `SELECT count(*) FROM notifications n JOIN users u USING (user_slno)
        WHERE u.user_slno = $2 AND n.message_en LIKE $1`,
      [`%${String(order.body.encodedOrderSlno)}%`, saraPerson.userSlno],
    );
    expect(notified.rows).toEqual([{ count: 1 }]);
  });

  it('makes one order of 50 concurrent purchases with one key', async () => {
    const key = `org-burst-${randomUUID()}`;
    const body = { category: 'role' as const, items: [{ paxUniqueId: 'ROLE-OU-25', quantity: 1 }] };
    const answers = await Promise.all(Array.from({ length: 50 }, () => checkout(sara, body, key)));
    const served = answers.filter((answer) => answer.status === 200);
    expect(served.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((answer) => [200, 409].includes(answer.status))).toBe(true);
    expect(new Set(served.map((answer) => answer.body.encodedPaymentSlno)).size).toBe(1);
    const orders = await h.pool.query(
      `SELECT count(*) FROM orders WHERE org_slno = ${String(ORG)} AND idempotency_key = $1`,
      [key],
    );
    expect(orders.rows).toEqual([{ count: 1 }]);
  });

  it('gives seats when role packs are paid, priced in the allocation history; a refusal lists as failure', async () => {
    const signatories = await balance('authorizedSignatory');
    const order = await checkout(sara, {
      category: 'role',
      items: [{ paxUniqueId: 'ROLE-AS-5', quantity: 2 }],
    });
    expect(order.body).toMatchObject({ price: 3000, tax: 450, totalPrice: 3450 });
    await pay(order.body.paymentUrl, 'decline');
    expect(await balance('authorizedSignatory')).toEqual(signatories);
    const refused = await grid('/api/v1/buy/org/role/plans', sara, { statuses: ['failure'] });
    expect(
      refused.body.dataList.find(
        (row: { transactionNo: string }) => row.transactionNo === order.body.encodedOrderSlno,
      ),
    ).toMatchObject({
      status: 'failure',
      totalPrice: 3450,
      planName: '5 Authorized Signatory seats',
    });

    // Paid on a second attempt: the seats, once; the row is now a success.
    const again = await h.call('POST', '/api/v1/esign/my/payment/initiate', {
      token: sara,
      body: { encodedPaymentSlno: order.body.encodedPaymentSlno },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(again.status).toBe(200);
    await pay(again.body.paymentUrl);
    expect((await balance('authorizedSignatory')).total).toBe(signatories.total + 10);
    const bought = await grid('/api/v1/buy/org/role/plans', sara, { statuses: ['success'] });
    expect(
      bought.body.dataList.find(
        (row: { transactionNo: string }) => row.transactionNo === order.body.encodedOrderSlno,
      ),
    ).toMatchObject({ status: 'success', productsInQuantity: 2 });

    const history = await grid('/api/v1/reports/org/counter/allocation/history', sara, {}, 'ar');
    expect(history.body.dataList[0]).toMatchObject({
      paxDescription: '٥ مقاعد للمفوّض بالتوقيع',
      paxSize: 10,
      salesPrice: 3000,
      baseprice: 300,
    });
  });

  it('exports the purchases grid with its rows', async () => {
    const listed = await grid('/api/v1/buy/org/counters');
    const file = await h.call('POST', '/api/v1/excel/report/exportPurchaseCounter', {
      token: sara,
      body: { sipSlNo: ORG, language: 'en' },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Counter_Purchased_Plan.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const ids: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) ids.push(row.getCell(1).text);
    });
    expect(ids).toEqual(
      listed.body.dataList.map((row: { transactionNo: string }) => row.transactionNo),
    );
  });
});
