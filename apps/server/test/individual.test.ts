import { beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { COMPANY } from '@tawqi/domain';
import { readInvoiceQr } from '../src/modules/payments/invoiceQr.js';
import { DEVICE, startHarness } from './harness.js';
import { freshIndividual, freshPerson } from './world.js';
import { exportedSheet } from './sheets.js';

const h = await startHarness();

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

// A person with the demo individual's history (and an organization), and one with nothing yet.
const individual = await freshIndividual(h);
const { person: saraPerson, ids } = individual;
const ORG = String(individual.orgSlno);
const nouraPerson = await freshPerson(h);
const SARA = saraPerson.nationalId;
const NOURA = nouraPerson.nationalId;
const sara = (await h.signIn(SARA)).token;
const noura = (await h.signIn(NOURA)).token;
const as = (token: string, language = 'en') => ({
  get: (path: string) => h.call('GET', path, { token, language }),
  post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
    h.call('POST', path, { token, body, language, headers }),
});

describe('my profile and account (SPEC §7 "Profile")', () => {
  it('shows the signed-in user with a masked national id', async () => {
    const profile = await as(sara).get('/api/v1/profile/my');
    expect(profile.body).toMatchObject({
      fullNameEnglish: saraPerson.name,
      fullNameArabic: saraPerson.nameAr,
      maskedNationalId: `******${SARA.slice(-4)}`,
      mobile: saraPerson.mobile,
      nationality: 'Saudi Arabia',
    });
    const inArabic = await as(sara, 'ar').get('/api/v1/profile/my');
    expect(inArabic.body.nationality).toBe('المملكة العربية السعودية');
  });

  it('lists mobiles and e-mails per organization, the first as primary', async () => {
    expect((await as(sara).get('/api/v1/profile/my/organizations/mobiles')).body.dataList).toEqual([
      {
        organizationName: `Test Company ${ORG}`,
        organizationNameArabic: `شركة الاختبار ${ORG}`,
        isPrimary: true,
        mobile: saraPerson.mobile,
      },
    ]);
    expect((await as(noura).get('/api/v1/profile/my/organizations/emails')).body.dataList).toEqual(
      [],
    );
  });

  it('lists agreements and downloads them as PDF attachments, but never another user’s', async () => {
    const agreements = await as(sara).get('/api/v1/profile/my/agreements');
    expect(agreements.body.dataList).toHaveLength(2);
    const inArabic = await as(sara, 'ar').get('/api/v1/profile/my/agreements');
    // Each says what it is, in what role and for whom, and when it was accepted.
    expect(
      inArabic.body.dataList.map(
        (row: { title: string; userType: string; organization: string; acceptedAt: string }) => [
          row.title,
          row.userType,
          row.organization,
          typeof row.acceptedAt,
        ],
      ),
    ).toEqual([
      ['شروط استخدام منصة توقيع', 'فرد', '', 'string'],
      ['اتفاقية المشترك', 'مسؤول التسجيل', `شركة الاختبار ${ORG}`, 'string'],
    ]);
    const download = await fetch(`${h.baseUrl}/api/v1/profile/my/agreements/${ids.terms}`, {
      headers: { authorization: `Bearer ${sara}`, 'x-device-id': DEVICE },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Tawqi_Terms_of_Use.pdf"; filename*=UTF-8''Tawqi_Terms_of_Use.pdf`,
    );
    expect(download.headers.get('content-security-policy')).toBe('sandbox');
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await as(noura).get(`/api/v1/profile/my/agreements/${ids.terms}`)).status).toBe(404);
  });

  it('lists the devices a user signed in from, named after their browsers, this one first', async () => {
    const devices = await as(sara).get('/api/v1/devices/registeredDevices/1/10');
    expect(devices.body.totalCount).toBe(1);
    // The test's fetch names no browser.
    expect(devices.body.dataList[0]).toMatchObject({ deviceType: 'Browser', isThisDevice: true });

    const phone = 'e'.repeat(64);
    await h.signIn(
      NOURA,
      phone,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    const fromDesktop = await as(noura, 'ar').get('/api/v1/devices/registeredDevices/1/10');
    expect(fromDesktop.body.dataList).toMatchObject([
      { isThisDevice: true, deviceType: 'متصفح', deviceModel: 'متصفح ويب' },
      {
        isThisDevice: false,
        deviceType: 'هاتف جوال',
        deviceModel: 'Safari · iOS',
        appVersion: '18',
      },
    ]);
  });

  it('removes a device: its sessions end at once, and nobody else can remove it', async () => {
    const laptop = 'f'.repeat(64);
    const elsewhere = await h.signIn(NOURA, laptop);
    const listed = await h.call('GET', '/api/v1/devices/registeredDevices/1/10', {
      token: elsewhere.token,
      deviceId: laptop,
    });
    const device = listed.body.dataList.find((row: { isThisDevice: boolean }) => row.isThisDevice);
    const remove = { deviceSlno: device.deviceSlno };

    expect((await as(sara).post('/api/v1/devices/registeredDevices/remove', remove)).status).toBe(
      404,
    );
    const removed = await as(noura).post('/api/v1/devices/registeredDevices/remove', remove);
    expect(removed.status).toBe(200);
    // The laptop's session is over: its access token and its refresh token both stop working.
    expect(
      (await h.call('GET', '/api/v1/profile/my', { token: elsewhere.token, deviceId: laptop }))
        .status,
    ).toBe(401);
    const refreshed = await h.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: elsewhere.refreshToken, deviceID: laptop },
      deviceId: laptop,
    });
    expect(refreshed.status).toBe(401);
    // This device's session goes on, and the list no longer has the laptop.
    const after = await as(noura).get('/api/v1/devices/registeredDevices/1/10');
    expect(after.status).toBe(200);
    expect(after.body.dataList.map((row: { deviceSlno: number }) => row.deviceSlno)).not.toContain(
      device.deviceSlno,
    );
    const audit = await h.pool.query<{ action: string; target: string }>(
      "SELECT action, target FROM audit_log WHERE action = 'device.removed'",
    );
    expect(audit.rows).toEqual([{ action: 'device.removed', target: String(device.deviceSlno) }]);
  });

  it('shows notifications in the caller’s language and marks them read', async () => {
    const arabic = await as(sara, 'ar').get('/api/v1/dashboard/my/notifications');
    expect(arabic.body.dataList[0].title).toBe('الباقة قاربت على الانتهاء');
    expect(arabic.body.unreadCount).toBe(2);
    const unread = arabic.body.dataList
      .filter((item: { isRead: boolean }) => !item.isRead)
      .map((item: { notificationSlno: number }) => item.notificationSlno);
    await as(sara).post('/api/v1/dashboard/my/notifications/read', { notificationSlnos: unread });
    expect((await as(sara).get('/api/v1/dashboard/my/notifications')).body.unreadCount).toBe(0);
  });

  it('answers 404 for another person’s notification, and marks none of the list read', async () => {
    const [own, others] = await Promise.all(
      [saraPerson, nouraPerson].map(async (person) => {
        const { rows } = await h.ownerPool.query<{ notification_slno: number }>(
          `INSERT INTO notifications (user_slno, title_en, title_ar, message_en, message_ar, created_at)
           VALUES ($1, 'T', 'ت', 'M', 'ر', now()) RETURNING notification_slno`,
          [person.userSlno],
        );
        return rows[0]?.notification_slno ?? 0;
      }),
    );
    const refused = await as(sara).post('/api/v1/dashboard/my/notifications/read', {
      notificationSlnos: [own, others],
    });
    expect(refused.status).toBe(404);
    const { rows } = await h.ownerPool.query<{ is_read: boolean }>(
      'SELECT is_read FROM notifications WHERE notification_slno = ANY($1) ORDER BY notification_slno',
      [[own, others]],
    );
    expect(rows).toEqual([{ is_read: false }, { is_read: false }]);
  });

  it('needs a session for all of it', async () => {
    expect((await h.call('GET', '/api/v1/profile/my')).status).toBe(401);
  });
});

describe('my transactions and documents', () => {
  it('pages zero-based, newest first, with the total', async () => {
    const first = await as(sara).post('/api/v1/esign/my/transactions', {
      type: 0,
      limit: 10,
      page: 0,
    });
    expect(first.body.totalCount).toBe(24);
    expect(first.body.dataList).toHaveLength(10);
    expect(first.body.dataList[0].transactionID).toBe(ids.transaction(0));
    const last = await as(sara).post('/api/v1/esign/my/transactions', {
      type: 0,
      limit: 10,
      page: 2,
    });
    expect(last.body.dataList).toHaveLength(4);
    // In order across the pages (the page and its total come from one statement).
    const dates = [...first.body.dataList, ...last.body.dataList].map(
      (row: { transactionDate: string }) => row.transactionDate,
    );
    expect(dates.slice(0, 10)).toEqual([...dates.slice(0, 10)].sort().reverse());
    const beyond = await as(sara).post('/api/v1/esign/my/transactions', {
      type: 0,
      limit: 10,
      page: 9,
    });
    expect(beyond.body).toMatchObject({ dataList: [], totalCount: 24 });
  });

  it('filters by status and dates, with labels in the caller’s language', async () => {
    const failed = await as(sara, 'ar').post('/api/v1/esign/my/transactions', {
      type: 3,
      limit: 50,
      page: 0,
      statuses: ['failed'],
    });
    expect(failed.body.totalCount).toBe(6);
    expect(
      failed.body.dataList.every(
        (row: { status: string; statusLabel: string }) =>
          row.status === 'failed' && row.statusLabel === 'فاشلة',
      ),
    ).toBe(true);
    // Plan types and roles are stored as English codes and come back in the caller's language.
    const terms = new Set(
      failed.body.dataList.flatMap((row: { planType: string; userRole: string }) => [
        row.planType,
        row.userRole,
      ]),
    );
    expect([...terms].sort()).toEqual(['باقة الترحيب', 'فرد']);
    const recent = await as(sara).post('/api/v1/esign/my/transactions', {
      type: 3,
      limit: 50,
      page: 0,
      fromDate: '2026-11-15',
      toDate: '2026-11-21',
    });
    expect(recent.body.totalCount).toBe(3);
  });

  it('lists a transaction’s documents, but not another user’s', async () => {
    const documents = await as(sara).post('/api/v1/esign/my/documents', {
      transactionID: ids.transaction(2),
    });
    expect(
      documents.body.dataList.map((item: { documentName: string }) => item.documentName),
    ).toEqual(['Employment contract.pdf', 'عقد إيجار.pdf', 'Purchase order 2026-114.pdf']);
    expect(
      (await as(noura).post('/api/v1/esign/my/documents', { transactionID: ids.transaction(2) }))
        .status,
    ).toBe(404);
    expect(
      (await as(noura).get(`/api/v1/esign/my/transaction/status/${ids.transaction(2)}`)).status,
    ).toBe(404);
    const status = await as(sara).get(`/api/v1/esign/my/transaction/status/${ids.transaction(2)}`);
    expect(status.body).toMatchObject({
      transactionID: ids.transaction(2),
      documents: expect.arrayContaining([
        expect.objectContaining({ documentName: 'عقد إيجار.pdf' }),
      ]),
    });
  });

  it('exports the filtered transactions as .xlsx in the chosen language, and only the caller’s', async () => {
    const filter = { statuses: ['failed'], fromDate: null, toDate: null };
    const { download, sheet } = await exportedSheet(
      h.baseUrl,
      sara,
      '/api/v1/excel/report/exportMyTransactions',
      { ...filter, language: 'ar' },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="ESign_Transactions.xlsx"; filename*=UTF-8''ESign_Transactions.xlsx`,
    );
    expect(download.headers.get('content-security-policy')).toBe('sandbox');
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(sheet.getRow(1).getCell(1).value).toBe('رقم العملية');
    const grid = await as(sara, 'ar').post('/api/v1/esign/my/transactions', {
      type: 3,
      limit: 50,
      page: 0,
      ...filter,
    });
    const exported = Array.from({ length: sheet.rowCount - 1 }, (_, index) => {
      const row = sheet.getRow(index + 2);
      return { id: row.getCell(1).value, status: row.getCell(7).value };
    });
    expect(exported).toEqual(
      grid.body.dataList.map((row: { transactionID: string; statusLabel: string }) => ({
        id: row.transactionID,
        status: row.statusLabel,
      })),
    );
    expect(exported).toHaveLength(6);
    const { sheet: nourasSheet } = await exportedSheet(
      h.baseUrl,
      noura,
      '/api/v1/excel/report/exportMyTransactions',
      { language: 'en' },
    );
    expect(nourasSheet.rowCount).toBe(1);
  });

  it('summarizes the dashboard: balance, utilization, recent transactions', async () => {
    const dashboard = await as(sara).post('/api/v1/dashboard/my/dashboard', {});
    expect(dashboard.body).toMatchObject({
      totalTransactions: 5,
      utilizedTransactions: 2,
      balanceTransactions: 3,
      activePlans: 1,
    });
    expect(dashboard.body.recentTransactions).toHaveLength(5);
  });
});

describe('buying a plan (order → gateway → purchased plan)', () => {
  const buy = (token: string, key: string, productPricingDetailsSlno = 3) =>
    as(token).post(
      '/api/v1/esign/my/plans/buy',
      { productPricingDetailsSlno },
      { 'idempotency-key': key },
    );
  const gatewayIdOf = (paymentUrl: string) => paymentUrl.split('/').at(-1) as string;
  /** Pay again, as the portal does: every call with money effects carries a fresh key. */
  const payAgain = (token: string, encodedPaymentSlno: string) =>
    as(token).post(
      '/api/v1/esign/my/payment/initiate',
      { encodedPaymentSlno },
      { 'idempotency-key': `again-${randomUUID()}` },
    );
  const notify = (payment: Parameters<typeof h.notifyPayment>[0]) => h.notifyPayment(payment);
  const plansOf = async (token: string) =>
    (await as(token).get('/api/v1/esign/my/subscription/plans/purchased/1/10')).body;

  it('lists the plans in force as current plans, the welcome pack among them', async () => {
    const current = await as(sara).get('/api/v1/esign/my/subscription/plans/current/1/10');
    expect(current.body).toMatchObject({
      totalCount: 1,
      dataList: [{ planUniqueID: ids.plan, status: 'active', balance: 3 }],
    });
  });

  it('shows the welcome pack until a plan is bought', async () => {
    expect(await plansOf(noura)).toEqual({ welcomePackList: [], totalCount: 0 });
    const sarasPlans = await plansOf(sara);
    expect(sarasPlans.welcomePackList[0]).toMatchObject({
      transactions: 5,
      utilized: 2,
      balance: 3,
      statusLabel: 'Active',
    });
  });

  it('prices with the server’s VAT, pays on the hosted page, and adds the plan with its balance', async () => {
    const order = await buy(noura, 'key-buy-0001');
    expect(order.body).toMatchObject({
      price: 399,
      tax: 59.85,
      totalPrice: 458.85,
      paymentUrl: expect.stringContaining('/simulators/gateway/pay/'),
    });
    const page = await fetch(order.body.paymentUrl).then((response) => response.text());
    expect(page).toContain('458.85 SAR');
    const paid = await fetch(order.body.paymentUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(
      `/app/my/paymentStatus?payment=${String(order.body.encodedPaymentSlno)}`,
    );
    const status = await as(noura).get(
      `/api/v1/esign/my/payment/status/${String(order.body.encodedPaymentSlno)}`,
    );
    expect(status.body).toMatchObject({ paymentStatus: 'success', amount: 458.85 });
    const plans = await plansOf(noura);
    expect(plans.purchasedPlanList).toHaveLength(1);
    expect(plans.purchasedPlanList[0]).toMatchObject({
      planName: 'Professional',
      transactions: 50,
      utilized: 0,
      balance: 50,
      price: 399,
      tax: 59.85,
      totalPrice: 458.85,
    });
    const history = await as(noura).get('/api/v1/esign/my/subscription/payment/history/1/10');
    expect(history.body.dataList[0]).toMatchObject({
      status: 'success',
      amount: 458.85,
      amountWithoutTax: 399,
      initiatePayment: false,
      recheckPayment: false,
    });
  });

  it('makes one order of a double click (same Idempotency-Key), and asks for the key', async () => {
    const first = await buy(noura, 'key-double-0001');
    const second = await buy(noura, 'key-double-0001');
    expect(second.body.encodedOrderSlno).toBe(first.body.encodedOrderSlno);
    expect(second.body.paymentUrl).toBe(first.body.paymentUrl);
    expect(
      (await as(noura).post('/api/v1/esign/my/plans/buy', { productPricingDetailsSlno: 3 })).status,
    ).toBe(400);
  });

  it('changes nothing twice when the callback is replayed or a recheck races it', async () => {
    const order = await buy(noura, 'key-replay-0001', 2);
    const gatewayId = gatewayIdOf(order.body.paymentUrl);
    await h.gatewaySimulator.decide(gatewayId, 'pay');
    const sent = (await h.gatewaySimulator.sentEvents()).at(-1);
    if (!sent) throw new Error('the simulator sent no event');
    const replay = () =>
      fetch(`${h.baseUrl}/api/v1/payments/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gateway-signature': sent.signature },
        body: sent.body,
      });
    expect((await replay()).status).toBe(409);
    // The same payment reported again under a new event id settles nothing more.
    const payment = {
      id: gatewayId,
      reference: order.body.encodedPaymentSlno,
      status: 'paid',
      amount: 11385,
    };
    expect((await notify(payment)).status).toBe(200);
    await as(noura).post('/api/v1/esign/my/payment/recheck', {
      encodedPaymentSlno: order.body.encodedPaymentSlno,
    });
    const plans = await h.pool.query(
      'SELECT count(*) FROM purchased_plans p JOIN orders o USING (order_slno) WHERE o.encoded_id = $1',
      [order.body.encodedOrderSlno],
    );
    expect(plans.rows[0]).toEqual({ count: 1 });
  });

  it('ignores forged callbacks and refuses an amount that is not the order’s', async () => {
    const order = await buy(noura, 'key-forged-0001', 2);
    const gatewayId = gatewayIdOf(order.body.paymentUrl);
    const forged = JSON.stringify({
      eventId: 'evt_forged_0001',
      sentAt: h.clock.now.toISOString(),
      payment: {
        id: gatewayId,
        reference: order.body.encodedPaymentSlno,
        status: 'paid',
        amount: 11385,
      },
    });
    const unsigned = await fetch(`${h.baseUrl}/api/v1/payments/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gateway-signature': 'ab'.repeat(32) },
      body: forged,
    });
    expect(unsigned.status).toBe(401);
    await notify({
      id: gatewayId,
      reference: order.body.encodedPaymentSlno,
      status: 'paid',
      amount: 100,
    });
    const status = await as(noura).get(
      `/api/v1/esign/my/payment/status/${String(order.body.encodedPaymentSlno)}`,
    );
    expect(status.body.paymentStatus).toBe('failure');
    const plans = await h.pool.query(
      'SELECT count(*) FROM purchased_plans p JOIN orders o USING (order_slno) WHERE o.encoded_id = $1',
      [order.body.encodedOrderSlno],
    );
    expect(plans.rows[0]).toEqual({ count: 0 });
  });

  it('shows a failed payment, rechecks it, and pays it again from the history', async () => {
    const order = await buy(noura, 'key-failed-0001', 4);
    await h.gatewaySimulator.decide(gatewayIdOf(order.body.paymentUrl), 'decline');
    const failed = await as(noura, 'ar').post('/api/v1/esign/my/payment/recheck', {
      encodedPaymentSlno: order.body.encodedPaymentSlno,
    });
    expect(failed.body).toMatchObject({ paymentStatus: 'failure', statusLabel: 'فشل الدفع' });
    const history = await as(noura).get('/api/v1/esign/my/subscription/payment/history/1/10');
    expect(
      history.body.dataList.find(
        (row: { encodedPaymentSlno: string }) =>
          row.encodedPaymentSlno === order.body.encodedPaymentSlno,
      ),
    ).toMatchObject({ initiatePayment: true });
    const again = await payAgain(noura, order.body.encodedPaymentSlno);
    expect(again.body.encodedOrderSlno).toBe(order.body.encodedOrderSlno);
    await h.gatewaySimulator.decide(gatewayIdOf(again.body.paymentUrl), 'pay');
    expect(
      (
        await as(noura).get(
          `/api/v1/esign/my/payment/status/${String(again.body.encodedPaymentSlno)}`,
        )
      ).body.paymentStatus,
    ).toBe('success');
    // A paid order is not paid again.
    expect((await payAgain(noura, order.body.encodedPaymentSlno)).status).toBe(409);
  });

  it('shows one history item per order with its attempts, one reference, and a tax invoice once paid', async () => {
    const order = await as(noura).post(
      '/api/v1/esign/my/plans/buy',
      { productPricingDetailsSlno: 2, quantity: 2 },
      { 'idempotency-key': 'key-receipt-0001' },
    );
    await h.gatewaySimulator.decide(gatewayIdOf(order.body.paymentUrl), 'decline');
    await as(noura).post('/api/v1/esign/my/payment/recheck', {
      encodedPaymentSlno: order.body.encodedPaymentSlno,
    });
    const receipt = (encoded: string, token = noura) =>
      as(token).get(`/api/v1/esign/my/payment/receipt/${encoded}`);
    // Not paid yet: no invoice.
    expect((await receipt(order.body.encodedOrderSlno)).status).toBe(404);
    const again = await payAgain(noura, order.body.encodedPaymentSlno);
    await h.gatewaySimulator.decide(gatewayIdOf(again.body.paymentUrl), 'pay');
    const status = await as(noura).get(
      `/api/v1/esign/my/payment/status/${String(again.body.encodedPaymentSlno)}`,
    );
    expect(status.body).toMatchObject({
      paymentStatus: 'success',
      encodedOrderSlno: order.body.encodedOrderSlno,
    });

    const history = await as(noura, 'ar').get(
      '/api/v1/esign/my/subscription/payment/history/1/100',
    );
    const items = history.body.dataList.filter(
      (row: { encodedOrderSlno: string }) => row.encodedOrderSlno === order.body.encodedOrderSlno,
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      transactionId: order.body.encodedOrderSlno,
      quantity: 2,
      status: 'success',
      initiatePayment: false,
      recheckPayment: false,
      hasReceipt: true,
    });
    expect(items[0].attempts.map((attempt: { status: string }) => attempt.status)).toEqual([
      'success',
      'failure',
    ]);

    const invoice = await receipt(order.body.encodedOrderSlno);
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({
      vatNumber: COMPANY.vatNumber,
      sellerNameArabic: COMPANY.legalName.ar,
      buyerNameEnglish: nouraPerson.name,
      orderReference: order.body.encodedOrderSlno,
      vatRatePercent: 15,
      lines: [{ quantity: 2, descriptionArabic: 'التوقيع الإلكتروني: الباقة الأساسية' }],
    });
    expect(invoice.body.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    // The QR says what the paper says (ZATCA's five fields).
    expect(readInvoiceQr(invoice.body.qr)).toEqual([
      COMPANY.legalName.ar,
      COMPANY.vatNumber,
      invoice.body.issuedAt.replace(/\.\d{3}Z$/, 'Z'),
      invoice.body.amount.toFixed(2),
      invoice.body.tax.toFixed(2),
    ]);
    // Nobody else's to see.
    expect((await receipt(order.body.encodedOrderSlno, sara)).status).toBe(404);
  });

  it('keeps one user’s payments from another', async () => {
    const order = await buy(noura, 'key-private-0001', 2);
    expect(
      (
        await as(sara).get(
          `/api/v1/esign/my/payment/status/${String(order.body.encodedPaymentSlno)}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await as(sara).post('/api/v1/esign/my/payment/recheck', {
          encodedPaymentSlno: order.body.encodedPaymentSlno,
        })
      ).status,
    ).toBe(404);
    expect((await payAgain(sara, order.body.encodedPaymentSlno)).status).toBe(404);
  });

  it('moves used-up and expired plans to the plan history', async () => {
    await h.pool.query(
      'UPDATE purchased_plans SET utilized = transactions WHERE plan_unique_id = $1',
      [ids.plan],
    );
    const history = await as(sara).get('/api/v1/esign/my/subscription/plans/history/1/10');
    expect(history.body.dataList[0]).toMatchObject({
      planUniqueID: ids.plan,
      balance: 0,
      statusLabel: 'Used up',
    });
    expect(
      (await as(sara).get('/api/v1/esign/my/subscription/plans/current/1/10')).body.totalCount,
    ).toBe(0);
    // …while the list of plans the user has stays whole, with the plan's state.
    expect((await plansOf(sara)).welcomePackList[0]).toMatchObject({
      planUniqueID: ids.plan,
      status: 'usedUp',
    });
  });
});

describe('bad input on every built call', () => {
  it('answers 400 with field errors for an unknown field, for every call with a body', async () => {
    const { ENDPOINTS } = await import('@tawqi/api');
    const built = ENDPOINTS.filter(
      (endpoint) =>
        endpoint.body &&
        h.handlers[endpoint.id as keyof typeof h.handlers] &&
        endpoint.method === 'POST' &&
        // An application's calls need its secret first (enrolment.test.ts checks them).
        endpoint.access !== 'applicant',
    );
    expect(built.length).toBeGreaterThan(15);
    for (const endpoint of built) {
      const path = `/${endpoint.path
        .replace(/^\//, '')
        .replace('{idp}', 'nafath')
        // A tenant in the path is Sara's organization: she may act there, so the body is read.
        .replace('{organization}', ORG)
        .replace(/\{[^}]+\}/g, '1')}`;
      const answer = await h.call('POST', path, {
        token: sara,
        body: { unexpectedField: 1 },
        headers: endpoint.idempotent ? { 'idempotency-key': randomUUID() } : {},
      });
      expect(answer.status, endpoint.id).toBe(400);
      expect(answer.body.fieldErrors, endpoint.id).toContainEqual({
        path: 'body.unexpectedField',
        message: 'This field is not accepted.',
      });
    }
  });

  it('answers 400 for a page outside the contract', async () => {
    expect((await as(sara).get('/api/v1/esign/my/subscription/plans/purchased/0/10')).status).toBe(
      400,
    );
    expect((await as(sara).get('/api/v1/devices/registeredDevices/1/100000')).status).toBe(400);
    expect(
      (await as(sara).post('/api/v1/esign/my/transactions', { type: 0, limit: 0, page: 0 })).status,
    ).toBe(400);
  });
});
