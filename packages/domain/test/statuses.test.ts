import { describe, expect, it } from 'vitest';
import {
  ESIGN_TRANSACTION_STATUSES,
  GRID_STATUS_FILTERS,
  NEW_USER_APPROVAL_STATUSES,
  ORG_USER_ACTIVE_STATES,
  ORG_USER_STATUSES,
  PLAN_PURCHASE_STATUSES,
  PURCHASE_ORDER_STATUSES,
  REVIEW_REQUEST_STATUSES,
  SPECIAL_PLAN_STATUSES,
  PAYMENT_STATUSES,
  CERTIFICATE_REQUEST_STATUSES,
  CERTIFICATE_STATES,
  PLAN_STATES,
  STATUS_TONES,
  TONES,
  UAV_REQUEST_STATUSES,
  UAV_REQUEST_STATUS_CODES,
  defaultStatusFilter,
  STATUS_WORDS,
  statusWord,
  toneOf,
  uavRequestStatusOf,
} from '../src/index.js';

describe('status vocabularies (SPEC §4)', () => {
  it('lists each row of the table with the spec’s values', () => {
    expect(ORG_USER_STATUSES).toEqual([
      'Initiated',
      'Pending',
      'Approved',
      'Rejected',
      'UserRejected',
      'Deactivated',
    ]);
    expect(ORG_USER_ACTIVE_STATES).toEqual(['Active', 'Inactive']);
    expect(UAV_REQUEST_STATUSES).toEqual([
      'Initiated',
      'Pending',
      'Approved',
      'Rejected',
      'Cancelled',
    ]);
    expect(NEW_USER_APPROVAL_STATUSES).toEqual(['Pending', 'Approved', 'Rejected', 'UserRejected']);
    expect(REVIEW_REQUEST_STATUSES).toEqual(['Pending', 'Approved', 'Rejected']);
    expect(PLAN_PURCHASE_STATUSES).toEqual(['success', 'failure']);
    expect(SPECIAL_PLAN_STATUSES).toEqual([
      'pendingForApproval',
      'approved',
      'rejected',
      'paymentSuccess',
      'paymentFailure',
    ]);
    expect(PURCHASE_ORDER_STATUSES).toEqual([
      ...SPECIAL_PLAN_STATUSES,
      'pending',
      'paymentInitiated',
    ]);
    expect(ESIGN_TRANSACTION_STATUSES).toEqual(['success', 'failed', 'pending']);
  });

  it('numbers new UAV requests 0 to 4 and reads codes back', () => {
    expect(UAV_REQUEST_STATUS_CODES).toEqual({
      Initiated: 0,
      Pending: 1,
      Approved: 2,
      Rejected: 3,
      Cancelled: 4,
    });
    for (const status of UAV_REQUEST_STATUSES) {
      expect(uavRequestStatusOf(UAV_REQUEST_STATUS_CODES[status])).toBe(status);
    }
  });

  it('reads no UAV status from a code the spec lacks', () => {
    expect(uavRequestStatusOf(5)).toBeUndefined();
    expect(uavRequestStatusOf(-1)).toBeUndefined();
    expect(uavRequestStatusOf(1.5)).toBeUndefined();
  });
});

describe('status tones', () => {
  it('gives every status of every vocabulary a tone of the tone list', () => {
    const every = [
      ...ORG_USER_STATUSES,
      ...ORG_USER_ACTIVE_STATES,
      ...UAV_REQUEST_STATUSES,
      ...NEW_USER_APPROVAL_STATUSES,
      ...REVIEW_REQUEST_STATUSES,
      ...PLAN_PURCHASE_STATUSES,
      ...PURCHASE_ORDER_STATUSES,
      ...ESIGN_TRANSACTION_STATUSES,
      ...PLAN_STATES,
      ...PAYMENT_STATUSES,
      ...CERTIFICATE_REQUEST_STATUSES,
      ...CERTIFICATE_STATES,
    ];
    for (const status of every) expect(TONES).toContain(toneOf(status));
    expect(Object.keys(STATUS_TONES).sort()).toEqual([...new Set(every)].sort());
  });

  it('shows success and failure words in success and danger tones', () => {
    expect(toneOf('Approved')).toBe('success');
    expect(toneOf('paymentSuccess')).toBe('success');
    expect(toneOf('Rejected')).toBe('danger');
    expect(toneOf('failed')).toBe('danger');
    expect(toneOf('Pending')).toBe('warning');
    expect(toneOf('active')).toBe('success');
    expect(toneOf('expired')).toBe('neutral');
    expect(toneOf('initiated')).toBe('info');
  });

  it('shows a status word the spec lacks as neutral, including inherited object keys', () => {
    expect(toneOf('Archived')).toBe('neutral');
    expect(toneOf('toString')).toBe('neutral');
    expect(toneOf('__proto__')).toBe('neutral');
  });

  it('words every status in both languages, from the glossary, and shows an unknown one as it came', () => {
    expect(statusWord('UserRejected', 'en')).toBe('Rejected by user');
    expect(statusWord('UserRejected', 'ar')).toBe('رفضه المستخدم');
    expect(statusWord('pendingForApproval', 'ar')).toBe('بانتظار الموافقة');
    expect(statusWord('somethingNew', 'ar')).toBe('somethingNew');
    expect(statusWord('__proto__', 'en')).toBe('__proto__');
    for (const words of Object.values(STATUS_WORDS)) {
      expect(words.en).toMatch(/^[A-Z][a-z ]+$/);
      // Arabic words only: no Latin letter leaks into an Arabic screen or file.
      expect(words.ar).not.toMatch(/[A-Za-z]/);
    }
  });

  it('gives two states two Arabic words, as it gives them two English ones', () => {
    const byArabic = new Map<string, Set<string>>();
    for (const words of Object.values(STATUS_WORDS))
      byArabic.set(words.ar, new Set([...(byArabic.get(words.ar) ?? []), words.en]));
    // The one state two vocabularies word differently in English: an approval not given yet.
    const sameState = new Set(['Pending for approval', 'Waiting for approval']);
    const shared = [...byArabic].filter(
      ([, english]) => [...english].filter((word) => !sameState.has(word)).length > 1,
    );
    expect(shared.map(([arabic, english]) => `${arabic}: ${[...english].join(', ')}`)).toEqual([]);
    // A revoked certificate is not a cancelled payment (the glossary's «ملغى»).
    expect(statusWord('revoked', 'ar')).not.toBe(statusWord('cancelled', 'ar'));
  });
});

describe('default grid filters (SPEC §4)', () => {
  it('starts new-user approvals, change requests and L2 approvals on Approved or Pending', () => {
    for (const grid of ['newUserApprovals', 'changeRequests', 'l2Approvals'] as const) {
      expect([...defaultStatusFilter(grid)].sort()).toEqual(['Approved', 'Pending']);
    }
  });

  it('starts certificate approvals, like the spec’s approvals, on the open requests', () => {
    expect(defaultStatusFilter('certificateApprovals')).toEqual([
      'approvalPending',
      'confirmationPending',
    ]);
  });

  it('starts every other grid on all of its statuses', () => {
    for (const [grid, filter] of Object.entries(GRID_STATUS_FILTERS)) {
      if (
        ['newUserApprovals', 'changeRequests', 'l2Approvals', 'certificateApprovals'].includes(grid)
      )
        continue;
      expect(filter.defaultFilter).toEqual(filter.statuses);
    }
  });

  it('never starts a grid on a status outside its vocabulary', () => {
    for (const filter of Object.values(GRID_STATUS_FILTERS)) {
      for (const status of filter.defaultFilter) {
        expect(filter.statuses as readonly string[]).toContain(status);
      }
    }
  });
});
