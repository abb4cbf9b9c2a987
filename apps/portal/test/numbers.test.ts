import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { INTERPOLATION, localeNumbers } from '../src/i18n.js';

const LOCALES = fileURLToPath(new URL('../public/locales', import.meta.url));
const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(`${LOCALES}/${language}/${namespace}.json`, 'utf8')) as object;

async function translator(language: 'ar' | 'en') {
  const i18n = createInstance();
  await i18n.use(localeNumbers).init({
    lng: language,
    ns: ['my', 'public', 'dashboard'],
    resources: {
      [language]: {
        my: read(language, 'my'),
        public: read(language, 'public'),
        dashboard: read(language, 'dashboard'),
      },
    },
    interpolation: INTERPOLATION,
  });
  return i18n.t.bind(i18n);
}

describe('numbers inside translated sentences', () => {
  it('are written in Arabic-Indic digits on an Arabic page, whoever forgot to format them', async () => {
    const t = await translator('ar');
    expect(t('dashboard:balanceHint', { used: 2, count: 15 })).toBe('استُخدمت ٢ من ١٥ عملية');
    expect(t('dashboard:balanceHint', { used: 2, count: 5 })).toBe('استُخدمت ٢ من ٥ عمليات');
    expect(t('public:plans.transactions', { count: 10, validity: '١٢ شهرًا' })).toBe(
      '١٠ عمليات، والصلاحية ١٢ شهرًا',
    );
    expect(t('public:plans.lead', { vat: 15 })).toContain('بنسبة ١٥٪');
    expect(t('public:plans.lead', { vat: 15 })).not.toMatch(/[0-9]/);
  });

  it("take Arabic's plural form and its digits together", async () => {
    const t = await translator('ar');
    expect(t('my:transactionStatus.documents', { count: 1 })).toBe('مستند واحد');
    expect(t('my:transactionStatus.documents', { count: 2 })).toBe('مستندان');
    expect(t('my:transactionStatus.documents', { count: 3 })).toBe('٣ مستندات');
    expect(t('my:transactionStatus.documents', { count: 11 })).toBe('١١ مستندًا');
    expect(t('my:transactionStatus.documents', { count: 100 })).toBe('١٠٠ مستند');
  });

  it('stay in Latin digits, grouped, on an English page', async () => {
    const t = await translator('en');
    expect(t('dashboard:balanceHint', { used: 1200, count: 5000 })).toBe(
      '1,200 of 5,000 transactions used',
    );
  });
});
