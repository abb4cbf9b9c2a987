/**
 * My subscription (SPEC §2): four grids — current plans (in force), purchased plans (every plan
 * bought; the welcome pack until then), plan history (used up or expired) and payment history,
 * whose rows can start a payment again or ask the gateway again how one ended. The open tab and
 * each grid's page live in the URL.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import type { PaymentStatus } from '@tawqi/domain';
import {
  Button,
  DataGrid,
  EmptyState,
  Link,
  Tabs,
  type DataGridColumn,
  type ToastVariant,
} from '@tawqi/ui';
import type { TFunction } from 'i18next';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { api } from '../../api.js';
import { useFormat } from '../../format.js';
import { PAGE_SIZE, gridState, usePageParam } from '../../grid.js';
import { MY_PATHS } from '../../paths.js';
import { payAgain } from '../../payments.js';
import { reportFailure, toasts } from '../../toasts.js';
import { Status } from '../../components/Status.js';
import { useApi, useRead } from '../../queries.js';
import { Verbatim } from '../../components/Verbatim.js';
import {
  actions,
  detailGrid,
  factLabel,
  facts,
  factValue,
  heading,
  listRow,
  nowrap,
  plainList,
  screen,
  sectionTitle,
  title,
} from './my.css.js';

// The receipt (and its QR encoder) loads with the first receipt opened.
const ReceiptDialog = lazy(() => import('./Receipt.js'));
const MY_INVOICES = { area: 'my' } as const;

type Plan = EndpointOutput<typeof CONTRACT.currentPlans>['dataList'][number];
type Payment = EndpointOutput<typeof CONTRACT.paymentHistory>['dataList'][number];
type Format = ReturnType<typeof useFormat>;

const TABS = ['current', 'purchased', 'history', 'payments'] as const;
type Tab = (typeof TABS)[number];

function planColumns(
  t: TFunction<'my'>,
  format: Format,
  withPrice: boolean,
): DataGridColumn<Plan>[] {
  const columns: DataGridColumn<Plan>[] = [
    {
      id: 'planName',
      header: t('plans.columns.plan'),
      cell: (row) => row.planName,
      isRowHeader: true,
    },
    {
      id: 'transactions',
      header: t('plans.columns.transactions'),
      cell: (row) => format.number(row.transactions),
      align: 'end',
    },
    {
      id: 'utilized',
      header: t('plans.columns.utilized'),
      cell: (row) => format.number(row.utilized),
      align: 'end',
    },
    {
      id: 'balance',
      header: t('plans.columns.balance'),
      cell: (row) => format.number(row.balance),
      align: 'end',
    },
    {
      id: 'validFrom',
      header: t('plans.columns.validFrom'),
      cell: (row) => format.date(row.validFrom),
    },
    { id: 'validTo', header: t('plans.columns.validTo'), cell: (row) => format.date(row.validTo) },
  ];
  if (withPrice)
    columns.push({
      id: 'totalPrice',
      header: t('plans.columns.totalPrice'),
      cell: (row) => format.sar(row.totalPrice),
      align: 'end',
    });
  columns.push({
    id: 'status',
    header: t('plans.columns.status'),
    cell: (row) => <Status status={row.status} />,
  });
  return columns;
}

function PlanGrid({ tab }: { tab: Exclude<Tab, 'payments'> }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [page, setPage] = usePageParam();
  const call = useRead(
    [CONTRACT.currentPlans.area, 'plans', tab, page],
    async (signal) => {
      const params = { page, size: PAGE_SIZE };
      if (tab === 'current') return api.call(CONTRACT.currentPlans, { params }, { signal });
      if (tab === 'history') return api.call(CONTRACT.planHistory, { params }, { signal });
      const answer = await api.call(CONTRACT.purchasedPlans, { params }, { signal });
      return {
        dataList: answer.purchasedPlanList ?? answer.welcomePackList ?? [],
        totalCount: answer.totalCount,
        isWelcomePack: answer.purchasedPlanList === undefined,
      };
    },
    { keepPrevious: true },
  );
  // Until a plan is bought, "purchased plans" shows the welcome pack, and says so.
  const welcomePack =
    call.data &&
    'isWelcomePack' in call.data &&
    call.data.isWelcomePack &&
    call.data.dataList.length > 0;
  return (
    <>
      {welcomePack ? <p>{t('plans.welcomePack')}</p> : null}
      <DataGrid
        label={t(`subscription.tabs.${tab}`)}
        columns={planColumns(t, format, tab !== 'current')}
        rowKey={(row) => row.planUniqueID}
        {...gridState(call, call.data?.dataList ?? [], call.data?.totalCount ?? 0)}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyState={
          <EmptyState
            title={t(`plans.empty.${tab}`)}
            action={<Link href={MY_PATHS.buyPlans}>{t('plans.buy')}</Link>}
          />
        }
      />
    </>
  );
}

/** How a rechecked payment is told: paid, failed, or still open. */
const TOAST_OF_PAYMENT = {
  success: 'success',
  failure: 'error',
  pending: 'info',
  initiated: 'info',
  cancelled: 'info',
  refunded: 'info',
} as const satisfies Record<PaymentStatus, ToastVariant>;

function PaymentGrid() {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [page, setPage] = usePageParam();
  const call = useApi(
    CONTRACT.paymentHistory,
    { params: { page, size: PAGE_SIZE } },
    { keepPrevious: true },
  );
  const [busy, setBusy] = useState<string | null>(null);

  const pay = async (row: Payment) => {
    setBusy(row.encodedPaymentSlno);
    try {
      await payAgain(row.encodedPaymentSlno);
    } catch (error) {
      reportFailure(error);
      setBusy(null);
    }
  };
  const recheck = async (row: Payment) => {
    setBusy(row.encodedPaymentSlno);
    try {
      const answer = await api.call(CONTRACT.recheckPayment, {
        body: { encodedPaymentSlno: row.encodedPaymentSlno },
      });
      toasts.show({
        variant: TOAST_OF_PAYMENT[answer.paymentStatus],
        title: t('payments.rechecked'),
        description: answer.errorMessage ?? answer.statusLabel,
      });
      call.reload();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const [receiptOf, setReceiptOf] = useState<string | null>(null);

  // One row per order: what a person reads at a glance; the price before VAT, the VAT, the
  // validity and every payment attempt are in the row's details.
  const columns: DataGridColumn<Payment>[] = [
    {
      id: 'productName',
      header: t('payments.columns.product'),
      cell: (row) => row.productName,
      isRowHeader: true,
    },
    {
      id: 'transactionId',
      header: t('payments.columns.reference'),
      cell: (row) => (
        <span className={nowrap}>
          <Verbatim>{row.transactionId}</Verbatim>
        </span>
      ),
    },
    {
      id: 'paymentDate',
      header: t('payments.columns.date'),
      cell: (row) => format.dateTime(row.paymentDate),
    },
    {
      id: 'quantity',
      header: t('payments.columns.quantity'),
      cell: (row) => format.number(row.quantity),
      align: 'end',
      width: 110,
    },
    {
      id: 'amount',
      header: t('payments.columns.amount'),
      cell: (row) => <span className={nowrap}>{format.sar(row.amount)}</span>,
      align: 'end',
      width: 170,
    },
    {
      id: 'status',
      header: t('payments.columns.status'),
      cell: (row) => <Status status={row.status} />,
    },
    {
      id: 'actions',
      header: t('payments.columns.actions'),
      interactive: true,
      cell: (row) => (
        <span className={actions}>
          {row.initiatePayment ? (
            <Button
              size="small"
              isPending={busy === row.encodedPaymentSlno}
              onPress={() => void pay(row)}
            >
              {t('payments.pay')}
            </Button>
          ) : null}
          {row.recheckPayment ? (
            <Button
              size="small"
              variant="secondary"
              isPending={busy === row.encodedPaymentSlno}
              onPress={() => void recheck(row)}
            >
              {t('payments.recheck')}
            </Button>
          ) : null}
          {row.hasReceipt ? (
            <Button
              size="small"
              variant="secondary"
              aria-label={t('payments.receiptOf', { reference: row.transactionId })}
              onPress={() => setReceiptOf(row.encodedOrderSlno)}
            >
              {t('payments.receipt')}
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <DataGrid
        label={t('subscription.tabs.payments')}
        columns={columns}
        rowKey={(row) => row.encodedOrderSlno}
        {...gridState(call, call.data?.dataList ?? [], call.data?.totalCount ?? 0)}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyState={<EmptyState title={t('payments.empty')} />}
        renderDetail={(row) => <PaymentDetail row={row} />}
      />
      {receiptOf ? (
        <Suspense fallback={null}>
          <ReceiptDialog
            owner={MY_INVOICES}
            encodedOrderSlno={receiptOf}
            onClose={() => setReceiptOf(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** An order's details: the price before VAT, the VAT, the validity, and its payment attempts. */
function PaymentDetail({ row }: { row: Payment }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  return (
    <div className={detailGrid}>
      <dl className={facts}>
        <dt className={factLabel}>{t('payments.columns.price')}</dt>
        <dd className={factValue}>{format.sar(row.amountWithoutTax)}</dd>
        <dt className={factLabel}>{t('payments.columns.tax')}</dt>
        <dd className={factValue}>{format.sar(row.tax)}</dd>
        <dt className={factLabel}>{t('payments.columns.validity')}</dt>
        <dd className={factValue}>{row.validity}</dd>
      </dl>
      <section aria-label={t('payments.attempts')}>
        <h3 className={sectionTitle}>{t('payments.attempts')}</h3>
        <ol className={plainList}>
          {row.attempts.map((attempt) => (
            <li key={attempt.encodedPaymentSlno} className={listRow}>
              <span>{format.dateTime(attempt.paymentDate)}</span>
              <Status status={attempt.status} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export default function Subscription() {
  const { t } = useTranslation('my');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.find((name) => name === requested) ?? 'current';
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('subscription.title')}</h1>
        <Link href={MY_PATHS.buyPlans}>{t('plans.buy')}</Link>
      </div>
      <Tabs
        label={t('subscription.title')}
        selectedKey={tab}
        onSelectionChange={(key) => {
          // A new grid starts on its first page.
          setParams(key === 'current' ? {} : { tab: String(key) });
        }}
        items={TABS.map((name) => ({
          id: name,
          label: t(`subscription.tabs.${name}`),
          content: name === 'payments' ? <PaymentGrid /> : <PlanGrid tab={name} />,
        }))}
      />
    </div>
  );
}
