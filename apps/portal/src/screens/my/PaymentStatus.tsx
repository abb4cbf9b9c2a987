/**
 * /app/my/paymentStatus?payment=… and /app/org/paymentStatus (SPEC §2): where the gateway sends
 * the browser back. It shows how the payment stands, asks again every 3 s while the gateway has
 * not answered (a minute at most), and offers to check again or, after a failure, to pay again;
 * then leads to what was bought, in the area it was bought for.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { Button, Card, EmptyState, ErrorState, Link, Spinner } from '@tawqi/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { api } from '../../api.js';
import { useFormat } from '../../format.js';
import { MY_PATHS } from '../../paths.js';
import { reportFailure } from '../../toasts.js';
import { payAgain } from '../../payments.js';
import { Status } from '../../components/Status.js';
import { useApi } from '../../queries.js';
import { actions, factLabel, facts, factValue, heading, screen, title } from './my.css.js';
import { Verbatim } from '../../components/Verbatim.js';

type Payment = EndpointOutput<typeof CONTRACT.paymentStatus>;

const POLL_INTERVAL_MS = 3000;
const POLL_LIMIT = 20;

const isOpen = (payment: Payment | null) =>
  payment?.paymentStatus === 'initiated' || payment?.paymentStatus === 'pending';

interface Place {
  href: string;
  label: string;
}

export interface PaymentStatusProps {
  /** Where to go once paid: what was bought (as the payment says), and the area's start. */
  afterSuccess: readonly Place[] | ((payment: Payment) => readonly Place[]);
  /** The area's purchases, where an unpaid order is found again. */
  history: Place;
  /** What is still to do once paid, when the purchase is not ready at once (a certificate). */
  nextStep?: (payment: Payment) => string | null;
}

export default function MyPaymentStatus() {
  const { t } = useTranslation('my');
  return (
    <PaymentStatus
      // A certificate leads to My certificates, where its key is made next (issue 38); a plan
      // to the plans bought.
      afterSuccess={(payment) => [
        payment.category === 'certificate'
          ? { href: MY_PATHS.certificates, label: t('paymentStatus.makeKey') }
          : { href: `${MY_PATHS.subscriptions}?tab=purchased`, label: t('paymentStatus.seePlans') },
        { href: MY_PATHS.dashboard, label: t('paymentStatus.dashboard') },
      ]}
      // A paid certificate is not issued yet: its key is made in this browser first.
      nextStep={(payment) =>
        payment.category === 'certificate' ? t('paymentStatus.certificateNext') : null
      }
      history={{
        href: `${MY_PATHS.subscriptions}?tab=payments`,
        label: t('paymentStatus.history'),
      }}
    />
  );
}

export function PaymentStatus({ afterSuccess, history, nextStep }: PaymentStatusProps) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [params] = useSearchParams();
  const reference = params.get('payment') ?? '';
  const [polls, setPolls] = useState(0);
  const [rechecked, setRechecked] = useState<Payment | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useApi(CONTRACT.paymentStatus, { params: { encodedPaymentSlno: reference } });
  const payment = rechecked ?? status.data;
  const waiting = isOpen(payment) && polls < POLL_LIMIT;

  const { reload } = status;
  useEffect(() => {
    if (!waiting || status.status !== 'ready') return;
    const timer = window.setTimeout(() => {
      setPolls((count) => count + 1);
      reload();
    }, POLL_INTERVAL_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [waiting, status.status, reload]);

  const recheck = async () => {
    setBusy(true);
    try {
      setRechecked(
        await api.call(CONTRACT.recheckPayment, { body: { encodedPaymentSlno: reference } }),
      );
      // The gateway's own answer stands; the page stops asking on its own.
      setPolls(POLL_LIMIT);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const pay = async () => {
    setBusy(true);
    try {
      await payAgain(reference);
    } catch (error) {
      reportFailure(error);
      setBusy(false);
    }
  };

  let body;
  if (!reference) {
    body = (
      <EmptyState
        title={t('paymentStatus.none')}
        action={<Link href={history.href}>{history.label}</Link>}
      />
    );
  } else if (status.status === 'failed' && !payment) {
    body = <ErrorState message={status.message} retryAt={status.retryAt} onRetry={status.reload} />;
  } else if (!payment) {
    body = <Spinner showLabel />;
  } else {
    const outcome = payment.paymentStatus;
    body = (
      <Card title={t(`paymentStatus.outcome.${outcome}`)} headingLevel={2}>
        <div role="status">
          <dl className={facts}>
            <dt className={factLabel}>{t('paymentStatus.status')}</dt>
            <dd className={factValue}>
              <Status status={outcome} />
            </dd>
            <dt className={factLabel}>{t('paymentStatus.amount')}</dt>
            <dd className={factValue}>{format.sar(payment.amount)}</dd>
            <dt className={factLabel}>{t('paymentStatus.reference')}</dt>
            <dd className={factValue}>
              <Verbatim>{payment.encodedOrderSlno}</Verbatim>
            </dd>
          </dl>
          {payment.errorMessage ? <p>{payment.errorMessage}</p> : null}
          {outcome === 'success' && nextStep?.(payment) ? <p>{nextStep(payment)}</p> : null}
          {waiting ? <Spinner showLabel label={t('paymentStatus.waiting')} /> : null}
        </div>
        <div className={actions}>
          {outcome === 'success'
            ? (typeof afterSuccess === 'function' ? afterSuccess(payment) : afterSuccess).map(
                (place) => (
                  <Link key={place.href} href={place.href}>
                    {place.label}
                  </Link>
                ),
              )
            : null}
          {outcome === 'failure' ? (
            <Button isPending={busy} onPress={() => void pay()}>
              {t('paymentStatus.payAgain')}
            </Button>
          ) : null}
          {outcome !== 'success' && !waiting ? (
            <Button variant="secondary" isPending={busy} onPress={() => void recheck()}>
              {t('paymentStatus.recheck')}
            </Button>
          ) : null}
          {outcome !== 'success' ? <Link href={history.href}>{history.label}</Link> : null}
        </div>
      </Card>
    );
  }

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('paymentStatus.title')}</h1>
      </div>
      {body}
    </div>
  );
}
