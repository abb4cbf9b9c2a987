/**
 * The first organization calls on the tenant context, in an organization of the test's own with
 * the demo's busiest organization's volume: the Enrolment Admin's dashboard counts what the organization holds and lists its latest
 * transactions; the profile's tabs answer the organization's own details, units, sponsors,
 * technical contacts and admins in the caller's language; two organizations under one provider
 * see only their own.
 */
import { ESIGN_ERRORS, signingOutcome } from '@tawqi/api';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { verifiedOutcome } from '../src/demo/esignApp/client.js';
import type { AuditContext } from '../src/modules/audit/log.js';
import { signUnsignedAnswers } from '../src/modules/esign/service.js';
import { DEVICE, startHarness } from './harness.js';
import { freshOrganization, freshProvider, type FreshPerson } from './world.js';
import { exportedSheet } from './sheets.js';

const h = await startHarness();
// An organization with a thousand and more people and a history of transactions: two Enrolment
// Admins and an Organization User of its own besides; and two organizations under one L2.
const world = await freshOrganization(h, {
  members: [['enrolmentAdmin', 'authorizedSignatory'], ['organizationUser'], ['enrolmentAdmin']],
  volume: { users: 1600, transactions: 12_000 },
});
const ORG = world.orgSlno;
const [saraPerson, mohammedPerson, majedPerson] = world.members as [
  FreshPerson,
  FreshPerson,
  FreshPerson,
];
const L2 = await freshProvider(h, world.sipSlno);
const [jeddah, redSea] = [
  await freshOrganization(h, { sip: L2, type: 2 }),
  await freshOrganization(h, { sip: L2, type: 2 }),
];

const sara = (await h.signIn(saraPerson.nationalId)).token;
const khalid = (await h.signIn((jeddah.members[0] as FreshPerson).nationalId)).token;
const layla = (await h.signIn((redSea.members[0] as FreshPerson).nationalId)).token;
const mohammed = (await h.signIn(mohammedPerson.nationalId)).token;
const majed = (await h.signIn(majedPerson.nationalId)).token;

const count = async (sql: string) => Number((await h.ownerPool.query(sql)).rows[0].n);

describe('the Enrolment Admin dashboard', () => {
  it('counts the organization’s people, requests and counters, with its latest transactions', async () => {
    const answer = await h.call('POST', '/api/v1/dashboard/dashboardDetailsForEnrolmentAdmin', {
      token: sara,
      body: { organizationSlNo: ORG, sipSlno: ORG },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      totalUsers: await count(
        `SELECT count(*) AS n FROM memberships WHERE org_slno = ${String(ORG)} AND status IN ('Approved', 'Deactivated')`,
      ),
      activeUsers: await count(
        `SELECT count(*) AS n FROM memberships WHERE org_slno = ${String(ORG)} AND status = 'Approved' AND is_active`,
      ),
      pendingApprovals: await count(
        `SELECT count(*) AS n FROM user_requests WHERE org_slno = ${String(ORG)} AND kind = 'newUser' AND status = 'Pending'`,
      ),
      // 22,000 bought, 13,600 used, 8,000 left in active plans, 400 expired unused (issue 43).
      esignCounters: { total: 22000, utilized: 13600, remaining: 8000, expired: 400 },
      roleCounters: { organizationUser: { total: 4000, utilized: 1440, remaining: 2560 } },
    });
    expect(answer.body.totalUsers).toBeGreaterThan(1000);
    expect(answer.body.pendingApprovals).toBeGreaterThan(0);
    const recent = answer.body.recentTransactions as { requestedDate: string; sipTxnId: string }[];
    expect(recent).toHaveLength(5);
    const dates = recent.map((row) => row.requestedDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(recent.every((row) => row.sipTxnId.startsWith(`ES-${String(ORG)}-`))).toBe(true);
  });

  it('is for Enrolment Admins: an Organization User of the same organization is refused', async () => {
    const answer = await h.call('POST', '/api/v1/dashboard/dashboardDetailsForEnrolmentAdmin', {
      token: mohammed,
      body: { organizationSlNo: ORG, sipSlno: ORG },
    });
    expect(answer.status).toBe(403);
  });
});

describe('the organization profile', () => {
  it('answers the details in the caller’s language', async () => {
    const english = await h.call('POST', `/api/v1/profile/org/view/${String(ORG)}`, {
      token: sara,
    });
    expect(english.status).toBe(200);
    expect(english.body).toMatchObject({
      organizationName: `Test Company ${String(ORG)}`,
      sipId: `SIP-${String(world.sipSlno)}`,
      digitalStamp: null,
    });
    const arabic = await h.call('POST', `/api/v1/profile/org/view/${String(ORG)}`, {
      token: sara,
      language: 'ar',
    });
    expect(arabic.body).toMatchObject({
      organizationName: `شركة الاختبار ${String(ORG)}`,
      city: 'الرياض',
      state: 'منطقة الرياض',
      country: 'المملكة العربية السعودية',
    });
    expect(english.body).toMatchObject({ city: 'Riyadh', country: 'Saudi Arabia' });
  });

  it('pages the units, and lists sponsors, technical contacts and admins', async () => {
    const units = await h.call('POST', '/api/v1/profile/org/units', {
      token: sara,
      language: 'ar',
      body: { orgSlNo: ORG, pageNumber: 1, pageSize: 3 },
    });
    expect(units.body.totalCount).toBe(4);
    expect(units.body.dataList).toHaveLength(3);
    expect(units.body.dataList[0]).toMatchObject({
      organizationalUnitName: 'المكتب الرئيسي',
      // A status goes out as its code; screens and files word it from the one catalogue.
      status: 'Approved',
    });
    const secondPage = await h.call('POST', '/api/v1/profile/org/units', {
      token: sara,
      body: { orgSlNo: ORG, pageNumber: 2, pageSize: 3 },
    });
    expect(secondPage.body.dataList).toHaveLength(1);

    const sponsors = await h.call('POST', '/api/v1/profile/org/sponsors', {
      token: sara,
      body: { orgSlNo: ORG },
    });
    expect(sponsors.body.dataList.map((row: { isPrimary: boolean }) => row.isPrimary)).toEqual([
      true,
      false,
    ]);
    const header = await h.call('POST', '/api/v1/profile/org/sponsor/tpoc/info', {
      token: sara,
      body: { orgSlNo: ORG },
    });
    expect(header.body.sponsor.name).toBe('Mansour Al-Fahd');
    expect(header.body.technicalContact.name).toBe('Yasser Al-Amri');

    const admins = await h.call('POST', '/api/v1/profile/org/admin', {
      token: sara,
      body: { orgSlNo: ORG },
    });
    const names = admins.body.dataList.map((row: { fullName: string }) => row.fullName);
    expect(names).toContain(saraPerson.name);
    expect(names).not.toContain(mohammedPerson.name);
  });

  it('shows no certificate until one is issued', async () => {
    const answer = await h.call('GET', `/api/v1/profile/org/cert/info/${String(ORG)}`, {
      token: sara,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toBeNull();
  });

  it('keeps two organizations under one provider apart', async () => {
    const view = (organization: { orgSlno: number }, token: string) =>
      h.call('POST', `/api/v1/profile/org/view/${String(organization.orgSlno)}`, { token });
    const asKhalid = await view(jeddah, khalid);
    const asLayla = await view(redSea, layla);
    expect(asKhalid.body.organizationName).toBe(`Test Company ${String(jeddah.orgSlno)}`);
    expect(asLayla.body.organizationName).toBe(`Test Company ${String(redSea.orgSlno)}`);
    expect((await view(redSea, khalid)).status).toBe(403);
  });
});

describe('the organization’s eSign transactions (a declared grid)', () => {
  const grid = (token: string, body: Record<string, unknown>, language = 'en') =>
    h.call('POST', '/api/v1/org/esigntransactions/getOrgEsignTransactions', {
      token,
      language,
      body: { orgSlNo: ORG, pageNumber: 0, pageSize: 10, ...body },
    });

  it('offers its plan types as stored, so a type chosen in Arabic filters the grid', async () => {
    const types = await h.call(
      'POST',
      `/api/v1/org/esigntransactions/getPlanType?orgSlno=${String(ORG)}`,
      {
        token: sara,
        language: 'ar',
      },
    );
    expect(types.status).toBe(200);
    expect(types.body.dataList).toContain('Special plan');
    const filtered = await grid(sara, { planType: 'Special plan' }, 'ar');
    expect(filtered.body.totalCount).toBeGreaterThan(0);
    const all = await grid(sara, {}, 'ar');
    expect(filtered.body.totalCount).toBeLessThan(all.body.totalCount);
  });

  it('pages the organization’s own transactions, newest first, each with its running number', async () => {
    const total = await count(
      `SELECT count(*) AS n FROM esign_transactions WHERE org_slno = ${String(ORG)}`,
    );
    expect(total).toBeGreaterThanOrEqual(10_000);
    const first = await grid(sara, {});
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(total);
    const rows = first.body.dataList as {
      globalCounter: number;
      sipTxnId: string;
      requestedDate: string;
    }[];
    expect(rows).toHaveLength(10);
    // Numbered as they were made: the newest carries the organization's total.
    expect(rows.map((row) => row.globalCounter)).toEqual(
      Array.from({ length: 10 }, (_, index) => total - index),
    );
    expect(rows.every((row) => row.sipTxnId.startsWith(`ES-${String(ORG)}-`))).toBe(true);
    // Page 2 (zero-based 1) continues where page 1 ended.
    const second = await grid(sara, { pageNumber: 1 });
    expect((second.body.dataList as { globalCounter: number }[])[0]?.globalCounter).toBe(
      total - 10,
    );
  });

  it('filters by status and text, and refuses a member whose role may not see them', async () => {
    const failed = await grid(sara, { statuses: ['failed'], search: `ES-${String(ORG)}-0000` });
    expect(failed.status).toBe(200);
    const rows = failed.body.dataList as { status: string; sipTxnId: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every(
        (row) => row.status === 'failed' && row.sipTxnId.includes(`ES-${String(ORG)}-0000`),
      ),
    ).toBe(true);
    expect(failed.body.totalCount).toBe(
      await count(
        `SELECT count(*) AS n FROM esign_transactions WHERE org_slno = ${String(ORG)} AND status = 'failed' AND transaction_id LIKE '%ES-${String(ORG)}-0000%'`,
      ),
    );
    expect((await grid(mohammed, {})).status).toBe(403);
  });

  it('exports a failed transaction with its error code and message (issue 43)', async () => {
    const failure = ESIGN_ERRORS.countersExhausted;
    // Another of the organization's admins exports it: Sara's exports have a per-minute limit.
    const admin = await h.ownerPool.query<{ national_id: string }>(
      `SELECT u.national_id FROM memberships m JOIN users u ON u.user_slno = m.user_slno
        WHERE m.org_slno = ${String(ORG)} AND m.status = 'Approved' AND m.is_active AND 'enrolmentAdmin' = ANY (m.roles)
          AND u.user_slno <> $1
        ORDER BY m.user_slno LIMIT 1`,
      [saraPerson.userSlno],
    );
    const other = (await h.signIn(admin.rows[0]?.national_id as string)).token;
    const { rows } = await h.ownerPool.query<{ transaction_id: string }>(
      `UPDATE esign_transactions SET error_code = $1
        WHERE esign_logs_id = (SELECT min(esign_logs_id) FROM esign_transactions WHERE org_slno = ${String(ORG)} AND status = 'failed')
        RETURNING transaction_id`,
      [failure.code],
    );
    const id = rows[0]?.transaction_id;
    const { download, sheet } = await exportedSheet(
      h.baseUrl,
      other,
      '/api/v1/excel/report/exportOrgEsignTransactions',
      { orgSlNo: ORG, statuses: ['failed'], search: id, language: 'ar' },
    );
    expect(download.status).toBe(200);
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const cell = (header: string) => sheet.getRow(2).getCell(headers.indexOf(header)).value;
    expect(sheet.rowCount).toBe(2);
    expect(cell('رمز الخطأ')).toBe(failure.code);
    expect(cell('رسالة الخطأ')).toBe(failure.ar);
  });

  it('shows the demo world’s transaction records, written by the service’s record writer (issue 43)', async () => {
    const { rows } = await h.ownerPool.query<{
      esign_logs_id: number;
      transaction_id: string;
      status: string;
      error_code: string | null;
      national_id: string;
    }>(
      `SELECT DISTINCT ON (t.status) t.esign_logs_id, t.transaction_id, t.status, t.error_code, u.national_id
         FROM esign_transactions t JOIN users u ON u.user_slno = t.user_slno
        WHERE t.org_slno = ${String(ORG)} AND t.transaction_id LIKE 'ES-${String(ORG)}-%' ORDER BY t.status, t.esign_logs_id DESC`,
    );
    expect(rows.map((row) => row.status)).toEqual(['failed', 'pending', 'success']);
    const record = async (kind: string, id: number) => {
      const answer = await h.call(
        'POST',
        `/api/v1/org/esigntransactions/transactions/${kind}?esignlogsSlNo=${String(id)}&orgSlno=${String(ORG)}`,
        { token: sara },
      );
      expect(answer.status).toBe(200);
      return answer.body.data === '' ? null : JSON.parse(answer.body.data as string);
    };
    for (const row of rows) {
      const request = await record('request', row.esign_logs_id);
      expect(request).toMatchObject({
        txnId: expect.stringContaining(row.transaction_id) as string,
        signer: { nationalId: row.national_id },
        consent: true,
      });
      expect(request.documents.length).toBeGreaterThan(0);
      for (const document of request.documents)
        expect(Buffer.from(document.sha256 as string, 'base64')).toHaveLength(32);
    }
    // A failure answers with the service's catalogue code, which the row (and the grid) carry.
    const failed = rows[0] as (typeof rows)[number];
    const response = await record('response', failed.esign_logs_id);
    expect(response).toMatchObject({ status: 'failed', transactionId: failed.transaction_id });
    expect(Object.values(ESIGN_ERRORS).map((error) => error.code)).toContain(response.error.code);
    expect(failed.error_code).toBe(response.error.code);
    // Still waiting: no answer yet.
    const pending = rows[1] as (typeof rows)[number];
    expect(await record('response', pending.esign_logs_id)).toBeNull();
    // A success answers who signed and when; no signature material is made up for the past.
    const succeeded = rows[2] as (typeof rows)[number];
    const success = await record('response', succeeded.esign_logs_id);
    expect(success).toMatchObject({
      status: 'success',
      transactionId: succeeded.transaction_id,
      signer: { nationalId: succeeded.national_id },
    });
    expect(new Date(success.signedAt as string).getTime()).not.toBeNaN();
    expect(success).not.toHaveProperty('documents');
    // The sweep signs each answer as the service (the keys are not at hand while seeding): the
    // signed response verifies to our root and says what the response says.
    const signedResponse = async (id: number) =>
      (
        await h.call(
          'POST',
          `/api/v1/org/esigntransactions/transactions/signresponse?esignlogsSlNo=${String(id)}&orgSlno=${String(ORG)}`,
          { token: sara },
        )
      ).body.data as string;
    expect(await signedResponse(succeeded.esign_logs_id)).toBe('');
    while ((await signUnsignedAnswers(h.deps, 2000)) > 0);
    for (const [row, answer] of [
      [failed, response],
      [succeeded, success],
    ] as const) {
      const outcome = await verifiedOutcome(
        await signedResponse(row.esign_logs_id),
        h.deps.authority.root,
      );
      expect(outcome).toEqual(signingOutcome.parse(answer));
    }
    expect(await signedResponse(pending.esign_logs_id)).toBe('');
  });

  it('exports a moment as Riyadh’s date and time, the zone named in its header (issue 38)', async () => {
    const { sheet } = await exportedSheet(
      h.baseUrl,
      sara,
      '/api/v1/excel/report/exportOrgEsignTransactions',
      { orgSlNo: ORG, statuses: ['success'], language: 'en' },
    );
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('Requested (Riyadh time)') + 1;
    expect(column).toBeGreaterThan(0);
    const id = sheet.getRow(2).getCell(2).text;
    const { rows } = await h.pool.query<{ at: Date }>(
      'SELECT transaction_date AS at FROM esign_transactions WHERE transaction_id = $1',
      [id],
    );
    const at = rows[0]?.at as Date;
    const cell = sheet.getRow(2).getCell(column);
    // Riyadh is three hours ahead of UTC all year: the cell's fields are Riyadh's wall clock.
    expect((cell.value as Date).getTime()).toBe(
      Math.floor(at.getTime() / 1000) * 1000 + 3 * 3_600_000,
    );
    expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm');
  });

  it('exports every row of the filter in the chosen language, a thousand at a time', async () => {
    const filter = { statuses: ['success', 'pending'], fromDate: null, toDate: null };
    const { download, sheet } = await exportedSheet(
      h.baseUrl,
      sara,
      '/api/v1/excel/report/exportOrgEsignTransactions',
      { orgSlNo: ORG, ...filter, language: 'ar' },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('ESign_Transactions.xlsx');
    const expected = await count(
      `SELECT count(*) AS n FROM esign_transactions WHERE org_slno = ${String(ORG)} AND status IN ('success', 'pending')`,
    );
    // More than one batch, so the keyset continues across them without a gap or a repeat.
    expect(expected).toBeGreaterThan(2000);
    expect(sheet.rowCount - 1).toBe(expected);
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual([
      'الرقم',
      'رقم العملية',
      'تاريخ الطلب (بتوقيت الرياض)',
      'نوع الباقة',
      'الدور',
      'حساب المزوّد',
      'تاريخ الرد (بتوقيت الرياض)',
      'رمز الخطأ',
      'رسالة الخطأ',
      'الحالة',
    ]);
    const numbers = Array.from(
      { length: sheet.rowCount - 1 },
      (_, index) => sheet.getRow(index + 2).getCell(1).value as number,
    );
    expect(new Set(numbers).size).toBe(expected);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
    const statuses = new Set(
      Array.from(
        { length: sheet.rowCount - 1 },
        (_, index) => sheet.getRow(index + 2).getCell(10).text,
      ),
    );
    expect([...statuses].sort()).toEqual(['قيد الانتظار', 'ناجحة']);
    expect(sheet.getRow(2).getCell(3).value).toBeInstanceOf(Date);
  });
});

describe('manage organization users (a declared grid)', () => {
  const ALL = {
    initiated: 1,
    pending: 1,
    approved: 1,
    rejected: 1,
    userRejected: 1,
    deactivated: 1,
    active: 1,
    inActive: 1,
  };
  const users = (body: Record<string, unknown>, language = 'en', token = sara) =>
    h.call('POST', '/api/v1/user/org/orgUser/viewManageOrganizationUsersGrid', {
      token,
      language,
      body: { ...ALL, organizationSlno: ORG, pageNumber: 1, pageSize: 10, ...body },
    });
  const unitOf = async (name: string) =>
    count(
      `SELECT org_unit_slno AS n FROM organization_units WHERE org_slno = ${String(ORG)} AND name_en = '${name}'`,
    );

  it('refuses page 0 of its one-based pages as input, naming the field (issue 43: it answered 500)', async () => {
    for (const language of ['en', 'ar']) {
      const answer = await users({ pageNumber: 0 }, language);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      expect(answer.body.fieldErrors).toEqual([
        { path: 'body.pageNumber', message: expect.any(String) },
      ]);
    }
  });

  it('pages every member of the organization, newest first, each with their unit', async () => {
    const answer = await users({});
    expect(answer.status).toBe(200);
    expect(answer.body.totalCount).toBe(
      await count(`SELECT count(*) AS n FROM memberships WHERE org_slno = ${String(ORG)}`),
    );
    const rows = answer.body.dataList as {
      createdDate: string;
      orgUnit: string;
      userSlno: number;
    }[];
    expect(rows).toHaveLength(10);
    expect([...rows.map((row) => row.createdDate)].sort().reverse()).toEqual(
      rows.map((row) => row.createdDate),
    );
    expect(rows.every((row) => ['Head office', 'Finance'].includes(row.orgUnit))).toBe(true);
    const arabic = await users({}, 'ar');
    expect((arabic.body.dataList as { orgUnitArabic: string }[])[0]?.orgUnitArabic).toMatch(
      /المكتب الرئيسي|الإدارة المالية/,
    );
  });

  it('filters by the status flags, the active flags, the unit, the employee id and text', async () => {
    const pending = await users({
      ...ALL,
      approved: 0,
      rejected: 0,
      deactivated: 0,
      initiated: 0,
      userRejected: 0,
    });
    expect(pending.body.totalCount).toBe(
      await count(
        `SELECT count(*) AS n FROM memberships WHERE org_slno = ${String(ORG)} AND status = 'Pending'`,
      ),
    );
    expect(
      (pending.body.dataList as { status: string }[]).every((row) => row.status === 'Pending'),
    ).toBe(true);
    const inactive = await users({ active: 0 });
    expect(inactive.body.totalCount).toBe(
      await count(
        `SELECT count(*) AS n FROM memberships WHERE org_slno = ${String(ORG)} AND NOT is_active`,
      ),
    );
    const finance = await unitOf('Finance');
    const inFinance = await users({ orgUnitSlNo: finance });
    expect(inFinance.body.totalCount).toBe(
      await count(
        `SELECT count(*) AS n FROM memberships WHERE org_slno = ${String(ORG)} AND org_unit_slno = ${String(finance)}`,
      ),
    );
    const one = await users({ employeeId: `EMP-${String(ORG)}-00042` });
    expect(one.body.totalCount).toBe(1);
    const byName = await users({
      search: (one.body.dataList as { fullNameEnglish: string }[])[0]?.fullNameEnglish,
    });
    expect(byName.body.totalCount).toBeGreaterThanOrEqual(1);
    // None of the statuses chosen is no rows, not every row.
    const none = await users({
      initiated: 0,
      pending: 0,
      approved: 0,
      rejected: 0,
      userRejected: 0,
      deactivated: 0,
    });
    expect(none.body.totalCount).toBe(0);
    // Another organization's unit is not found.
    const theirs = await count(
      `SELECT min(org_unit_slno) AS n FROM organization_units WHERE org_slno = ${String(jeddah.orgSlno)}`,
    );
    expect((await users({ orgUnitSlNo: theirs })).status).toBe(404);
  });

  it('is for Enrolment Admins', async () => {
    expect((await users({}, 'en', mohammed)).status).toBe(403);
  });

  it('shows one member’s detail, with a masked national id, and finds no one of another organization', async () => {
    const [first] = (await users({ employeeId: `EMP-${String(ORG)}-00042` })).body.dataList as {
      userSlno: number;
    }[];
    if (!first) throw new Error('no member');
    const view = (userSlNo: number, language = 'en') =>
      h.call('POST', '/api/v1/user/org/orgUser/viewOrganizationUser', {
        token: sara,
        language,
        body: { orgSlNo: ORG, userSlNo, active: 1, inActive: 1 },
      });
    const detail = await view(first.userSlno, 'ar');
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      employeeId: `EMP-${String(ORG)}-00042`,
      nationalId: expect.stringMatching(/^\*{6}\d{4}$/),
      organizationUnit: expect.stringMatching(/المكتب الرئيسي|الإدارة المالية/),
      organizationCountersUse: { organizationUser: 1, enrolmentAdmin: 0, authorizedSignatory: 0 },
    });
    const stranger = await count(
      `SELECT min(user_slno) AS n FROM memberships WHERE org_slno = ${String(jeddah.orgSlno)}`,
    );
    expect((await view(stranger)).status).toBe(404);
  });

  it('offers the organization’s approved units and its employee ids for the filters', async () => {
    const units = await h.call(
      'POST',
      `/api/v1/user/org/orgUser/organizationUnitList/${String(ORG)}`,
      {
        token: sara,
      },
    );
    expect(units.status).toBe(200);
    expect(
      (units.body.dataList as { organizationalUnitName: string }[]).map(
        (unit) => unit.organizationalUnitName,
      ),
    ).toEqual(['Head office', 'Finance']);
    const ids = await h.call('POST', `/api/v1/user/org/orgUser/viewEmployeeIdList/${String(ORG)}`, {
      token: sara,
    });
    expect(ids.body.dataList).toHaveLength(
      await count(`SELECT count(*) AS n FROM memberships WHERE org_slno = ${String(ORG)}`),
    );
  });

  it('exports the filtered users as ManageOrganizationUsers.xlsx in the chosen language', async () => {
    const filter = { ...ALL, active: 1, inActive: 0, orgUnitSlNo: await unitOf('Head office') };
    const { download, sheet } = await exportedSheet(
      h.baseUrl,
      sara,
      '/api/v1/excel/report/exportManageUsers',
      { ...filter, organizationSlno: ORG, language: 'ar' },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('ManageOrganizationUsers.xlsx');
    const grid = await users({ ...filter, pageSize: 500 });
    expect(sheet.rowCount - 1).toBe(grid.body.totalCount);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual([
      'الاسم',
      'الرقم الوظيفي',
      'الوحدة التنظيمية',
    ]);
    // Names and units in Arabic, the active flag in words.
    expect(sheet.getRow(2).getCell(1).text).toMatch(/[\u0600-\u06ff]/);
    expect(sheet.getRow(2).getCell(3).text).toBe('المكتب الرئيسي');
    expect(sheet.getRow(2).getCell(7).text).toBe('نعم');
  });
});

describe('approvals of new users', () => {
  const pendingRequests = async () =>
    (
      await h.ownerPool.query<{ user_slno: number }>(
        `SELECT user_slno FROM user_requests WHERE org_slno = ${String(ORG)} AND kind = 'newUser' AND status = 'Pending' ORDER BY user_slno`,
      )
    ).rows.map((row) => row.user_slno);
  const decide = (
    token: string,
    userSlNo: number,
    action: string,
    remarks?: string,
    language = 'en',
  ) =>
    h.call('POST', '/api/v1/approval/org/users/new/process', {
      token,
      language,
      headers: {
        'idempotency-key': `decide-${String(userSlNo)}-${String(Math.random()).slice(2)}`,
      },
      body: { orgSlNo: ORG, userSlNo, action, ...(remarks === undefined ? {} : { remarks }) },
    });

  it('lists the organization’s new-user requests, starting on Approved or Pending, and exports them', async () => {
    const list = await h.call('POST', '/api/v1/approval/org/users/new/requests', {
      token: sara,
      body: { orgSlNo: ORG, pageNumber: 1, pageSize: 10, statuses: ['Approved', 'Pending'] },
    });
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(
      await count(
        `SELECT count(*) AS n FROM user_requests WHERE org_slno = ${String(ORG)} AND kind = 'newUser' AND status IN ('Approved', 'Pending')`,
      ),
    );
    expect(list.body.totalCount).toBeGreaterThan(10);
    const download = await fetch(
      `${h.baseUrl}/api/v1/excel/report/exportOrganizationApprovalUserNewRequest`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sara}`,
          'x-device-id': DEVICE,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ orgSlNo: ORG, statuses: ['Approved', 'Pending'], language: 'en' }),
      },
    );
    expect(download.headers.get('content-disposition')).toContain(
      'OrganizationUserNewRequest.xlsx',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    expect((workbook.worksheets[0] as ExcelJS.Worksheet).rowCount - 1).toBe(list.body.totalCount);
  });

  it('shows a request’s detail with a masked national id, and whether the caller made it', async () => {
    const [userSlNo] = await pendingRequests();
    const detail = await h.call('POST', '/api/v1/approval/org/users/new/viewNewRequestDetails', {
      token: sara,
      language: 'ar',
      body: { orgSlNo: ORG, userSlNo },
    });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      status: 'Pending',
      maskedNationalId: expect.stringMatching(/^\*{6}\d{4}$/),
      isdCode: '+966',
      createdByYou: false,
      nationality: 'المملكة العربية السعودية',
    });
  });

  it('approves once: the person becomes an active member, is told, and the decision is audited; a second decision is refused', async () => {
    const [userSlNo] = await pendingRequests();
    if (!userSlNo) throw new Error('no pending request');
    const refused = await decide(sara, userSlNo, 'reject', '  ');
    expect(refused.status).toBe(400);
    expect((await decide(sara, userSlNo, 'approve')).status).toBe(200);
    expect(
      (
        await h.ownerPool.query(
          `SELECT status, is_active FROM memberships WHERE org_slno = ${String(ORG)} AND user_slno = $1`,
          [userSlNo],
        )
      ).rows,
    ).toEqual([{ status: 'Approved', is_active: true }]);
    expect(
      await count(
        `SELECT count(*) AS n FROM notifications WHERE user_slno = ${String(userSlNo)} AND title_en = 'You were added'`,
      ),
    ).toBe(1);
    expect(
      await count(
        `SELECT count(*) AS n FROM audit_log WHERE action = 'approval.decided' AND target = '${String(userSlNo)}' AND org_slno = ${String(ORG)}`,
      ),
    ).toBe(1);
    // The person signs in and has the organization, with the role the request gave.
    const nationalId = (
      await h.ownerPool.query<{ national_id: string }>(
        'SELECT national_id FROM users WHERE user_slno = $1',
        [userSlNo],
      )
    ).rows[0]?.national_id;
    const session = (await h.signIn(nationalId ?? '')) as unknown as {
      organizationList: { slno: number; roles: string[] }[];
    };
    expect(
      session.organizationList.find((organization) => organization.slno === ORG),
    ).toMatchObject({
      roles: ['organizationUser'],
    });
    const again = await decide(majed, userSlNo, 'reject', 'Too late', 'ar');
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('سبق أن بتّ');
  });

  it('makes exactly one decision when two admins decide at once', async () => {
    const [, userSlNo] = await pendingRequests();
    if (!userSlNo) throw new Error('no pending request');
    const answers = await Promise.all([
      decide(sara, userSlNo, 'approve'),
      decide(majed, userSlNo, 'reject', 'Not one of ours'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(
      await count(
        `SELECT count(*) AS n FROM user_requests WHERE org_slno = ${String(ORG)} AND user_slno = ${String(userSlNo)} AND kind = 'newUser' AND decided_at IS NOT NULL`,
      ),
    ).toBe(1);
  });

  it('lets no one decide their own request: another admin does', async () => {
    const [, , userSlNo] = await pendingRequests();
    if (!userSlNo) throw new Error('no pending request');
    const saraSlno = saraPerson.userSlno;
    await h.ownerPool.query(
      `UPDATE user_requests SET created_by = $1 WHERE org_slno = ${String(ORG)} AND user_slno = $2 AND kind = 'newUser'`,
      [saraSlno, userSlNo],
    );
    const own = await decide(sara, userSlNo, 'reject', 'Duplicate');
    expect(own.status).toBe(403);
    expect(own.body.message).toContain('another Enrolment Admin');
    const detail = await h.call('POST', '/api/v1/approval/org/users/new/viewNewRequestDetails', {
      token: sara,
      body: { orgSlNo: ORG, userSlNo },
    });
    expect(detail.body.createdByYou).toBe(true);
    expect((await decide(majed, userSlNo, 'reject', 'Duplicate')).status).toBe(200);
    expect(
      (
        await h.ownerPool.query(
          `SELECT status, is_active FROM memberships WHERE org_slno = ${String(ORG)} AND user_slno = $1`,
          [userSlNo],
        )
      ).rows,
    ).toEqual([{ status: 'Rejected', is_active: false }]);
  });

  it('finds no request of another organization, and refuses members who may not approve', async () => {
    const stranger = await count(
      `SELECT min(user_slno) AS n FROM memberships WHERE org_slno = ${String(jeddah.orgSlno)}`,
    );
    expect((await decide(sara, stranger, 'approve')).status).toBe(404);
    const [userSlNo] = await pendingRequests();
    expect((await decide(mohammed, userSlNo ?? 1, 'approve')).status).toBe(403);
  });
});

describe('approvals of change requests', () => {
  const openChanges = async (field: string) =>
    (
      await h.ownerPool.query<{ request_slno: number; user_slno: number; value: string }>(
        `SELECT request_slno, user_slno, details->>'value' AS value FROM user_requests
          WHERE org_slno = ${String(ORG)} AND kind = 'change' AND status = 'Pending' AND details->>'field' = $1
          ORDER BY request_slno`,
        [field],
      )
    ).rows;
  const decide = (token: string, body: Record<string, unknown>) =>
    h.call('POST', '/api/v1/approval/org/users/change/process', {
      token,
      headers: { 'idempotency-key': `change-${String(Math.random()).slice(2)}` },
      body: { orgSlNo: ORG, ...body },
    });

  it('lists the changes members asked for, with what each changes, starting on Approved or Pending', async () => {
    const list = await h.call('POST', '/api/v1/approval/org/users/change/requests', {
      token: sara,
      language: 'ar',
      body: { orgSlNo: ORG, pageNumber: 1, pageSize: 10, statuses: ['Approved', 'Pending'] },
    });
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(
      await count(
        `SELECT count(*) AS n FROM user_requests WHERE org_slno = ${String(ORG)} AND kind = 'change' AND status IN ('Approved', 'Pending')`,
      ),
    );
    const types = new Set(
      (list.body.dataList as { changeType: string }[]).map((row) => row.changeType),
    );
    expect([...types].every((type) => type.startsWith('تغيير'))).toBe(true);
  });

  it('exports the filtered change requests, as each approval list exports (SPEC §2)', async () => {
    const filter = { orgSlNo: ORG, statuses: ['Approved', 'Pending'] };
    const list = await h.call('POST', '/api/v1/approval/org/users/change/requests', {
      token: sara,
      body: { ...filter, pageNumber: 1, pageSize: 10 },
    });
    const { download, sheet } = await exportedSheet(
      h.baseUrl,
      sara,
      '/api/v1/excel/report/exportOrganizationApprovalUserChangeRequest',
      { ...filter, language: 'ar' },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(
      'OrganizationUserChangeRequest.xlsx',
    );
    expect(sheet.rowCount - 1).toBe(list.body.totalCount);
    expect(sheet.getRow(1).values).toContain('التغيير');
    expect(sheet.views[0]?.rightToLeft).toBe(true);
  });

  it('shows a change as it is and as asked for, and makes it when approved', async () => {
    const [change] = await openChanges('unit');
    if (!change) throw new Error('no unit change');
    const detail = await h.call(
      'POST',
      '/api/v1/approval/org/users/change/viewChangeRequestDetails',
      {
        token: sara,
        body: { orgSlNo: ORG, userSlNo: change.user_slno, changeRequestSlno: change.request_slno },
      },
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      changeType: 'Organization unit change',
      status: 'Pending',
      createdByYou: false,
    });
    expect(detail.body.newValue).not.toBe(detail.body.currentValue);
    expect(
      (
        await decide(majed, {
          userSlNo: change.user_slno,
          changeRequestSlno: change.request_slno,
          action: 'approve',
        })
      ).status,
    ).toBe(200);
    // Decided, it still shows the unit it replaced beside the new one (issue 38).
    const decided = await h.call(
      'POST',
      '/api/v1/approval/org/users/change/viewChangeRequestDetails',
      {
        token: sara,
        body: { orgSlNo: ORG, userSlNo: change.user_slno, changeRequestSlno: change.request_slno },
      },
    );
    expect(decided.body).toMatchObject({
      status: 'Approved',
      currentValue: detail.body.currentValue,
      newValue: detail.body.newValue,
    });
    expect(
      await count(
        `SELECT org_unit_slno AS n FROM memberships WHERE org_slno = ${String(ORG)} AND user_slno = ${String(change.user_slno)}`,
      ),
    ).toBe(Number(change.value));
    expect(
      await count(
        `SELECT count(*) AS n FROM notifications WHERE user_slno = ${String(change.user_slno)} AND title_en = 'Your change was made'`,
      ),
    ).toBe(1);
  });

  it('says "no unit" for a member who had none, before and after the change is made', async () => {
    const [change] = await openChanges('unit');
    if (!change) throw new Error('no unit change');
    await h.ownerPool.query(
      'UPDATE memberships SET org_unit_slno = NULL WHERE org_slno = $1 AND user_slno = $2',
      [ORG, change.user_slno],
    );
    const details = () =>
      h.call('POST', '/api/v1/approval/org/users/change/viewChangeRequestDetails', {
        token: sara,
        language: 'ar',
        body: { orgSlNo: ORG, userSlNo: change.user_slno, changeRequestSlno: change.request_slno },
      });
    const pending = await details();
    expect(pending.body.currentValue).toBe('بلا وحدة تنظيمية');
    expect(pending.body.newValue).not.toBe('');
    const approved = await decide(majed, {
      userSlNo: change.user_slno,
      changeRequestSlno: change.request_slno,
      action: 'approve',
    });
    expect(approved.status).toBe(200);
    // Made, the change still shows what it replaced: no unit, not the unit it gave.
    expect((await details()).body).toMatchObject({
      status: 'Approved',
      currentValue: 'بلا وحدة تنظيمية',
      newValue: pending.body.newValue,
    });
  });

  it('keeps the value when a change is rejected, and refuses a request named with another person', async () => {
    const [change, other] = await openChanges('email');
    if (!change || !other) throw new Error('no e-mail changes');
    const before = (
      await h.ownerPool.query(
        `SELECT email FROM memberships WHERE org_slno = ${String(ORG)} AND user_slno = $1`,
        [change.user_slno],
      )
    ).rows;
    expect(
      (
        await decide(sara, {
          userSlNo: other.user_slno,
          changeRequestSlno: change.request_slno,
          action: 'approve',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await decide(sara, {
          userSlNo: change.user_slno,
          changeRequestSlno: change.request_slno,
          action: 'reject',
          remarks: 'Use the organization’s domain.',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await h.ownerPool.query(
          `SELECT email FROM memberships WHERE org_slno = ${String(ORG)} AND user_slno = $1`,
          [change.user_slno],
        )
      ).rows,
    ).toEqual(before);
    const again = await decide(majed, {
      userSlNo: change.user_slno,
      changeRequestSlno: change.request_slno,
      action: 'approve',
    });
    expect(again.status).toBe(409);
  });
});

describe('an organization call’s audit context', () => {
  it('names the organization and the caller’s roles there', async () => {
    let seen: AuditContext | null = null;
    const app = await h.appWith({
      organizationUnits: (context) => {
        seen = context.audit;
        return Promise.resolve({ dataList: [], totalCount: 0 });
      },
    });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/profile/org/units',
      headers: { authorization: `Bearer ${sara}`, 'x-device-id': DEVICE },
      payload: { orgSlNo: ORG, pageNumber: 1, pageSize: 10 },
    });
    expect(answer.statusCode).toBe(200);
    expect(seen).toMatchObject({ orgSlno: ORG, role: 'enrolmentAdmin,authorizedSignatory' });
    await app.close();
  });
});
