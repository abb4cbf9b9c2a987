import {
  isValidNationalId,
  normalizeSaudiMobile,
  toHalalas,
  vatOf,
  vatRateBasisPoints,
} from '@tawqi/domain';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointId } from '../src/index.js';
import { createFixtures, createMockAnswers, type MockRequest } from '../src/fixtures/index.js';

const fixtures = createFixtures();
const answers = createMockAnswers(fixtures);
const ARABIC = /[\u0600-\u06FF]/u;

describe('mock answers in Arabic', () => {
  const arabic = createMockAnswers(createFixtures({ language: 'ar' }));
  const LATIN = /[A-Za-z]/u;
  /** The rows of a list call's answer (its one array: `dataList`, or the spec's own name). */
  const rowsOf = (id: EndpointId) => {
    const answer = (arabic[id] as (request: MockRequest) => unknown)({
      params: { page: 1, size: 10, transactionID: 'ES-1' },
      query: {},
      body: {},
    }) as Record<string, unknown>;
    return (Object.values(answer).find(Array.isArray) ?? []) as Record<string, unknown>[];
  };
  // The words a person reads in each list (names, terms, statuses, validities); ids, codes,
  // e-mails and file names stay as they are in both languages.
  const WORDS: [EndpointId, string[]][] = [
    ['myTransactions', ['planType', 'userRole', 'statusLabel', 'originator']],
    ['paymentHistory', ['productName', 'validity', 'statusLabel']],
    ['commonEsignPlans', ['planName', 'productName', 'validity']],
    ['myNotifications', ['title', 'message']],
    ['l2RequestsGrid', ['sipName', 'orgName', 'statusLabel', 'originator']],
    ['purchasedCounters', ['paymentMode']],
    ['counterAllocationHistory', ['paxDescription', 'userType', 'paxType']],
    ['counterPlans', ['name', 'paxDescription', 'paxTypeName']],
    ['esignDeductionSummary', ['planName', 'planType']],
    ['specialPlans', ['planName', 'planType']],
  ];

  it.each(WORDS)('%s: the words are Arabic', (id, fields) => {
    const rows = rowsOf(id);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      for (const field of fields) {
        const value = row[field];
        expect(typeof value, `${id}.${field}`).toBe('string');
        expect(value, `${id}.${field}`).toMatch(ARABIC);
        expect(value, `${id}.${field}`).not.toMatch(LATIN);
      }
  });

  it('keeps names given in both languages as both', () => {
    const row = (arabic.manageUsersGrid as (request: MockRequest) => unknown)({
      params: {},
      query: {},
      body: { pageNumber: 1, pageSize: 1 },
    }) as { dataList: { fullNameEnglish: string; fullNameArabic: string }[] };
    expect(row.dataList[0]?.fullNameEnglish).toMatch(LATIN);
    expect(row.dataList[0]?.fullNameArabic).toMatch(ARABIC);
  });
});

describe('mock answers', () => {
  const json = ENDPOINTS.filter((endpoint) => endpoint.answer.kind === 'json');

  it.each(json.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s answers what its contract declares',
    (id, endpoint) => {
      if (endpoint.answer.kind !== 'json') throw new Error('json only');
      const answer = (answers[id as EndpointId] as (request: MockRequest) => unknown)({
        params: { page: 2, size: 10, transactionID: 'ES-1' },
        query: { esignlogsSlNo: 91000 },
        body: {},
      });
      const parsed = endpoint.answer.schema.safeParse(answer);
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );

  it('answers exports and documents with a file', () => {
    for (const endpoint of ENDPOINTS.filter((candidate) => candidate.answer.kind !== 'json')) {
      expect((answers[endpoint.id as EndpointId] as () => unknown)()).toBe('file');
    }
  });

  it('gives the deduction summary every plan state, each row adding up', () => {
    const rows = Array.from({ length: 14 }, (_, i) => fixtures.counterDeductionSummary(i));
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['active', 'usedUp', 'expired']),
    );
    for (const row of rows) {
      expect(row.utilizedCounters + row.remainingCounters + row.expiredCounters).toBe(
        row.totalCounters,
      );
      if (row.status !== 'active') expect(row.remainingCounters).toBe(0);
      if (row.status !== 'expired') expect(row.expiredCounters).toBe(0);
      expect(row.expiryDate > row.activeDate).toBe(true);
    }
  });

  it('pages rows: 1-based and zero-based calls land on the same rows', () => {
    const oneBased = answers.manageUsersGrid({
      params: {},
      query: {},
      body: { pageNumber: 6, pageSize: 10 },
    });
    expect(oneBased.dataList).toHaveLength(7);
    expect(oneBased.totalCount).toBe(57);
    const zeroBased = answers.myTransactions({
      params: {},
      query: {},
      body: { page: 0, limit: 10 },
    });
    expect(zeroBased.dataList[0]).toEqual(fixtures.myTransaction(0));
  });
});

describe('fixtures', () => {
  it('are the same for the same seed, in any order, and differ for another seed', () => {
    const again = createFixtures();
    expect(again.orgUserRow(5)).toEqual(fixtures.orgUserRow(5));
    expect(createFixtures().orgUserRow(5)).toEqual(again.orgUserRow(5));
    expect(createFixtures({ seed: 2 }).orgUserRow(5)).not.toEqual(fixtures.orgUserRow(5));
  });

  it('use valid Saudi national ids, mobiles and commercial registrations', () => {
    for (let i = 0; i < 50; i += 1) {
      expect(isValidNationalId(fixtures.nationalId(i))).toBe(true);
      expect(normalizeSaudiMobile(fixtures.orgUserRow(i).mobileNo)).not.toBeNull();
    }
    expect(fixtures.organizationProfile(0).crNumber).toMatch(/^1010\d{6}$/);
    expect(fixtures.organizationProfile(0).unifiedOrgNo).toMatch(/^70\d{8}$/);
  });

  it('name people and organizations in both languages', () => {
    const row = fixtures.orgUserRow(0);
    expect(row.fullNameArabic).toMatch(ARABIC);
    expect(row.fullNameEnglish).not.toMatch(ARABIC);
    expect(fixtures.organizationEntry(1).organizationNameArabic).toMatch(ARABIC);
  });

  it('price plans with the VAT of the domain, price + tax = total exactly', () => {
    const rate = vatRateBasisPoints(15);
    for (let i = 0; i < 4; i += 1) {
      const plan = fixtures.buyablePlan(i);
      expect(toHalalas(plan.tax)).toBe(vatOf(toHalalas(plan.price), rate));
      expect(toHalalas(plan.price) + toHalalas(plan.tax)).toBe(toHalalas(plan.totalPrice));
    }
    expect(createFixtures({ vatPercent: 5 }).buyablePlan(0).tax).toBe(4.95);
  });

  it('start at the spec’s organization 314 and provider 408 (SPEC §9)', () => {
    expect(fixtures.organizationEntry(0)).toMatchObject({ slno: 314, sipSlNo: 408 });
  });
});
