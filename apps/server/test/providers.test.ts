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
import { startHarness } from './harness.js';
import {
  freshApplicant,
  freshApprovedL2,
  freshL1,
  freshOrganization,
  freshProvider,
  freshStaff,
  joinOrganization,
  providerNames,
  type FreshPerson,
} from './world.js';

// Concurrent requests with one token are what this file tests (idempotency, races for stock):
// the cap on a token's requests in progress, tested in hardening.test.ts, is lifted here.
const h = await startHarness({ REQUESTS_AT_ONCE_PER_SESSION: '0' });

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

// An L1 provider and its staff; two L2 providers it approved (the first with its own organization
// and a customer), and a third of its own; an applicant waiting and one refused; an organization
// directly under it with two Enrolment Admins and an Authorized Signatory, who is also an
// Organization User of the first L2's organization; and another L1 with an L2 of its own.
const l1 = await freshL1(h);
const L1 = l1.sipSlno;
const L1_NAME = providerNames(L1).en;
const first = await freshApprovedL2(h, l1);
const L2A = first.sipSlno;
const L2B = (await freshApprovedL2(h, l1)).sipSlno;
const L2C = await freshProvider(h, L1);
const taif = await freshApplicant(h, L1);
const REFUSAL = 'The commercial registration has expired; apply again with a valid one.';
const qassim = await freshApplicant(h, L1, { remarks: REFUSAL });
const customer = await freshOrganization(h, {
  sip: L1,
  members: [['enrolmentAdmin', 'authorizedSignatory'], ['enrolmentAdmin'], ['authorizedSignatory']],
});
const ORG = customer.orgSlno;
const [saraPerson, majedPerson, reemPerson] = customer.members as [
  FreshPerson,
  FreshPerson,
  FreshPerson,
];
await joinOrganization(h, reemPerson, first.own.orgSlno, ['organizationUser']);
const otherL1 = await freshL1(h);
const OTHER_L1 = otherL1.sipSlno;
const OTHER_L2 = await freshProvider(h, OTHER_L1);
const sipId = (slno: number) => `L2-${String(slno)}`;

const nada = (await h.signIn(l1.admin.nationalId)).token;
const hind = (await h.signIn(l1.approver.nationalId)).token;
const reem = (await h.signIn(reemPerson.nationalId)).token;
const omar = (await h.signIn(l1.finance.nationalId)).token;

/**
 * Someone on the L1's staff (admin) who is also a member of the waiting applicant's organization
 * (pending) and of the first L2's organization.
 */
const interested = await (async () => {
  const person = await freshStaff(h, L1, ['providerAdmin']);
  await joinOrganization(h, person, first.own.orgSlno, ['organizationUser']);
  await joinOrganization(h, person, taif.orgSlno, ['organizationUser']);
  await h.ownerPool.query(
    `UPDATE memberships SET status = 'Pending', is_active = false WHERE user_slno = $1 AND org_slno = $2`,
    [person.userSlno, taif.orgSlno],
  );
  return (await h.signIn(person.nationalId)).token;
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
    { l1SipId: L1, pageNumber: 0, pageSize: 50, ...body },
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
    { l1SipId: L1, l2SipId, counters },
    { key, language },
  );

describe('an L2 provider’s application', () => {
  it('is listed for its L1 only, starting on Approved or Pending, in the caller’s language', async () => {
    const list = await l2Requests({ statuses: ['Approved', 'Pending'] }, 'ar');
    expect(list.status).toBe(200);
    const rows = list.body.dataList as RequestRow[];
    expect(rows.map((row) => row.l2sipId).sort()).toEqual(
      [sipId(L2A), sipId(L2B), sipId(taif.sipSlno)].sort(),
    );
    const waiting = rows.find((row) => row.l2sipId === sipId(taif.sipSlno));
    expect(waiting).toMatchObject({
      sipName: taif.ar,
      originator: 'تسجيل المزوّدين',
      status: 'Pending',
      statusLabel: 'قيد الانتظار',
    });
    // The refused one is there when asked for, with the L1's remarks.
    expect(await requestOf(sipId(qassim.sipSlno))).toMatchObject({
      status: 'Rejected',
      remarks: REFUSAL,
    });
    // Another L1's applicants are never in this L1's list, whatever the search.
    const elsewhere = await freshApplicant(h, OTHER_L1);
    const searched = await l2Requests({ search: elsewhere.en, statuses: ['Pending'] });
    expect(searched.body.totalCount).toBe(0);
  });

  it('shows its organization, contacts, admin and documents, each document readable', async () => {
    const { requestId } = await requestOf(sipId(taif.sipSlno));
    const view = await post(nada, '/api/v1/l2sip/view', { l1SipId: L1, requestId });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      sipName: taif.en,
      organization: { organizationName: taif.en, city: 'Taif' },
      sponsors: [{ name: 'Faisal Al-Qurashi', isPrimary: true }],
      technicalContacts: [{ name: 'Mona Al-Zahrani' }],
      admins: [{ fullName: taif.admin.name, isActive: false }],
    });
    const documents = view.body.documents as { category: string; uniqueFileId: string }[];
    expect(documents.map((document) => document.category)).toEqual([
      'commercialRegistration',
      'authorizationLetter',
    ]);
    const file = await h.call(
      'GET',
      `/api/v1/l2sip/document/${String(L1)}/${(documents[0] as { uniqueFileId: string }).uniqueFileId}`,
      { token: nada },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect(file.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const organizationView = await post(nada, '/api/v1/l2org/orgView', {
      l1SipId: L1,
      l2OrgId: taif.orgSlno,
    });
    expect(organizationView.body).toMatchObject({
      errorMessage: null,
      organization: { crNumber: `40300${String(taif.orgSlno).padStart(5, '0')}` },
    });
  });

  it('shows an organization only when a request of its own names it, not every one under its L2s', async () => {
    // Customers of the L1's L2 providers, behind no request to it.
    const { rows } = await h.ownerPool.query<{ org_slno: number }>(
      `SELECT o.org_slno FROM organizations o JOIN service_providers p ON p.sip_slno = o.sip_slno
        WHERE p.parent_sip_slno = ${String(L1)}
          AND o.org_slno NOT IN (SELECT l2_org_slno FROM l2_requests WHERE l1_sip_slno = ${String(L1)})
        ORDER BY o.org_slno LIMIT 3`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { org_slno: l2OrgId } of rows) {
      const refused = await post(nada, '/api/v1/l2org/orgView', { l1SipId: L1, l2OrgId });
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('crNumber');
    }
  });

  it('needs remarks to be refused, and an Authorized Signatory may not decide', async () => {
    const { requestId } = await requestOf(sipId(taif.sipSlno));
    const bare = await post(nada, '/api/v1/l2sip/process', {
      l1SipId: L1,
      requestId,
      action: 'reject',
      remarks: '  ',
    });
    expect(bare.status).toBe(400);
    const signatory = await post(reem, '/api/v1/l2sip/process', {
      l1SipId: L1,
      requestId,
      action: 'approve',
    });
    expect(signatory.status).toBe(403);
    expect((await requestOf(sipId(taif.sipSlno))).status).toBe('Pending');
  });

  it('is never decided by someone of the applying organization, staff or not (issue 36)', async () => {
    const { requestId } = await requestOf(sipId(taif.sipSlno));
    const refused = await post(interested, '/api/v1/l2sip/process', {
      l1SipId: L1,
      requestId,
      action: 'approve',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('member of the organization this decision is about');
    // Finance does not decide applications; an Approver does (the next test).
    const finance = await post(omar, '/api/v1/l2sip/process', {
      l1SipId: L1,
      requestId,
      action: 'approve',
    });
    expect(finance.status).toBe(403);
    expect((await requestOf(sipId(taif.sipSlno))).status).toBe('Pending');
  });

  it('approved once, makes the provider active and its admin a member who can sign in; a second decision is refused', async () => {
    const { requestId } = await requestOf(sipId(taif.sipSlno));
    const decisions = await Promise.all(
      [nada, hind].map((token) =>
        post(token, '/api/v1/l2sip/process', { l1SipId: L1, requestId, action: 'approve' }),
      ),
    );
    expect(decisions.map((decision) => decision.status).sort()).toEqual([200, 409]);
    const row = await requestOf(sipId(taif.sipSlno));
    expect(row.status).toBe('Approved');
    expect([l1.admin.name, l1.approver.name]).toContain(row.processedBy);
    const { rows } = await h.pool.query<{ status: string }>(
      `SELECT status FROM service_providers WHERE sip_slno = ${String(taif.sipSlno)}`,
    );
    expect(rows[0]?.status).toBe('active');
    // Nawaf signs in and works in his provider's organization.
    const nawaf = (await h.signIn(taif.admin.nationalId)).token;
    const profile = await h.call('POST', `/api/v1/profile/org/view/${String(taif.orgSlno)}`, {
      token: nawaf,
      body: {},
    });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ organizationName: taif.en, sipId: sipId(taif.sipSlno) });
    // And he is the new provider's own staff, its Provider Admin (issue 36).
    const home = await post(nawaf, '/api/v1/provider/dashboard', { sipId: taif.sipSlno });
    expect(home.status).toBe(200);
    expect(home.body).toMatchObject({ level: 'L2', parentName: L1_NAME });
    const told = await h.pool.query(
      `SELECT 1 FROM notifications WHERE user_slno = $1 AND title_en = 'Your provider is approved'`,
      [taif.admin.userSlno],
    );
    expect(told.rowCount).toBe(1);
    // It is among the L2 providers the L1 sells and allocates to.
    const l2s = await h.call('GET', `/api/v1/buy/org/getL2Sips?sipId=${String(L1)}`, {
      token: nada,
    });
    expect((l2s.body.dataList as { l2SipId: number }[]).map((one) => one.l2SipId)).toContain(
      taif.sipSlno,
    );
  });
});

describe('allocating eSign stock to an L2 provider', () => {
  it('moves it from the L1 to the L2 through the ledger, and the report shows before and after', async () => {
    const before = await remaining(L1, 'esign');
    const l2Before = await remaining(L2A, 'esign');
    const answer = await allocateStock(L2A, 1_500);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: '1', l1SipRemainingCounter: before - 1_500 });
    expect(await remaining(L1, 'esign')).toBe(before - 1_500);
    expect(await remaining(L2A, 'esign')).toBe(l2Before + 1_500);
    const report = await post(nada, '/api/v1/l2sip/stock/allocation/report', {
      l1SipId: L1,
      pageNumber: 1,
      pageSize: 10,
    });
    expect(report.body.dataList[0]).toMatchObject({
      l2SipName: providerNames(L2A).en,
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
    const before = await remaining(L1, 'esign');
    const reportBefore = await post(nada, '/api/v1/l2sip/stock/allocation/report', {
      l1SipId: L1,
      pageNumber: 1,
      pageSize: 1,
    });
    const answer = await allocateStock(L2B, before + 1, undefined, 'ar');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain(new Intl.NumberFormat('ar-SA').format(before));
    expect(answer.body.message).toContain('لم يُخصَّص شيء');
    expect(await remaining(L1, 'esign')).toBe(before);
    const reportAfter = await post(nada, '/api/v1/l2sip/stock/allocation/report', {
      l1SipId: L1,
      pageNumber: 1,
      pageSize: 1,
    });
    expect(reportAfter.body.totalCount).toBe(reportBefore.body.totalCount);
  });

  it('lets exactly ten of twenty concurrent allocations through stock for ten, never below zero', async () => {
    const left = await remaining(L1, 'esign');
    // Bring the L1 down to stock for exactly ten allocations of 100 (so large, two staff members).
    expect((await allocateStock(L2B, left - 1_000)).body.awaitingSecondStaff).toBe(true);
    const confirmed = await allocateStock(L2B, left - 1_000, undefined, 'en', omar);
    expect(confirmed.body.awaitingSecondStaff).toBe(false);
    const answers = await Promise.all(Array.from({ length: 20 }, () => allocateStock(L2B, 100)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect(await remaining(L1, 'esign')).toBe(0);
    // Give the L1 stock again for the tests after this one.
    await h.pool.query(
      `INSERT INTO provider_counters AS c (sip_slno, counter, total) VALUES (${String(L1)}, 'esign', 100000)
       ON CONFLICT (sip_slno, counter) DO UPDATE SET total = c.total + 100000`,
    );
  });

  it('makes one allocation for one Idempotency-Key, however often it is sent', async () => {
    const before = await remaining(L1, 'esign');
    const key = randomUUID();
    // At once: one runs, the others are told it is in progress (409, try again shortly) …
    const answers = await Promise.all(Array.from({ length: 5 }, () => allocateStock(L2A, 10, key)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    // … and afterwards the same key answers the stored answer.
    const again = await allocateStock(L2A, 10, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(
      (answers.find((answer) => answer.status === 200) as { body: unknown }).body,
    );
    expect(await remaining(L1, 'esign')).toBe(before - 10);
  });

  it('allocates only to its own approved L2 providers', async () => {
    // A refused applicant of its own.
    const refused = await allocateStock(qassim.sipSlno, 10);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('not approved');
    // Another L1's L2 provider: not found.
    expect((await allocateStock(OTHER_L2, 10)).status).toBe(404);
  });
});

describe('one staff member’s allocations to one L2 provider over a day', () => {
  it('are weighed together: split under the four-eyes count, the one that passes it waits', async () => {
    const before = await remaining(L1, 'esign');
    const answers = [];
    for (let part = 0; part < 3; part += 1)
      answers.push((await allocateStock(L2C, 4_000, undefined, 'en', nada)).body);
    expect(answers.map((answer) => answer.awaitingSecondStaff)).toEqual([false, false, true]);
    expect(await remaining(L1, 'esign')).toBe(before - 8_000);
    // Another staff member's day is their own; the waiting third is confirmed by them.
    const confirmed = await allocateStock(L2C, 4_000, undefined, 'en', omar);
    expect(confirmed.body.awaitingSecondStaff).toBe(false);
    expect(await remaining(L1, 'esign')).toBe(before - 12_000);
  });
});

describe('a large allocation (issue 36)', () => {
  it('waits for a second staff member who sends the same, and the first cannot be the second', async () => {
    const before = await remaining(L1, 'esign');
    const send = (token: string, counters: number) =>
      post(token, '/api/v1/l2sip/stock/allocate', { l1SipId: L1, l2SipId: L2A, counters });
    // Above the four-eyes count (10,000 by default): proposed, nothing moves.
    const proposed = await send(omar, 20_000);
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({
      awaitingSecondStaff: true,
      l1SipRemainingCounter: before,
    });
    expect(await remaining(L1, 'esign')).toBe(before);
    const again = await send(omar, 20_000);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('second staff member');
    // A second who sends another amount proposes theirs; the first then confirms it.
    expect((await send(nada, 15_000)).body.awaitingSecondStaff).toBe(true);
    expect(await remaining(L1, 'esign')).toBe(before);
    const confirmed = await send(omar, 15_000);
    expect(confirmed.body).toMatchObject({ awaitingSecondStaff: false });
    expect(await remaining(L1, 'esign')).toBe(before - 15_000);
    const open = await h.pool.query(
      `SELECT 1 FROM provider_proposals WHERE subject = 'l2Stock:${String(L2A)}'`,
    );
    expect(open.rowCount).toBe(0);
    const proposals = await h.pool.query(
      `SELECT 1 FROM audit_log WHERE action = 'approval.proposed' AND target = 'l2Stock:${String(L2A)}'`,
    );
    expect(proposals.rowCount).toBe(2);
  });

  it('is never made by someone of the receiving provider’s organizations, nor bought for it', async () => {
    const before = await remaining(L1, 'esign');
    const refused = await post(interested, '/api/v1/l2sip/stock/allocate', {
      l1SipId: L1,
      l2SipId: L2A,
      counters: 10,
    });
    expect(refused.status).toBe(403);
    const roles = await post(interested, '/api/v1/l2sip/role/counter/allocate', {
      l1SipId: L1,
      l2SipId: L2A,
      organizationUserCounters: 1,
      enrollmentAdminCounters: 0,
      authorisedSignatoryCounters: 0,
    });
    expect(roles.status).toBe(403);
    const bought = await post(interested, '/api/v1/buy/sip/checkout', {
      sipId: L1,
      l2SipId: L2A,
      items: [{ paxUniqueId: `CNT-${String(L1)}-500`, quantity: 1 }],
    });
    expect(bought.status).toBe(403);
    expect(await remaining(L1, 'esign')).toBe(before);
    // An Approver does not allocate.
    const approverAllocates = await post(hind, '/api/v1/l2sip/stock/allocate', {
      l1SipId: L1,
      l2SipId: L2B,
      counters: 10,
    });
    expect(approverAllocates.status).toBe(403);
  });
});

describe('the customers of an L1 provider (issue 36)', () => {
  it('have none of its powers: its customer’s admins are refused every provider call', async () => {
    for (const person of [saraPerson, majedPerson]) {
      const token = (await h.signIn(person.nationalId)).token;
      const calls: [string, string, object][] = [
        ['POST', '/api/v1/l2sip/grid', { l1SipId: L1, pageNumber: 0, pageSize: 10 }],
        ['POST', '/api/v1/l2sip/process', { l1SipId: L1, requestId: 1, action: 'approve' }],
        ['POST', '/api/v1/l2sip/stock/allocate', { l1SipId: L1, l2SipId: L2A, counters: 1 }],
        ['POST', '/api/v1/l2sip/role/counter/remaining', { l1SipId: L1 }],
        [
          'POST',
          '/api/v1/buy/sip/checkout',
          {
            sipId: L1,
            l2SipId: L2A,
            items: [{ paxUniqueId: `CNT-${String(L1)}-500`, quantity: 1 }],
          },
        ],
        [
          'POST',
          '/api/v1/purchase/provider/special/requests',
          { l1SipId: L1, pageNumber: 1, pageSize: 10 },
        ],
        [
          'POST',
          '/api/v1/purchase/provider/special/decide',
          { l1SipId: L1, requestSlNo: 1, approve: true, unitPrice: 0.01 },
        ],
        [
          'POST',
          '/api/v1/purchase/provider/requests/confirm',
          { l1SipId: L1, requestSlNo: 1, received: true },
        ],
        ['POST', '/api/v1/provider/dashboard', { sipId: L1 }],
        ['GET', `/api/v1/buy/org/getL1Plans?sipId=${String(L1)}`, {}],
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
    (await post(nada, '/api/v1/l2sip/role/counter/remaining', { l1SipId: L1 })).body as Record<
      string,
      number
    >;
  const allocateRoles = (body: object) =>
    post(nada, '/api/v1/l2sip/role/counter/allocate', {
      l1SipId: L1,
      l2SipId: L2B,
      organizationUserCounters: 0,
      enrollmentAdminCounters: 0,
      authorisedSignatoryCounters: 0,
      ...body,
    });
  const listRow = async () => {
    const list = await post(nada, '/api/v1/l2sip/role/counter/allocation/list', {
      l1SipId: L1,
      pageNumber: 1,
      pageSize: 10,
    });
    return (list.body.dataList as { l2SipId: number }[]).find((row) => row.l2SipId === L2B) as
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
    post(token, '/api/v1/buy/sip/checkout', { sipId: L1, l2SipId, items }, { key });
  const gatewayIdOf = (paymentUrl: string) => paymentUrl.split('/').at(-1) as string;

  it('offers the L1’s own packs with the server’s VAT, and its approved L2 providers', async () => {
    const plans = await h.call('GET', `/api/v1/buy/org/getL1Plans?sipId=${String(L1)}`, {
      token: nada,
      language: 'ar',
    });
    expect(plans.status).toBe(200);
    expect(plans.body.vat).toBe(15);
    expect(plans.body.dataList.map((plan: { paxUniqueId: string }) => plan.paxUniqueId)).toEqual([
      `CNT-${String(L1)}-500`,
      `CNT-${String(L1)}-2000`,
      `CNT-${String(L1)}-10000`,
    ]);
    expect(plans.body.dataList[0].validity).toMatch(/شهر/);
    const l2s = await h.call('GET', `/api/v1/buy/org/getL2Sips?sipId=${String(L1)}`, {
      token: nada,
    });
    const ids = l2s.body.dataList.map((row: { l2SipId: number }) => row.l2SipId);
    expect(ids).toContain(L2A);
    // A refused applicant is not offered.
    expect(ids).not.toContain(qassim.sipSlno);
  });

  it('credits the L2’s stock once when paid, not out of the L1’s, and the L1 sees how it stands', async () => {
    const before = await remaining(L2A, 'esign');
    const l1Before = await remaining(L1, 'esign');
    const key = randomUUID();
    const items = [{ paxUniqueId: `CNT-${String(L1)}-500`, quantity: 2 }];
    const order = await buyFor(L2A, items, key);
    expect(order.status).toBe(200);
    // 2 × 1,750 before VAT, VAT 15 %.
    expect(order.body).toMatchObject({ price: 3500, tax: 525, totalPrice: 4025 });
    expect((await h.gatewaySimulator.get(gatewayIdOf(order.body.paymentUrl)))?.returnUrl).toContain(
      '/app/provider/paymentStatus?payment=',
    );
    // The same key again is the same order; for another L2 provider it is refused.
    const again = await buyFor(L2A, items, key);
    expect(again.body.encodedOrderSlno).toBe(order.body.encodedOrderSlno);
    expect((await buyFor(L2B, items, key)).status).toBe(422);
    expect(await remaining(L2A, 'esign')).toBe(before);

    await h.gatewaySimulator.decide(gatewayIdOf(order.body.paymentUrl), 'pay');
    const payment = await h.gatewaySimulator.get(gatewayIdOf(order.body.paymentUrl));
    if (!payment) throw new Error('no payment');
    await h.notifyPayment({
      id: payment.id,
      reference: payment.reference,
      status: 'paid',
      amount: payment.amount,
    });
    expect(await remaining(L2A, 'esign')).toBe(before + 1000);
    expect(await remaining(L1, 'esign')).toBe(l1Before);
    const { rows } = await h.pool.query(
      `SELECT sip_slno, kind, quantity FROM counter_entries WHERE reference LIKE $1`,
      [`order:${String(order.body.encodedOrderSlno)}:%`],
    );
    expect(rows).toEqual([{ sip_slno: L2A, kind: 'purchase', quantity: 1000 }]);

    const statusOf = (token: string) =>
      h.call('GET', `/api/v1/esign/my/payment/status/${String(order.body.encodedPaymentSlno)}`, {
        token,
      });
    expect((await statusOf(nada)).body.paymentStatus).toBe('success');
    // A member of an organization under the L1, not on its staff: not found.
    expect((await statusOf(reem)).status).toBe(404);
    // Not one of an organization's own purchases (one under the same L1).
    const sara = (await h.signIn(saraPerson.nationalId)).token;
    const purchases = await post(sara, '/api/v1/buy/org/counters', {
      sipSlNo: ORG,
      pageNumber: 1,
      pageSize: 500,
    });
    expect(
      purchases.body.dataList.map((row: { transactionNo: string }) => row.transactionNo),
    ).not.toContain(order.body.encodedOrderSlno);
  });

  it('refuses another L1’s provider, one not approved, a pack it does not sell, and a lower role', async () => {
    const items = [{ paxUniqueId: `CNT-${String(L1)}-500`, quantity: 1 }];
    expect((await buyFor(OTHER_L2, items)).status).toBe(404);
    const refused = await buyFor(qassim.sipSlno, items);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('not approved');
    const notSold = await buyFor(L2A, [
      { paxUniqueId: `CNT-${String(OTHER_L1)}-500`, quantity: 1 },
    ]);
    expect(notSold.status).toBe(422);
    expect((await buyFor(L2A, items, undefined, reem)).status).toBe(403);
    const { rows } = await h.pool.query(
      `SELECT count(*)::int AS orders FROM orders WHERE for_sip_slno IN (${String(qassim.sipSlno)}, ${String(OTHER_L2)})`,
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
        { l1SipId: L1, pageNumber: 1, pageSize: 100 },
        { language: 'ar' },
      );
      const file = await post(nada, exported, { l1SipId: L1, language: 'ar' });
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
          `SELECT count(*)::int AS n FROM l2_requests WHERE l1_sip_slno = ${String(L1)} AND status = 'Pending'`,
        )
      ).rows[0]?.n,
    );
    expect(await dashboard(nada, L1)).toMatchObject({
      level: 'L1',
      name: L1_NAME,
      held: { esign: await remaining(L1, 'esign') },
      esignAllocated: await ledger(L1, 'allocationOut'),
      pendingL2Requests: pending,
      parentName: null,
    });
    const staffOf500 = (await h.signIn(first.admin.nationalId)).token;
    expect(await dashboard(staffOf500, L2A)).toMatchObject({
      level: 'L2',
      name: providerNames(L2A).en,
      held: { esign: await remaining(L2A, 'esign') },
      esignAllocated: await ledger(L2A, 'allocationIn'),
      pendingL2Requests: 0,
      parentName: L1_NAME,
    });
  });

  it('is not its customers’: their admins get no provider figures, on their dashboard or from the call', async () => {
    const sara = (await h.signIn(saraPerson.nationalId)).token;
    const organization = await post(sara, '/api/v1/dashboard/dashboardDetailsForEnrolmentAdmin', {
      sipSlno: ORG,
      organizationSlNo: ORG,
    });
    expect(organization.status).toBe(200);
    expect(organization.body).not.toHaveProperty('provider');
    expect((await post(sara, '/api/v1/provider/dashboard', { sipId: L1 })).status).toBe(403);
  });
});
