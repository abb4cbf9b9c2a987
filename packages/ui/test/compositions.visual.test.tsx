import '../src/fonts.css';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  Button,
  DataGrid,
  EmptyState,
  ErrorState,
  Pagination,
  StatCard,
  StatusBadge,
  TextField,
  UiProvider,
  type ThemeChoice,
} from '../src/index.js';

const COPY = {
  en: {
    buy: 'Buy plan',
    cancel: 'Cancel',
    reject: 'Reject',
    approved: 'Approved',
    pending: 'Pending',
    rejected: 'Rejected',
    email: 'E-mail',
    emailError: 'Enter an e-mail address such as name@example.sa',
    balance: 'Plan balance',
    grid: 'Payment history',
    product: 'Product',
    amount: 'Amount',
    status: 'Status',
    plans: ['eSign Starter', 'eSign Professional', 'eSign Business'],
  },
  ar: {
    buy: 'شراء الباقة',
    cancel: 'إلغاء',
    reject: 'رفض',
    approved: 'معتمد',
    pending: 'قيد الانتظار',
    rejected: 'مرفوض',
    email: 'البريد الإلكتروني',
    emailError: 'أدخل بريدًا إلكترونيًا صحيحًا',
    balance: 'رصيد الباقة',
    grid: 'سجل المدفوعات',
    product: 'المنتج',
    amount: 'المبلغ',
    status: 'الحالة',
    plans: ['الباقة الأساسية', 'الباقة الاحترافية', 'باقة الأعمال'],
  },
} as const;

const LOCALES = { en: 'en-US-u-ca-gregory', ar: 'ar-SA-u-ca-gregory' } as const;

function Controls({ language }: { language: 'en' | 'ar' }) {
  const copy = COPY[language];
  return (
    <div style={{ display: 'grid', gap: '1rem', inlineSize: '34rem' }}>
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button>{copy.buy}</Button>
        <Button variant="secondary">{copy.cancel}</Button>
        <Button variant="danger">{copy.reject}</Button>
      </div>
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <StatusBadge tone="success" label={copy.approved} />
        <StatusBadge tone="warning" label={copy.pending} />
        <StatusBadge tone="danger" label={copy.rejected} />
      </div>
      <TextField label={copy.email} isInvalid errorMessage={copy.emailError} defaultValue="sara@" />
      <StatCard
        label={copy.balance}
        value={new Intl.NumberFormat(LOCALES[language]).format(177)}
        meterPercent={68}
      />
      <ErrorState onRetry={() => undefined} />
      <EmptyState />
    </div>
  );
}

function Grid({ language }: { language: 'en' | 'ar' }) {
  const copy = COPY[language];
  const money = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'SAR' });
  const rows = copy.plans.map((plan, i) => ({
    id: `TXN${String(1000 + i)}`,
    plan,
    amount: [113.85, 458.85, 1493.85][i] ?? 0,
    ok: i !== 1,
  }));
  return (
    <div style={{ inlineSize: '44rem' }}>
      <DataGrid
        label={copy.grid}
        rows={rows}
        rowKey={(row) => row.id}
        totalCount={23}
        page={1}
        pageSize={3}
        onPageChange={() => undefined}
        columns={[
          { id: 'id', header: 'ID', cell: (row) => row.id, isRowHeader: true, width: 110 },
          { id: 'plan', header: copy.product, cell: (row) => row.plan },
          {
            id: 'amount',
            header: copy.amount,
            cell: (row) => money.format(row.amount),
            align: 'end',
          },
          {
            id: 'status',
            header: copy.status,
            cell: (row) => (
              <StatusBadge
                tone={row.ok ? 'success' : 'danger'}
                label={row.ok ? copy.approved : copy.rejected}
              />
            ),
          },
        ]}
      />
      <Pagination page={2} pageSize={10} totalCount={57} onPageChange={() => undefined} />
    </div>
  );
}

const COMPOSITIONS: Record<string, (language: 'en' | 'ar') => ReactNode> = {
  controls: (language) => <Controls language={language} />,
  grid: (language) => <Grid language={language} />,
};

describe('key compositions look as approved', () => {
  for (const [name, compose] of Object.entries(COMPOSITIONS)) {
    for (const language of ['en', 'ar'] as const) {
      for (const theme of ['light', 'dark'] as ThemeChoice[]) {
        const direction = language === 'ar' ? 'rtl' : 'ltr';
        test(`${name} ${direction} ${theme}`, async () => {
          await render(
            <UiProvider locale={LOCALES[language]} theme={theme} className="visual-root">
              <div data-testid="composition" style={{ padding: '1rem', display: 'inline-block' }}>
                {compose(language)}
              </div>
            </UiProvider>,
          );
          await document.fonts.ready;
          await expect(page.getByTestId('composition')).toMatchScreenshot(
            `${name}-${direction}-${theme}`,
          );
        });
      }
    }
  }
});
