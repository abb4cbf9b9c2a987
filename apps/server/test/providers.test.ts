/**
 * The provider hierarchy (issue 16; its staff since issue 36): the staff of an L1 provider read the L2 providers
 * applying under it, with their organization, admins and documents, and approves one (it becomes
 * active, its admin can sign in and work) or refuses one with remarks; then hands its L2 providers
 * eSign stock and role counters out of its own — never more than it has, however many
 * allocations run at once, once per Idempotency-Key — and the reports show what was handed over,
 * adding up, in the grid and in its file alike.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { startHarness, validNationalId } from './harness.js';

// Concurrent requests with one token are what this file tests (idempotency, races for stock):
// the cap on a token's requests in progress, tested in hardening.test.ts, is lifted here.
const h = await startHarness({ REQUESTS_AT_ONCE_PER_SESSION: '0' });

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

const nada = (await h.signIn((await h.person('nada')).nationalId)).token;
const hind = (await h.signIn((await h.person('hind')).nationalId)).token;
const reem = (await h.signIn((await h.person('reem')).nationalId)).token;
const omar = (await h.signIn((await h.person('omar')).nationalId)).token;

/**
 * Someone on 408's staff (admin) who is also a member of the Taif applicant's organization (350,
 * pending) and of one organization of the L2 provider 500 (320): test only.
 */
const interested = await (async () => {
  const { rows } = await h.ownerPool.query<{ user_slno: number; national_id: string }>(
    `INSERT INTO users (national_id, full_name_en, full_name_ar, kyc_valid_till, created_at)
     VALUES ($1, 'Interested Staff', 'موظف ذو صلة', '2030-01-01', now()) RETURNING user_slno, national_id`,
    [validNationalId('109999961')],
  );
  const row = rows[0] as { user_slno: number; national_id: string };
  await h.ownerPool.query(
    `INSERT INTO provider_staff (sip_slno, user_slno, roles) VALUES (408, $1, ARRAY['providerAdmin'])`,
    [row.user_slno],
  );
  await h.ownerPool.query(
    `INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile, status, is_active)
     VALUES ($1, 350, ARRAY['organizationUser'], 'EMP-x', 'x@example.sa', '0551119999', 'Pending', false),
            ($1, 320, ARRAY['organizationUser'], 'EMP-y', 'y@example.sa', '0551119999', 'Approved', true)`,
    [row.user_slno],
  );
  return (await h.signIn(row.national_id)).token;
})();

const post = (
  token: string,
  path: string,
  body: object,
  options: { key?: string | undefined; language?: string } = {},
) =>
  h.call('POST', path, {
    token,
    language: options.language ?? 'en',
    body,
    headers: { 'idempotency-key': options.key ?? randomUUID() },
  });

const l2Requests = (body: object = {}, language = 'en') =>
  post(
    nada,
    '/api/v1/l2sip/grid',
    { l1SipId: 408, pageNumber: 0, pageSize: 50, ...body },
    { language },
  );

interface RequestRow {
  requestId: number;
  l2sipId: string;
  sipName: string;
  status: string;
  statusLabel: string;
  remarks: string | null;
  processedBy: string | null;
}

async function requestOf(l2sipId: string): Promise<RequestRow> {
  const list = await l2Requests({ statuses: ['Pending', 'Approved', 'Rejected'] });
  const row = (list.body.dataList as RequestRow[]).find((one) => one.l2sipId === l2sipId);
  if (!row) throw new Error(`no request of ${l2sipId}`);
  return row;
}

async function remaining(sip: number, counter: string): Promise<number> {
  const { rows } = await h.pool.query<{ left: number }>(
    'SELECT total - utilized AS left FROM provider_counters WHERE sip_slno = $1 AND counter = $2',
    [sip, counter],
  );
  return rows[0]?.left ?? 0;
}

const allocateStock = (
  l2SipId: number,
  counters: number,
  key?: string,
  language = 'en',
  token = nada,
) =>
  post(
    token,
    '/api/v1/l2sip/stock/allocate',
    { l1SipId: 408, l2SipId, counters },
    { key, language },
  );

describe('an L2 provider’s application', () => {
  it('is listed for its L1 only, starting on Approved or Pending, in the caller’s language', async () => {
    const list = await l2Requests({ statuses: ['Approved', 'Pending'] }, 'ar');
    expect(list.status).toBe(200);
    const rows = list.body.dataList as RequestRow[];
    expect(rows.map((row) => row.l2sipId).sort()).toEqual(['L2-500', 'L2-501', 'L2-503']);
    const taif = rows.find((row) => row.l2sipId === 'L2-503');
    expect(taif).toMatchObject({
      sipName: 'دار الطائف للتوقيع',
      originator: 'تسجيل المزوّدين',
      status: 'Pending',
      statusLabel: 'قيد الانتظار',
    });
    // The refused one is there when asked for, with the L1's remarks.
    expect(await requestOf('L2-504')).toMatchObject({
      status: 'Rejected',
      remarks: 'The commercial registration has expired; apply again with a valid one.',
    });
    // Another L1's applicants (410's canary) are never in 408's list, whatever the search.
    const searched = await l2Requests({ search: 'CANARY', statuses: ['Pending'] });
    expect(searched.body.totalCount).toBe(0);
  });

  it('shows its organization, contacts, admin and documents, each document readable', async () => {
    const { requestId } = await requestOf('L2-503');
    const view = await post(nada, '/api/v1/l2sip/view', { l1SipId: 408, requestId });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      sipName: 'Taif Signing House',
      organization: { organizationName: 'Taif Signing House', city: 'Taif' },
      sponsors: [{ name: 'Faisal Al-Qurashi', isPrimary: true }],
      technicalContacts: [{ name: 'Mona Al-Zahrani' }],
      admins: [{ fullName: 'Nawaf Al-Harthi', isActive: false }],
    });
    const documents = view.body.documents as { category: string; uniqueFileId: string }[];
    expect(documents.map((document) => document.category)).toEqual([
      'commercialRegistration',
      'authorizationLetter',
    ]);
    const file = await h.call(
      'GET',
      `/api/v1/l2sip/document/408/${(documents[0] as { uniqueFileId: string }).uniqueFileId}`,
      { token: nada },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect(file.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const organizationView = await post(nada, '/api/v1/l2org/orgView', {
      l1SipId: 408,
      l2OrgId: 350,
    });
    expect(organizationView.body).toMatchObject({
      errorMessage: null,
      organization: { crNumber: '4030000350' },
    });
  });

  it('shows an organization only when a request of its own names it, not every one under its L2s', async () => {
    // Customers of 408's L2 providers, behind no request to 408.
    const { rows } = await h.ownerPool.query<{ org_slno: number }>(
      `SELECT o.org_slno FROM organizations o JOIN service_providers p ON p.sip_slno = o.sip_slno
        WHERE p.parent_sip_slno = 408
          AND o.org_slno NOT IN (SELECT l2_org_slno FROM l2_requests WHERE l1_sip_slno = 408)
        ORDER BY o.org_slno LIMIT 3`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { org_slno: l2OrgId } of rows) {
      const refused = await post(nada, '/api/v1/l2org/orgView', { l1SipId: 408, l2OrgId });
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('crNumber');
    }
  });

  it('needs remarks to be refused, and an Authorized Signatory may not decide', async () => {
    const { requestId } = await requestOf('L2-503');
    const bare = await post(nada, '/api/v1/l2sip/process', {
      l1SipId: 408,
      requestId,
      action: 'reject',
      remarks: '  ',
    });
    expect(bare.status).toBe(400);
    const signatory = await post(reem, '/api/v1/l2sip/process', {
      l1SipId: 408,
      requestId,
      action: 'approve',
    });
    expect(signatory.status).toBe(403);
    expect((await requestOf('L2-503')).status).toBe('Pending');
  });

  it('is never decided by someone of the applying organization, staff or not (issue 36)', async () => {
    const { requestId } = await requestOf('L2-503');
    const refused = await post(interested, '/api/v1/l2sip/process', {
      l1SipId: 408,
      requestId,
      action: 'approve',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('member of the organization this decision is about');
    // Finance does not decide applications; an Approver does (the next test).
    const finance = await post(omar, '/api/v1/l2sip/process', {
      l1SipId: 408,
      requestId,
      action: 'approve',
    });
    expect(finance.status).toBe(403);
    expect((await requestOf('L2-503')).status).toBe('Pending');
  });

  it('approved once, makes the provider active and its admin a member who can sign in; a second decision is refused', async () => {
    const { requestId } = await requestOf('L2-503');
    const decisions = await Promise.all(
      [nada, hind].map((token) =>
        post(token, '/api/v1/l2sip/process', { l1SipId: 408, requestId, action: 'approve' }),
      ),
    );
    expect(decisions.map((decision) => decision.status).sort()).toEqual([200, 409]);
    const row = await requestOf('L2-503');
    expect(row.status).toBe('Approved');
    expect(row.processedBy).toMatch(/Nada|Hind/);
    const { rows } = await h.pool.query<{ status: string }>(
      'SELECT status FROM service_providers WHERE sip_slno = 503',
    );
    expect(rows[0]?.status).toBe('active');
    // Nawaf signs in and works in his provider's organization.
    const nawaf = (await h.signIn((await h.person('nawaf')).nationalId)).token;
    const profile = await h.call('POST', '/api/v1/profile/org/view/350', {
      token: nawaf,
      body: {},
    });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ organizationName: 'Taif Signing House', sipId: 'L2-503' });
    // And he is the new provider's own staff, its Provider Admin (issue 36).
    const home = await post(nawaf, '/api/v1/provider/dashboard', { sipId: 503 });
    expect(home.status).toBe(200);
    expect(home.body).toMatchObject({ level: 'L2', parentName: 'Tawqi Trust Services' });
    const told = await h.pool.query(
      `SELECT 1 FROM notifications n JOIN users u USING (user_slno)
        WHERE u.username = 'nawaf' AND n.title_en = 'Your provider is approved'`,
    );
    expect(told.rowCount).toBe(1);
    // It is among the L2 providers the L1 sells and allocates to.
    const l2s = await h.call('GET', '/api/v1/buy/org/getL2Sips?sipId=408', { token: nada });
    expect((l2s.body.dataList as { l2SipId: number }[]).map((one) => one.l2SipId)).toContain(503);
  });
});

describe('allocating eSign stock to an L2 provider', () => {
  it('moves it from the L1 to the L2 through the ledger, and the report shows before and after', async () => {
    const before = await remaining(408, 'esign');
    const l2Before = await remaining(500, 'esign');
    const answer = await allocateStock(500, 1_500);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: '1', l1SipRemainingCounter: before - 1_500 });
    expect(await remaining(408, 'esign')).toBe(before - 1_500);
    expect(await remaining(500, 'esign')).toBe(l2Before + 1_500);
    const report = await post(nada, '/api/v1/l2sip/stock/allocation/report', {
      l1SipId: 408,
      pageNumber: 1,
      pageSize: 10,
    });
    expect(report.body.dataList[0]).toMatchObject({
      l2SipName: 'Jeddah Signing Services',
      l1SipAvailableCounter: before,
      l2SipAllocatedCounter: 1_500,
      l1SipRemainingCounter: before - 1_500,
    });
    const audited = await h.pool.query(
      `SELECT 1 FROM audit_log WHERE action = 'allocation.made' AND target = $1`,
      [`allocation:${String(report.body.dataList[0].slNo)}`],
    );
    expect(audited.rowCount).toBe(1);
  });

  it('refuses more than the L1 has with a clear message, and changes nothing', async () => {
    const before = await remaining(408, 'esign');
    const reportBefore = await post(nada, '/api/v1/l2sip/stock/allocation/report', {
      l1SipId: 408,
      pageNumber: 1,
      pageSize: 1,
    });
    const answer = await allocateStock(501, before + 1, undefined, 'ar');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain(new Intl.NumberFormat('ar-SA').format(before));
    expect(answer.body.message).toContain('لم يُخصَّص شيء');
    expect(await remaining(408, 'esign')).toBe(before);
    const reportAfter = await post(nada, '/api/v1/l2sip/stock/allocation/report', {
      l1SipId: 408,
      pageNumber: 1,
      pageSize: 1,
    });
    expect(reportAfter.body.totalCount).toBe(reportBefore.body.totalCount);
  });

  it('lets exactly ten of twenty concurrent allocations through stock for ten, never below zero', async () => {
    const left = await remaining(408, 'esign');
    // Bring the L1 down to stock for exactly ten allocations of 100 (so large, two staff members).
    expect((await allocateStock(501, left - 1_000)).body.awaitingSecondStaff).toBe(true);
    const confirmed = await allocateStock(501, left - 1_000, undefined, 'en', omar);
    expect(confirmed.body.awaitingSecondStaff).toBe(false);
    const answers = await Promise.all(Array.from({ length: 20 }, () => allocateStock(501, 100)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect(await remaining(408, 'esign')).toBe(0);
    // Give the L1 stock again for the tests after this one.
    await h.pool.query(
      `INSERT INTO provider_counters AS c (sip_slno, counter, total) VALUES (408, 'esign', 100000)
       ON CONFLICT (sip_slno, counter) DO UPDATE SET total = c.total + 100000`,
    );
  });

  it('makes one allocation for one Idempotency-Key, however often it is sent', async () => {
    const before = await remaining(408, 'esign');
    const key = randomUUID();
    // At once: one runs, the others are told it is in progress (409, try again shortly) …
    const answers = await Promise.all(Array.from({ length: 5 }, () => allocateStock(500, 10, key)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    // … and afterwards the same key answers the stored answer.
    const again = await allocateStock(500, 10, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(
      (answers.find((answer) => answer.status === 200) as { body: unknown }).body,
    );
    expect(await remaining(408, 'esign')).toBe(before - 10);
  });

  it('allocates only to its own approved L2 providers', async () => {
    // A refused applicant of its own.
    const refused = await allocateStock(504, 10);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('not approved');
    // Another L1's L2 provider: not found.
    expect((await allocateStock(510, 10)).status).toBe(404);
  });
});

describe('one staff member’s allocations to one L2 provider over a day', () => {
  it('are weighed together: split under the four-eyes count, the one that passes it waits', async () => {
    const before = await remaining(408, 'esign');
    const answers = [];
    for (let part = 0; part < 3; part += 1)
      answers.push((await allocateStock(502, 4_000, undefined, 'en', nada)).body);
    expect(answers.map((answer) => answer.awaitingSecondStaff)).toEqual([false, false, true]);
    expect(await remaining(408, 'esign')).toBe(before - 8_000);
    // Another staff member's day is their own; the waiting third is confirmed by them.
    const confirmed = await allocateStock(502, 4_000, undefined, 'en', omar);
    expect(confirmed.body.awaitingSecondStaff).toBe(false);
    expect(await remaining(408, 'esign')).toBe(before - 12_000);
  });
});

describe('a large allocation (issue 36)', () => {
  it('waits for a second staff member who sends the same, and the first cannot be the second', async () => {
    const before = await remaining(408, 'esign');
    const send = (token: string, counters: number) =>
      post(token, '/api/v1/l2sip/stock/allocate', { l1SipId: 408, l2SipId: 500, counters });
    // Above the four-eyes count (10,000 by default): proposed, nothing moves.
    const proposed = await send(omar, 20_000);
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({
      awaitingSecondStaff: true,
      l1SipRemainingCounter: before,
    });
    expect(await remaining(408, 'esign')).toBe(before);
    const again = await send(omar, 20_000);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('second staff member');
    // A second who sends another amount proposes theirs; the first then confirms it.
    expect((await send(nada, 15_000)).body.awaitingSecondStaff).toBe(true);
    expect(await remaining(408, 'esign')).toBe(before);
    const confirmed = await send(omar, 15_000);
    expect(confirmed.body).toMatchObject({ awaitingSecondStaff: false });
    expect(await remaining(408, 'esign')).toBe(before - 15_000);
    const open = await h.pool.query(
      `SELECT 1 FROM provider_proposals WHERE subject = 'l2Stock:500'`,
    );
    expect(open.rowCount).toBe(0);
    const proposals = await h.pool.query(
      `SELECT 1 FROM audit_log WHERE action = 'approval.proposed' AND target = 'l2Stock:500'`,
    );
    expect(proposals.rowCount).toBe(2);
  });

  it('is never made by someone of the receiving provider’s organizations, nor bought for it', async () => {
    const before = await remaining(408, 'esign');
    const refused = await post(interested, '/api/v1/l2sip/stock/allocate', {
      l1SipId: 408,
      l2SipId: 500,
      counters: 10,
    });
    expect(refused.status).toBe(403);
    const roles = await post(interested, '/api/v1/l2sip/role/counter/allocate', {
      l1SipId: 408,
      l2SipId: 500,
      organizationUserCounters: 1,
      enrollmentAdminCounters: 0,
      authorisedSignatoryCounters: 0,
    });
    expect(roles.status).toBe(403);
    const bought = await post(interested, '/api/v1/buy/sip/checkout', {
      sipId: 408,
      l2SipId: 500,
      items: [{ paxUniqueId: 'CNT-408-500', quantity: 1 }],
    });
    expect(bought.status).toBe(403);
    expect(await remaining(408, 'esign')).toBe(before);
    // An Approver does not allocate.
    const approverAllocates = await post(hind, '/api/v1/l2sip/stock/allocate', {
      l1SipId: 408,
      l2SipId: 501,
      counters: 10,
    });
    expect(approverAllocates.status).toBe(403);
  });
});

describe('the customers of an L1 provider (issue 36)', () => {
  it('have none of its powers: 314’s admins are refused every provider call of 408', async () => {
    for (const username of ['sara', 'majed']) {
      const token = (await h.signIn((await h.person(username)).nationalId)).token;
      const calls: [string, string, object][] = [
        ['POST', '/api/v1/l2sip/grid', { l1SipId: 408, pageNumber: 0, pageSize: 10 }],
        ['POST', '/api/v1/l2sip/process', { l1SipId: 408, requestId: 1, action: 'approve' }],
        ['POST', '/api/v1/l2sip/stock/allocate', { l1SipId: 408, l2SipId: 500, counters: 1 }],
        ['POST', '/api/v1/l2sip/role/counter/remaining', { l1SipId: 408 }],
        [
          'POST',
          '/api/v1/buy/sip/checkout',
          { sipId: 408, l2SipId: 500, items: [{ paxUniqueId: 'CNT-408-500', quantity: 1 }] },
        ],
        [
          'POST',
          '/api/v1/purchase/provider/special/requests',
          { l1SipId: 408, pageNumber: 1, pageSize: 10 },
        ],
        [
          'POST',
          '/api/v1/purchase/provider/special/decide',
          { l1SipId: 408, requestSlNo: 1, approve: true, unitPrice: 0.01 },
        ],
        [
          'POST',
          '/api/v1/purchase/provider/requests/confirm',
          { l1SipId: 408, requestSlNo: 1, received: true },
        ],
        ['POST', '/api/v1/provider/dashboard', { sipId: 408 }],
        ['GET', '/api/v1/buy/org/getL1Plans?sipId=408', {}],
      ];
      for (const [method, path, body] of calls) {
        const answer = await h.call(method, path, {
          token,
          ...(method === 'POST' ? { body } : {}),
          headers: { 'idempotency-key': randomUUID() },
        });
        expect([path, answer.status]).toEqual([path, 403]);
      }
    }
  });
});

describe('allocating role counters to an L2 provider', () => {
  const remainingCounters = async () =>
    (await post(nada, '/api/v1/l2sip/role/counter/remaining', { l1SipId: 408 })).body as Record<
      string,
      number
    >;
  const allocateRoles = (body: object) =>
    post(nada, '/api/v1/l2sip/role/counter/allocate', {
      l1SipId: 408,
      l2SipId: 501,
      organizationUserCounters: 0,
      enrollmentAdminCounters: 0,
      authorisedSignatoryCounters: 0,
      ...body,
    });
  const listRow = async () => {
    const list = await post(nada, '/api/v1/l2sip/role/counter/allocation/list', {
      l1SipId: 408,
      pageNumber: 1,
      pageSize: 10,
    });
    return (list.body.dataList as { l2SipId: number }[]).find((row) => row.l2SipId === 501) as
      Record<string, number> | undefined;
  };

  it('allocates per role within what the L1 has left, and the list adds it to the L2’s row', async () => {
    const before = await remainingCounters();
    const rowBefore = await listRow();
    const answer = await allocateRoles({
      organizationUserCounters: 40,
      enrollmentAdminCounters: 2,
      authorisedSignatoryCounters: 5,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.remaining).toEqual({
      remainingEsignCounters: before.remainingEsignCounters,
      remainingOrganizationUserCounters: (before.remainingOrganizationUserCounters ?? 0) - 40,
      remainingEnrollmentAdminCounters: (before.remainingEnrollmentAdminCounters ?? 0) - 2,
      remainingAuthorisedSignatoryCounters: (before.remainingAuthorisedSignatoryCounters ?? 0) - 5,
    });
    const row = await listRow();
    expect(row?.allocatedOrganizationUserCounters).toBe(
      (rowBefore?.allocatedOrganizationUserCounters ?? 0) + 40,
    );
    expect(row?.remainingEnrollmentAdminCounters).toBe(
      (rowBefore?.remainingEnrollmentAdminCounters ?? 0) + 2,
    );
  });

  it('refuses the whole allocation when one role has too few, and changes none', async () => {
    const before = await remainingCounters();
    const answer = await allocateRoles({
      organizationUserCounters: 10,
      enrollmentAdminCounters: (before.remainingEnrollmentAdminCounters ?? 0) + 1,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('Enrolment Admin');
    expect(await remainingCounters()).toEqual(before);
  });
});

describe('an L1 provider buying eSign counters for one of its L2 providers', () => {
  const buyFor = (l2SipId: number, items: object[], key?: string, token = nada) =>
    post(token, '/api/v1/buy/sip/checkout', { sipId: 408, l2SipId, items }, { key });
  const gatewayIdOf = (paymentUrl: string) => paymentUrl.split('/').at(-1) as string;

  it('offers the L1’s own packs with the server’s VAT, and its approved L2 providers', async () => {
    const plans = await h.call('GET', '/api/v1/buy/org/getL1Plans?sipId=408', {
      token: nada,
      language: 'ar',
    });
    expect(plans.status).toBe(200);
    expect(plans.body.vat).toBe(15);
    expect(plans.body.dataList.map((plan: { paxUniqueId: string }) => plan.paxUniqueId)).toEqual([
      'CNT-408-500',
      'CNT-408-2000',
      'CNT-408-10000',
    ]);
    expect(plans.body.dataList[0].validity).toMatch(/شهر/);
    const l2s = await h.call('GET', '/api/v1/buy/org/getL2Sips?sipId=408', { token: nada });
    const ids = l2s.body.dataList.map((row: { l2SipId: number }) => row.l2SipId);
    expect(ids).toContain(500);
    // A refused applicant is not offered.
    expect(ids).not.toContain(504);
  });

  it('credits the L2’s stock once when paid, not out of the L1’s, and the L1 sees how it stands', async () => {
    const before = await remaining(500, 'esign');
    const l1Before = await remaining(408, 'esign');
    const key = randomUUID();
    const items = [{ paxUniqueId: 'CNT-408-500', quantity: 2 }];
    const order = await buyFor(500, items, key);
    expect(order.status).toBe(200);
    // 2 × 1,750 before VAT, VAT 15 %.
    expect(order.body).toMatchObject({ price: 3500, tax: 525, totalPrice: 4025 });
    expect((await h.gatewaySimulator.get(gatewayIdOf(order.body.paymentUrl)))?.returnUrl).toContain(
      '/app/provider/paymentStatus?payment=',
    );
    // The same key again is the same order; for another L2 provider it is refused.
    const again = await buyFor(500, items, key);
    expect(again.body.encodedOrderSlno).toBe(order.body.encodedOrderSlno);
    expect((await buyFor(501, items, key)).status).toBe(422);
    expect(await remaining(500, 'esign')).toBe(before);

    await h.gatewaySimulator.decide(gatewayIdOf(order.body.paymentUrl), 'pay');
    const payment = await h.gatewaySimulator.get(gatewayIdOf(order.body.paymentUrl));
    if (!payment) throw new Error('no payment');
    await h.notifyPayment({
      id: payment.id,
      reference: payment.reference,
      status: 'paid',
      amount: payment.amount,
    });
    expect(await remaining(500, 'esign')).toBe(before + 1000);
    expect(await remaining(408, 'esign')).toBe(l1Before);
    const { rows } = await h.pool.query(
      `SELECT sip_slno, kind, quantity FROM counter_entries WHERE reference LIKE $1`,
      [`order:${String(order.body.encodedOrderSlno)}:%`],
    );
    expect(rows).toEqual([{ sip_slno: 500, kind: 'purchase', quantity: 1000 }]);

    const statusOf = (token: string) =>
      h.call('GET', `/api/v1/esign/my/payment/status/${String(order.body.encodedPaymentSlno)}`, {
        token,
      });
    expect((await statusOf(nada)).body.paymentStatus).toBe('success');
    // A member of an organization under the L1, not on its staff: not found.
    expect((await statusOf(reem)).status).toBe(404);
    // Not one of an organization's own purchases (314, under the same L1).
    const sara = (await h.signIn((await h.person('sara')).nationalId)).token;
    const purchases = await post(sara, '/api/v1/buy/org/counters', {
      sipSlNo: 314,
      pageNumber: 1,
      pageSize: 500,
    });
    expect(
      purchases.body.dataList.map((row: { transactionNo: string }) => row.transactionNo),
    ).not.toContain(order.body.encodedOrderSlno);
  });

  it('refuses another L1’s provider, one not approved, a pack it does not sell, and a lower role', async () => {
    const items = [{ paxUniqueId: 'CNT-408-500', quantity: 1 }];
    expect((await buyFor(510, items)).status).toBe(404);
    const refused = await buyFor(504, items);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('not approved');
    const notSold = await buyFor(500, [{ paxUniqueId: 'CNT-410-500', quantity: 1 }]);
    expect(notSold.status).toBe(422);
    expect((await buyFor(500, items, undefined, reem)).status).toBe(403);
    const { rows } = await h.pool.query(
      'SELECT count(*)::int AS orders FROM orders WHERE for_sip_slno IN (504, 510)',
    );
    expect(rows).toEqual([{ orders: 0 }]);
  });
});

describe('the allocation reports’ files', () => {
  it('hold the same rows as their grids, in the chosen language', async () => {
    for (const [list, exported, fileName] of [
      [
        '/api/v1/l2sip/stock/allocation/report',
        '/api/v1/excel/report/exportL2StockAllocationReports',
        'L2_Stock_Allocation_Reports.xlsx',
      ],
      [
        '/api/v1/l2sip/role/counter/allocation/list',
        '/api/v1/excel/report/exportL2OrganizationRolePlanAllocationReports',
        'L2_Organization_Role_Plan_Allocation_Reports.xlsx',
      ],
    ] as const) {
      const grid = await post(
        nada,
        list,
        { l1SipId: 408, pageNumber: 1, pageSize: 100 },
        { language: 'ar' },
      );
      const file = await post(nada, exported, { l1SipId: 408, language: 'ar' });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toContain(fileName);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.raw as unknown as ArrayBuffer);
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.rowCount - 1).toBe(grid.body.totalCount);
      expect(sheet.views[0]?.rightToLeft).toBe(true);
      // The first row's provider name, as the grid shows it in Arabic.
      expect(sheet.getRow(2).getCell(1).value).toBe(grid.body.dataList[0].l2SipName);
    }
  });
});

describe('a provider’s home', () => {
  it('shows its staff an L1’s stock left, what it allocated and what waits; an L2’s what it received and from whom', async () => {
    const dashboard = async (token: string, sipId: number) =>
      (await post(token, '/api/v1/provider/dashboard', { sipId })).body as Record<string, unknown>;
    const ledger = async (sip: number, kind: string) =>
      Number(
        (
          await h.pool.query<{ n: number }>(
            `SELECT coalesce(sum(quantity), 0)::int AS n FROM counter_entries
              WHERE sip_slno = $1 AND counter = 'esign' AND kind = $2`,
            [sip, kind],
          )
        ).rows[0]?.n,
      );
    const pending = Number(
      (
        await h.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM l2_requests WHERE l1_sip_slno = 408 AND status = 'Pending'`,
        )
      ).rows[0]?.n,
    );
    expect(await dashboard(nada, 408)).toMatchObject({
      level: 'L1',
      name: 'Tawqi Trust Services',
      held: { esign: await remaining(408, 'esign') },
      esignAllocated: await ledger(408, 'allocationOut'),
      pendingL2Requests: pending,
      parentName: null,
    });
    const staffOf500 = (await h.signIn((await h.person('sip500')).nationalId)).token;
    expect(await dashboard(staffOf500, 500)).toMatchObject({
      level: 'L2',
      name: 'Jeddah Signing Services',
      held: { esign: await remaining(500, 'esign') },
      esignAllocated: await ledger(500, 'allocationIn'),
      pendingL2Requests: 0,
      parentName: 'Tawqi Trust Services',
    });
  });

  it('is not its customers’: their admins get no provider figures, on their dashboard or from the call', async () => {
    const sara = (await h.signIn((await h.person('sara')).nationalId)).token;
    const organization = await post(sara, '/api/v1/dashboard/dashboardDetailsForEnrolmentAdmin', {
      sipSlno: 314,
      organizationSlNo: 314,
    });
    expect(organization.status).toBe(200);
    expect(organization.body).not.toHaveProperty('provider');
    expect((await post(sara, '/api/v1/provider/dashboard', { sipId: 408 })).status).toBe(403);
  });
});
