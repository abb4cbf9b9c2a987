/**
 * Numbers that agree (issue 43): every figure a dashboard shows equals the report or grid it
 * summarises, for each demo organization and each L1 provider of the demo world — what an operator
 * reconciles first. The organization's eSign card is the sum of the deduction report's rows
 * (total = used + remaining + expired, an expired plan's remainder is not "remaining"), and its
 * remaining is the ledger's balance; its people are the users grid's, by one definition of an
 * active member.
 */
import { describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';

const h = await startHarness();

/** Each demo organization with members, and one of its approved enrolment admins. */
const organizations = (
  await h.ownerPool.query<{ org_slno: number; query_id: number; national_id: string }>(
    `SELECT DISTINCT ON (o.org_slno) o.org_slno, o.query_id, u.national_id
       FROM organizations o
       JOIN memberships m ON m.org_slno = o.org_slno AND m.status = 'Approved' AND m.is_active
                         AND 'enrolmentAdmin' = ANY (m.roles)
       JOIN users u ON u.user_slno = m.user_slno
      ORDER BY o.org_slno, m.user_slno`,
  )
).rows;

/** Each L1 provider and one of its active admins. */
const providers = (
  await h.ownerPool.query<{ sip_slno: number; national_id: string }>(
    `SELECT DISTINCT ON (p.sip_slno) p.sip_slno, u.national_id
       FROM service_providers p
       JOIN provider_staff s ON s.sip_slno = p.sip_slno AND s.is_active AND 'providerAdmin' = ANY (s.roles)
       JOIN users u ON u.user_slno = s.user_slno
      WHERE p.level = 'L1'
      ORDER BY p.sip_slno, s.user_slno`,
  )
).rows;

async function post(token: string, path: string, body: object) {
  const answer = await h.call('POST', path, { token, body });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** Every row of a grid, page by page. */
async function allRows<Row>(token: string, path: string, body: object): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await post(token, path, { ...body, pageNumber: page, pageSize: 500 });
    rows.push(...(answer.dataList as Row[]));
    if (rows.length >= (answer.totalCount as number)) return rows;
  }
}

const total = (path: string, token: string, body: object) =>
  post(token, path, { pageNumber: 1, pageSize: 1, ...body }).then(
    (answer) => answer.totalCount as number,
  );

const sum = <Row>(rows: readonly Row[], of: (row: Row) => number) =>
  rows.reduce((sum, row) => sum + of(row), 0);

const NO_STATUS = {
  initiated: 0,
  pending: 0,
  approved: 0,
  rejected: 0,
  userRejected: 0,
  deactivated: 0,
};

interface LotRow {
  totalCounters: number;
  utilizedCounters: number;
  remainingCounters: number;
  expiredCounters: number;
}

describe('every organization dashboard figure equals what it summarises', () => {
  it('has demo organizations to check, with plans and people', () => {
    expect(organizations.length).toBeGreaterThanOrEqual(10);
    expect(organizations.map((organization) => organization.org_slno)).toContain(314);
  });

  it.each(organizations)('organization $org_slno', async (organization) => {
    const token = (await h.signIn(organization.national_id)).token;
    const org = organization.org_slno;
    const dashboard = await post(token, '/api/v1/dashboard/dashboardDetailsForEnrolmentAdmin', {
      organizationSlNo: org,
      sipSlno: organization.query_id,
    });

    // eSign: the card is the deduction report's rows added up, and remaining is the ledger's.
    const lots = await allRows<LotRow>(token, '/api/v1/reports/org/esign/deduction/summary', {
      sipSlNo: organization.query_id,
    });
    for (const lot of lots)
      expect(lot.utilizedCounters + lot.remainingCounters + lot.expiredCounters).toBe(
        lot.totalCounters,
      );
    expect(dashboard.esignCounters).toEqual({
      total: sum(lots, (lot) => lot.totalCounters),
      utilized: sum(lots, (lot) => lot.utilizedCounters),
      remaining: sum(lots, (lot) => lot.remainingCounters),
      expired: sum(lots, (lot) => lot.expiredCounters),
    });
    const ledger = await h.pool.query<{ remaining: number }>(
      "SELECT total - utilized AS remaining FROM organization_counters WHERE org_slno = $1 AND counter = 'esign'",
      [org],
    );
    expect(dashboard.esignCounters.remaining).toBe(ledger.rows[0]?.remaining ?? 0);

    // Role seats: the role counter report's summary.
    const roles = await h.call(
      'GET',
      `/api/v1/reports/org/role/deduction/summary/${String(organization.query_id)}`,
      { token },
    );
    expect(dashboard.roleCounters).toEqual(roles.body);

    // People: members (approved or deactivated) and active members are the users grid's.
    const users = '/api/v1/user/org/orgUser/viewManageOrganizationUsersGrid';
    const members = { ...NO_STATUS, approved: 1, deactivated: 1, organizationSlno: org };
    expect(dashboard.totalUsers).toBe(
      await total(users, token, { ...members, active: 1, inActive: 1 }),
    );
    const anyStatus = {
      ...Object.fromEntries(Object.keys(NO_STATUS).map((status) => [status, 1])),
      organizationSlno: org,
    };
    expect(dashboard.activeUsers).toBe(
      await total(users, token, { ...anyStatus, active: 1, inActive: 0 }),
    );

    // What waits: the approvals' pending rows.
    const pendingOnly = { orgSlNo: org, statuses: ['Pending'], language: 'en' };
    expect(dashboard.pendingApprovals).toBe(
      await total('/api/v1/approval/org/users/new/requests', token, pendingOnly),
    );
    expect(dashboard.pendingChangeRequests).toBe(
      await total('/api/v1/approval/org/users/change/requests', token, pendingOnly),
    );
  });
});

describe('every L1 provider dashboard figure equals what it summarises', () => {
  it('has L1 providers to check', () => {
    expect(providers.length).toBeGreaterThanOrEqual(3);
  });

  it.each(providers)('provider $sip_slno', async (provider) => {
    const token = (await h.signIn(provider.national_id)).token;
    const sip = provider.sip_slno;
    const dashboard = await post(token, '/api/v1/provider/dashboard', { sipId: sip });
    const allocations = await allRows<{ l2SipAllocatedCounter: number }>(
      token,
      '/api/v1/l2sip/stock/allocation/report',
      { l1SipId: sip },
    );
    expect(dashboard.esignAllocated).toBe(sum(allocations, (row) => row.l2SipAllocatedCounter));
    const remaining = await post(token, '/api/v1/l2sip/role/counter/remaining', { l1SipId: sip });
    expect(dashboard.held).toEqual({
      esign: remaining.remainingEsignCounters,
      enrolmentAdmin: remaining.remainingEnrollmentAdminCounters,
      authorizedSignatory: remaining.remainingAuthorisedSignatoryCounters,
      organizationUser: remaining.remainingOrganizationUserCounters,
    });
    const requests = await post(token, '/api/v1/l2sip/grid', {
      l1SipId: sip,
      statuses: ['Pending'],
      pageNumber: 0,
      pageSize: 1,
    });
    expect(dashboard.pendingL2Requests).toBe(requests.totalCount);
  });
});
