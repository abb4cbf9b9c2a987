/**
 * Purchase orders (issue 15): packs of the L1 provider's catalogue ordered to pay by bank
 * transfer, to the provider's account; the organization records its transfer, the provider
 * confirms receipt (credited once) or says it did not arrive (remarks; another transfer may be
 * recorded); every step in the row, the export the grid. The provider is its staff (issue 36):
 * nobody of the ordering organization confirms, and above the four-eyes amount two staff do.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';
import { freshInsider, freshL1Customers, providerNames, type FreshPerson } from './world.js';
import { purchaseFileFields, purchaseRowFields } from './sheets.js';

const h = await startHarness();

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

// An L1 provider with its staff; an organization directly under it, whose Enrolment Admin and
// Authorized Signatory order; the Enrolment Admin of a customer of one of its L2 providers; and
// an organization of another L1 whose Enrolment Admin is on that L1's staff.
const customers = await freshL1Customers(h);
const { l1, underL2, admin: saraPerson, signatory: reemPerson } = customers;
const L1 = l1.sipSlno;
const ORG = customers.orgSlno;
const elsewhere = await freshInsider(h);
const OTHER_L1 = elsewhere.l1.sipSlno;
const sara = (await h.signIn(saraPerson.nationalId)).token;
const reem = (await h.signIn(reemPerson.nationalId)).token;
const khalid = (await h.signIn((underL2.members[0] as FreshPerson).nationalId)).token;
/** The L1's Provider Finance and Provider Admin. */
const omar = (await h.signIn(l1.finance.nationalId)).token;
const nada = (await h.signIn(l1.admin.nationalId)).token;

const post = (token: string, path: string, body: object, language = 'en') =>
  h.call('POST', path, {
    token,
    language,
    body,
    headers: { 'idempotency-key': randomUUID() },
  });

const create = (items: object[], category = 'counter') =>
  post(reem, '/api/v1/purchase/org/requests/create', { orgSlNo: ORG, category, items });
const transfer = (requestSlNo: number, transferReference: string) =>
  post(reem, '/api/v1/purchase/org/requests/transfer', {
    orgSlNo: ORG,
    requestSlNo,
    transferReference,
  });
const confirm = (requestSlNo: number, received: boolean, remarks?: string, token = omar) =>
  post(token, '/api/v1/purchase/provider/requests/confirm', {
    l1SipId: L1,
    requestSlNo,
    received,
    ...(remarks === undefined ? {} : { remarks }),
  });

interface Row {
  transactionNo: string;
  productKeyRequestSlNo: number;
  status: string;
  totalPrice: number;
  paymentMode: string;
  errorMessage: string | null;
  errorCode: string | null;
}

async function rowOf(id: number): Promise<Row | undefined> {
  const list = await post(sara, '/api/v1/purchase/org/requests', {
    orgSlNo: ORG,
    pageNumber: 1,
    pageSize: 50,
  });
  return (list.body.dataList as Row[]).find((row) => row.productKeyRequestSlNo === id);
}

async function esignTotal(): Promise<number> {
  const { rows } = await h.pool.query<{ total: number }>(
    `SELECT total FROM organization_counters WHERE org_slno = ${String(ORG)} AND counter = 'esign'`,
  );
  return rows[0]?.total ?? 0;
}

describe('a purchase order', () => {
  it('offers the catalogue by category and the provider’s account', async () => {
    const counters = await post(
      reem,
      `/api/v1/purchase/org/requests/plans/counter/${String(ORG)}`,
      {},
    );
    expect(counters.body.dataList.map((row: { paxUniqueId: string }) => row.paxUniqueId)).toEqual([
      `CNT-${String(L1)}-500`,
      `CNT-${String(L1)}-2000`,
      `CNT-${String(L1)}-10000`,
    ]);
    const special = await post(
      reem,
      `/api/v1/purchase/org/requests/plans/special/${String(ORG)}`,
      {},
    );
    expect(special.body).toEqual({ dataList: [], vat: 15 });
    const payee = await h.call('GET', `/api/v1/purchase/org/requests/payee/${String(ORG)}`, {
      token: reem,
      language: 'ar',
    });
    expect(payee.body).toEqual({
      providerName: providerNames(L1).ar,
      bankName: 'مصرف الراجحي',
      iban: 'SA0380000000608010167519',
    });
  });

  it('is paid by a transfer the provider confirms: refused once, then received and credited once', async () => {
    const made = await create([{ paxUniqueId: `CNT-${String(L1)}-500`, quantity: 2 }]);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ totalPrice: 4025, payee: { bankName: 'Al Rajhi Bank' } });
    const id = made.body.id as number;
    expect(made.body.transactionNo).toBe(`PO-${String(id).padStart(6, '0')}`);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', paymentMode: 'Bank transfer' });
    const lines = await post(
      reem,
      `/api/v1/purchase/org/requests/quantityGridPurchaseOrder/${String(id)}/counter`,
      { orgSlNo: ORG },
    );
    expect(lines.body.dataList).toMatchObject([{ size: 500, quantity: 2, totalPrice: 4025 }]);

    // Nothing to confirm before a transfer is recorded.
    expect((await confirm(id, true)).status).toBe(409);
    expect((await transfer(id, 'TRF-2026-0001')).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'paymentInitiated' });
    expect((await transfer(id, 'TRF-2026-0002')).status).toBe(409);

    const provider = await post(omar, '/api/v1/purchase/provider/requests', {
      l1SipId: L1,
      pageNumber: 1,
      pageSize: 50,
      statuses: ['paymentInitiated'],
    });
    expect(provider.body.dataList).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          productKeyRequestSlNo: id,
          organizationName: `Test Company ${String(ORG)}`,
          transferReference: 'TRF-2026-0001',
        }),
      ]),
    );
    const before = await esignTotal();
    expect((await confirm(id, false, '  ')).status).toBe(422);
    expect((await confirm(id, false, 'No transfer with this reference reached us.')).status).toBe(
      200,
    );
    expect(await rowOf(id)).toMatchObject({
      status: 'paymentFailure',
      errorMessage: 'No transfer with this reference reached us.',
      errorCode: 'TRANSFER_NOT_RECEIVED',
    });
    expect(await esignTotal()).toBe(before);

    expect((await transfer(id, 'TRF-2026-0003')).status).toBe(200);
    expect((await confirm(id, true)).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'paymentSuccess', errorCode: null });
    expect(await esignTotal()).toBe(before + 1000);
    expect((await confirm(id, true)).status).toBe(409);
    expect(await esignTotal()).toBe(before + 1000);
    // The counters bought list it, paid by bank transfer.
    const bought = await post(sara, '/api/v1/buy/org/counters', {
      sipSlNo: ORG,
      pageNumber: 1,
      pageSize: 50,
    });
    expect(bought.body.dataList[0]).toMatchObject({
      status: 'success',
      paymentMode: 'Bank transfer',
      productsInQuantity: 2,
    });
  });

  it('is never confirmed by the organization that ordered it: a made-up transfer stays unconfirmed (issue 36)', async () => {
    const made = await create([{ paxUniqueId: `CNT-${String(L1)}-500`, quantity: 1 }]);
    const id = made.body.id as number;
    expect((await transfer(id, 'MADE-UP-1')).status).toBe(200);
    const before = await esignTotal();
    for (const token of [sara, reem])
      expect((await confirm(id, true, undefined, token)).status).toBe(403);
    expect(await rowOf(id)).toMatchObject({ status: 'paymentInitiated' });
    expect(await esignTotal()).toBe(before);
  });

  it('is not confirmed by a staff member who belongs to the ordering organization (issue 36)', async () => {
    // Fahad: Enrolment Admin of an organization and Provider Admin of its L1; Yousef: that L1's
    // Finance.
    const fahad = (await h.signIn(elsewhere.insider.nationalId)).token;
    const yousef = (await h.signIn(elsewhere.l1.finance.nationalId)).token;
    const made = await post(fahad, '/api/v1/purchase/org/requests/create', {
      orgSlNo: elsewhere.customer.orgSlno,
      category: 'counter',
      items: [{ paxUniqueId: `CNT-${String(OTHER_L1)}-500`, quantity: 1 }],
    });
    expect(made.status).toBe(200);
    const id = made.body.id as number;
    const recorded = await post(fahad, '/api/v1/purchase/org/requests/transfer', {
      orgSlNo: elsewhere.customer.orgSlno,
      requestSlNo: id,
      transferReference: `TRF-${String(elsewhere.customer.orgSlno)}-1`,
    });
    expect(recorded.status).toBe(200);
    const confirmAt410 = (token: string) =>
      post(token, '/api/v1/purchase/provider/requests/confirm', {
        l1SipId: OTHER_L1,
        requestSlNo: id,
        received: true,
      });
    const own = await confirmAt410(fahad);
    expect(own.status).toBe(403);
    expect(own.body.message).toContain('member of the organization this decision is about');
    const byStaff = await confirmAt410(yousef);
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.awaitingSecondStaff).toBe(false);
  });

  it('above the four-eyes amount, is credited when a second staff member confirms it too (issue 36)', async () => {
    // 7 × 1,750 SAR = 12,250 SAR before VAT, above the default 10,000.
    const made = await create([{ paxUniqueId: `CNT-${String(L1)}-500`, quantity: 7 }]);
    const id = made.body.id as number;
    expect((await transfer(id, 'TRF-2026-0777')).status).toBe(200);
    const before = await esignTotal();
    const first = await confirm(id, true);
    expect(first.body).toMatchObject({ status: '1', awaitingSecondStaff: true });
    expect(await rowOf(id)).toMatchObject({ status: 'paymentInitiated' });
    expect(await esignTotal()).toBe(before);
    expect((await confirm(id, true)).status).toBe(409);
    const second = await confirm(id, true, undefined, nada);
    expect(second.body.awaitingSecondStaff).toBe(false);
    expect(await rowOf(id)).toMatchObject({ status: 'paymentSuccess' });
    expect(await esignTotal()).toBe(before + 3500);
  });

  it('refuses what is not on sale or twice; the provider’s list is the L1’s alone', async () => {
    expect(
      (await create([{ paxUniqueId: `CNT-${String(OTHER_L1)}-500`, quantity: 1 }])).status,
    ).toBe(422);
    expect(
      (
        await create([
          { paxUniqueId: `CNT-${String(L1)}-500`, quantity: 1 },
          { paxUniqueId: `CNT-${String(L1)}-500`, quantity: 1 },
        ])
      ).status,
    ).toBe(422);
    const l2 = await post(khalid, '/api/v1/purchase/provider/requests', {
      l1SipId: L1,
      pageNumber: 1,
      pageSize: 50,
    });
    expect(l2.status).toBe(403);
  });

  it('exports the organization’s purchase orders as its grid has them', async () => {
    await create([{ paxUniqueId: 'ROLE-AS-5', quantity: 1 }], 'role');
    const list = await post(sara, '/api/v1/purchase/org/requests', {
      orgSlNo: ORG,
      pageNumber: 1,
      pageSize: 50,
    });
    const file = await post(sara, '/api/v1/excel/report/exportPurchaseOrderRequest', {
      orgSlNo: ORG,
      language: 'en',
    });
    expect(file.headers.get('content-disposition')).toContain('Purchase_Order_Request.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw as unknown as ArrayBuffer);
    const ids: string[] = [];
    book.worksheets[0]?.eachRow((row, number) => {
      if (number > 1) ids.push(row.getCell(1).text);
    });
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual((list.body.dataList as Row[]).map((row) => row.transactionNo));
    // The failure details and the plan's amounts the rows carry (SPEC §3, §8), not only a message.
    const rows = list.body.dataList as Record<string, unknown>[];
    expect(purchaseFileFields(book, rows)).toEqual(purchaseRowFields(rows));
  });
});
