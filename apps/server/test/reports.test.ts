/**
 * The organization's reports (issue 15) on the counters ledger: the eSign counter deduction
 * summary lists the organization's lots of counters with what they cost, what was used and what
 * remains; its active rows add up to the dashboard's eSign counters, before and after a lot
 * expires; an expiry is posted once however many read at once; the export has the grid's rows.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/pool.js';
import { post } from '../src/modules/counters/ledger.js';
import { startHarness } from './harness.js';
import { freshOrganization, type FreshPerson } from './world.js';

const h = await startHarness();
const organization = await freshOrganization(h);
const ORG = organization.orgSlno;
const admin = organization.members[0] as FreshPerson;
/** The Enrolment Admin's session, signed in again only when the clock has moved (the identity app allows three a
 * person in ten minutes). */
let session: { at: number; token: string } | null = null;
async function adminToken(): Promise<string> {
  if (session?.at !== h.clock.now.getTime())
    session = {
      at: h.clock.now.getTime(),
      token: (await h.signIn(admin.nationalId)).token,
    };
  return session.token;
}

interface LotRow {
  planUniqueId: string;
  planName: string;
  status: string;
  salesPrice: number;
  vat: number;
  totalPrice: number;
  totalCounters: number;
  utilizedCounters: number;
  remainingCounters: number;
  expiredCounters: number;
}

const summary = async (token: string, body: object = {}, language = 'en') =>
  h.call('POST', '/api/v1/reports/org/esign/deduction/summary', {
    token,
    language,
    body: { sipSlNo: ORG, pageNumber: 1, pageSize: 50, ...body },
  });

const dashboard = async (token: string) =>
  (
    await h.call('POST', '/api/v1/dashboard/dashboardDetailsForEnrolmentAdmin', {
      token,
      body: { organizationSlNo: ORG, sipSlno: ORG },
    })
  ).body.esignCounters as { total: number; utilized: number; remaining: number };

const remainingOf = (rows: LotRow[]) => rows.reduce((sum, row) => sum + row.remainingCounters, 0);

describe('the eSign counter deduction summary', () => {
  it('lists the organization’s plans whose active rows add up to the dashboard', async () => {
    const token = await adminToken();
    const all = await summary(token);
    expect(all.status).toBe(200);
    const rows = all.body.dataList as LotRow[];
    expect(rows.map((row) => row.status).sort()).toEqual(['active', 'active', 'active', 'expired']);
    for (const row of rows) {
      // An expired plan's remainder is expired, not remaining (issue 43).
      expect(row.remainingCounters).toBe(
        row.status === 'expired' ? 0 : row.totalCounters - row.utilizedCounters,
      );
      expect(row.expiredCounters).toBe(
        row.status === 'expired' ? row.totalCounters - row.utilizedCounters : 0,
      );
      expect(Math.round((row.salesPrice + row.vat) * 100)).toBe(Math.round(row.totalPrice * 100));
    }
    const active = (await summary(token, { statuses: ['active'] })).body.dataList as LotRow[];
    expect(active).toHaveLength(3);
    expect(remainingOf(active)).toBe((await dashboard(token)).remaining);

    const arabic = (await summary(token, { search: 'الأعمال' }, 'ar')).body.dataList as LotRow[];
    expect(arabic.map((row) => row.planName)).toEqual(['باقة الأعمال', 'باقة الأعمال']);
  });

  it('expires a plan past its last day once, and the dashboard follows', async () => {
    const before = await dashboard(await adminToken());
    const rows = (await summary(await adminToken(), { statuses: ['active'] })).body
      .dataList as LotRow[];
    const soonest = rows.find((row) => row.planUniqueId.endsWith('-A')) as LotRow;
    // Past the first plan's last day (it was bought 300 days ago for 12 months).
    h.clock.advance(70 * 24 * 60 * 60 * 1000);
    const token = await adminToken();
    // Two readers at once: one expiry.
    await Promise.all([summary(token), dashboard(token), summary(token)]);
    const { rows: entries } = await h.ownerPool.query<{ quantity: number }>(
      `SELECT e.quantity FROM counter_entries e JOIN purchased_plans p USING (purchased_plan_slno)
        WHERE p.plan_unique_id = $1 AND e.kind = 'expiry'`,
      [soonest.planUniqueId],
    );
    expect(entries).toEqual([{ quantity: soonest.remainingCounters }]);
    const after = await dashboard(token);
    expect(after.remaining).toBe(before.remaining - soonest.remainingCounters);
    const active = (await summary(token, { statuses: ['active'] })).body.dataList as LotRow[];
    expect(active).toHaveLength(2);
    expect(remainingOf(active)).toBe(after.remaining);
  });

  it('exports the filter’s rows, figures as numbers', async () => {
    const token = await adminToken();
    const listed = (await summary(token)).body.dataList as LotRow[];
    const file = await h.call(
      'POST',
      '/api/v1/excel/report/exportEsignCounderDeductionSummaryReport',
      { token, body: { sipSlNo: ORG, language: 'en' } },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(
      'eSign_Counter_Deduction_Summary.xlsx',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const idColumn = header.indexOf('Plan ID') + 1;
    const remainingColumn = header.indexOf('Remaining') + 1;
    const ids: string[] = [];
    let remaining = 0;
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      ids.push(row.getCell(idColumn).text);
      remaining += Number(row.getCell(remainingColumn).value);
    });
    expect(ids).toEqual(listed.map((row) => row.planUniqueId));
    expect(remaining).toBe(remainingOf(listed));
  });
});

describe('the role counter report', () => {
  it('counts each role’s seats as the dashboard does, and lists the seats received, newest first', async () => {
    const token = await adminToken();
    const summary = await h.call(
      'GET',
      `/api/v1/reports/org/role/deduction/summary/${String(ORG)}`,
      {
        token,
      },
    );
    expect(summary.status).toBe(200);
    const board = await h.call('POST', '/api/v1/dashboard/dashboardDetailsForEnrolmentAdmin', {
      token,
      body: { organizationSlNo: ORG, sipSlno: ORG },
    });
    expect(summary.body).toEqual(board.body.roleCounters);

    // Seats bought now come first.
    await inTransaction(h.pool, (tx) =>
      post(tx, {
        orgSlno: ORG,
        counter: 'authorizedSignatory',
        kind: 'purchase',
        quantity: 10,
        reason: 'Demo seats',
        reference: 'report-test',
        at: h.clock.now,
      }),
    );
    const history = await h.call('POST', '/api/v1/reports/org/counter/allocation/history', {
      token,
      language: 'ar',
      body: { sipSlNo: ORG, pageNumber: 1, pageSize: 10 },
    });
    expect(history.status).toBe(200);
    expect(history.body.totalCount).toBe(4);
    expect(history.body.dataList[0]).toMatchObject({
      userType: 'المفوّض بالتوقيع',
      paxType: 'شراء',
      paxDescription: 'مقاعد تجريبية',
      paxSize: 10,
      paxUniqueId: expect.stringMatching(/^RC-\d+$/),
    });
    expect(
      (history.body.dataList as { paxType: string }[]).slice(1).map((row) => row.paxType),
    ).toEqual(['الرصيد الافتتاحي', 'الرصيد الافتتاحي', 'الرصيد الافتتاحي']);

    const file = await h.call('POST', '/api/v1/excel/report/exportOrgRoleCounterDeductionSummary', {
      token,
      body: { sipSlNo: ORG, language: 'en' },
    });
    expect(file.headers.get('content-disposition')).toContain(
      'ESign_Role_Counter_Deduction_Summary_Report.xlsx',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw as unknown as ArrayBuffer);
    // First the summary, each role's seats as the report answers them after the purchase; then
    // the seats received.
    const [first, second] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(first.name).toBe('Role seats');
    const after = await h.call('GET', `/api/v1/reports/org/role/deduction/summary/${String(ORG)}`, {
      token,
    });
    const cells = (sheet: ExcelJS.Worksheet) =>
      sheet
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
    expect(cells(first)).toEqual([
      ['Role', 'Total', 'Utilized', 'Remaining'],
      ...(['enrolmentAdmin', 'authorizedSignatory', 'organizationUser'] as const).map((role) => [
        {
          organizationUser: 'Organization User',
          enrolmentAdmin: 'Enrolment Admin',
          authorizedSignatory: 'Authorized Signatory',
        }[role],
        after.body[role].total,
        after.body[role].utilized,
        after.body[role].remaining,
      ]),
    ]);
    expect(after.body.authorizedSignatory.total).toBe(
      Number(summary.body.authorizedSignatory.total) + 10,
    );
    expect(second.getCell('A2').text).toBe(history.body.dataList[0].paxUniqueId);
    expect(second.rowCount).toBe(5);
  });
});

describe('eSign usage by month', () => {
  it('gives the last twelve months, oldest first, their sum what the ledger consumed in them', async () => {
    const token = await adminToken();
    const answer = await h.call('GET', `/api/v1/reports/org/esign/usage/${String(ORG)}`, { token });
    expect(answer.status).toBe(200);
    const months = answer.body.months as { month: string; used: number }[];
    expect(months).toHaveLength(12);
    expect([...months.map((m) => m.month)].sort()).toEqual(months.map((m) => m.month));
    const { rows } = await h.ownerPool.query<{ used: number }>(
      `SELECT coalesce(sum(quantity), 0)::int AS used FROM counter_entries
        WHERE org_slno = $2 AND counter = 'esign' AND kind = 'consumption'
          AND to_char(created_at AT TIME ZONE 'Asia/Riyadh', 'YYYY-MM') >= $1`,
      [months[0]?.month, ORG],
    );
    expect(months.reduce((sum, m) => sum + m.used, 0)).toBe(rows[0]?.used);
    // The demo world's signatures are spread over the months, not heaped on one.
    expect(months.filter((m) => m.used > 0).length).toBeGreaterThan(6);
  });
});
