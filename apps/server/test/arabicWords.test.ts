/**
 * Words that came from elsewhere in English and showed on Arabic pages (issue 38, item 10): a
 * resident's nationality as the identity app gives it, and an integrating application's name as
 * a transaction's originator.
 */
import { describe, expect, it } from 'vitest';
import { RESIDENT_NATIONALITIES } from '../src/adapters/nafath/people.js';
import { transactionOf } from '../src/modules/individual/transactions.js';
import { localWord } from '../src/modules/words.js';

const ARABIC = /^[\u0600-\u06FF\s]+$/u;

describe('words said in Arabic', () => {
  it('names every nationality the identity app gives in Arabic', () => {
    for (const nationality of [...RESIDENT_NATIONALITIES, 'Saudi Arabia'])
      expect(localWord(nationality, 'ar')).toMatch(ARABIC);
  });

  it('names a transaction’s application in the reader’s language, and the portal by its word', () => {
    const row = {
      esign_logs_id: 1,
      transaction_id: 'ES-2026000001',
      transaction_date: new Date('2026-11-27T09:00:00Z'),
      plan_type: 'Individual',
      user_role: 'Individual',
      status: 'success' as const,
      documents: 1,
    };
    const byApplication = {
      ...row,
      originator: 'Tawqi demo application',
      app_en: 'Tawqi demo application',
      app_ar: 'تطبيق توقيع التجريبي',
    };
    expect(transactionOf(byApplication, 'ar').originator).toBe('تطبيق توقيع التجريبي');
    expect(transactionOf(byApplication, 'en').originator).toBe('Tawqi demo application');
    const byPortal = { ...row, originator: 'Tawqi portal', app_en: null, app_ar: null };
    expect(transactionOf(byPortal, 'ar').originator).toBe('بوابة منصة توقيع');
  });
});
