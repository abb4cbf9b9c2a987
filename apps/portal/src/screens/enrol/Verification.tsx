/**
 * The pre-enrolment pages after create account (SPEC §2; issue 17):
 * - `/email-verification`: with a link's token, opens it and says what happened (verified,
 *   expired, already used, replaced by a newer link, not a link of ours), offering to send a new
 *   one where that helps; without one, says where the link went and lets the applicant resend it;
 * - `/verify-payments`: the registration fee with VAT, paid at the gateway;
 * - `/paymentstatus-prelogin`: how the payment went — checked again at the gateway when asked —
 *   with a retry after a failure;
 * - `/after-verification`: where the application stands (submitted, waiting for its e-mail or its
 *   fee, under the provider's review, approved, or refused with the provider's reasons) and what
 *   happens next.
 * The link works on any device (a phone's mail app): opened where the application is not held, it
 * continues it there once its applicant confirms who they are in the identity app; the other pages
 * need the browser that holds the application.
 */
import { ApiError, CONTRACT } from '@tawqi/api';
import { type ApplicationKind, type EmailLinkOutcome } from '@tawqi/domain';
import { Button, Link } from '@tawqi/ui';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { api } from '../../api.js';
import { ReadState } from '../../components/ReadState.js';
import { Status } from '../../components/Status.js';
import { Verbatim } from '../../components/Verbatim.js';
import { errorText, formGrid } from '../../components/forms.css.js';
import { useFormat } from '../../format.js';
import { useApi } from '../../queries.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions, heading, muted, screen, section, sectionTitle, title } from '../my/my.css.js';
import { Facts } from '../../components/Facts.js';
import { IdentityApp } from '../../components/IdentityApp.js';
import {
  applicationSecret,
  refreshApplication,
  useApplication,
  type Application,
} from './application.js';

function Page({ heading: text, children }: { heading: string; children: React.ReactNode }) {
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{text}</h1>
      </div>
      {children}
    </div>
  );
}

/** What a browser without an application is told, with the way to begin one. */
function NoApplication() {
  const { t } = useTranslation('enrol');
  return (
    <section className={section}>
      <p>{t('none')}</p>
      <Link href="/create-account">{t('toCreate')}</Link>
    </section>
  );
}

/** The application this browser holds, or what stands in for it. */
function WithApplication({
  children,
}: {
  children: (application: Application) => React.ReactNode;
}) {
  const { token, read } = useApplication();
  if (!token) return <NoApplication />;
  if (read.status === 'failed' || !read.data) return <ReadState read={read} />;
  return <>{children(read.data)}</>;
}

function ResendButton() {
  const { t } = useTranslation('enrol');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <div className={formGrid}>
      <div>
        <Button
          variant="secondary"
          isPending={busy}
          onPress={() => {
            setBusy(true);
            setRefusal(null);
            api
              .call(CONTRACT.resendApplicationEmail, {})
              .then(() => toasts.show({ variant: 'success', title: t('email.resent') }))
              .catch((error: unknown) => {
                if (error instanceof ApiError && error.statusCode < 500 && error.hasMessage)
                  setRefusal(error.message);
                else reportFailure(error);
              })
              .finally(() => setBusy(false));
          }}
        >
          {t('email.resend')}
        </Button>
      </div>
      {refusal ? (
        <p role="alert" className={errorText}>
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/** Where to go once the e-mail is verified: the fee, or the application's status. */
function nextAfterEmail(status: string | null): string {
  return status === 'paymentPending' ? '/verify-payments' : '/after-verification';
}

interface LinkOutcome {
  outcome: EmailLinkOutcome;
  reference: string | null;
  status: string | null;
  kind: ApplicationKind | null;
}

/**
 * Where a verified link goes on: the next page in the browser holding the application; elsewhere,
 * the identity app first, which continues the link's application in this tab.
 */
function AfterVerifiedLink({ token, outcome }: { token: string; outcome: LinkOutcome }) {
  const { t } = useTranslation('enrol');
  const [, navigate] = useLocation();
  const next = nextAfterEmail(outcome.status);
  if (applicationSecret.get()) return <Link href={next}>{t('email.continue')}</Link>;
  if (outcome.outcome !== 'verified' || !outcome.kind)
    return <Link href="/create-account">{t('toCreate')}</Link>;
  return (
    <>
      <p>
        <Trans
          t={t}
          i18nKey="email.resumeLead"
          values={{ reference: outcome.reference ?? '' }}
          components={{ ref: <bdi translate="no" /> }}
        />
      </p>
      <IdentityApp
        flow="applicant"
        applicant={{ kind: outcome.kind, captchaToken: null, emailLink: token }}
        startLabel={t('begin.verify')}
        onApproved={(approval) => {
          if (!approval.applicationToken) return;
          applicationSecret.set(approval.applicationToken);
          void refreshApplication().then(() => navigate(next));
        }}
      />
    </>
  );
}

function OpenedLink({ token }: { token: string }) {
  const { t } = useTranslation('enrol');
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);
  const [failed, setFailed] = useState(false);
  const opened = useRef(false);
  useEffect(() => {
    // Opened once: a second render must not spend the link again.
    if (opened.current) return;
    opened.current = true;
    api
      .call(CONTRACT.verifyApplicationEmail, { body: { token } })
      .then((answer) => {
        setOutcome(answer);
        void refreshApplication();
      })
      .catch(() => setFailed(true));
  }, [token]);
  if (failed)
    return (
      <p role="alert" className={errorText}>
        {t('email.failed')}
      </p>
    );
  if (!outcome) return <p role="status">{t('email.opening')}</p>;
  return (
    <section className={section} aria-live="polite">
      <p role="status">{t(`email.outcomes.${outcome.outcome}`)}</p>
      {outcome.outcome === 'verified' || outcome.outcome === 'used' ? (
        <AfterVerifiedLink token={token} outcome={outcome} />
      ) : outcome.outcome === 'expired' || outcome.outcome === 'superseded' ? (
        <WithApplication>
          {(application) =>
            application.status === 'emailPending' ? (
              <ResendButton />
            ) : (
              <Link href="/after-verification">{t('email.continue')}</Link>
            )
          }
        </WithApplication>
      ) : null}
    </section>
  );
}

export function EmailVerification() {
  const { t } = useTranslation('enrol');
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <Page heading={t('email.title')}>
      {token ? (
        <OpenedLink token={token} />
      ) : (
        <WithApplication>
          {(application) =>
            application.status === 'emailPending' ? (
              <section className={section}>
                <p>
                  {t('email.sent')} <Verbatim>{application.email}</Verbatim>
                </p>
                <p className={muted}>{t('email.sentHelp')}</p>
                <ResendButton />
              </section>
            ) : (
              <section className={section}>
                <p>{t(application.emailVerified ? 'email.alreadyVerified' : 'email.notYet')}</p>
                <Link
                  href={
                    application.emailVerified
                      ? nextAfterEmail(application.status)
                      : '/create-account'
                  }
                >
                  {t('email.continue')}
                </Link>
              </section>
            )
          }
        </WithApplication>
      )}
    </Page>
  );
}

function PayButton({ label }: { label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      isPending={busy}
      onPress={() => {
        setBusy(true);
        api
          .call(CONTRACT.payApplicationFee, {})
          .then((answer) => window.location.assign(answer.paymentUrl))
          .catch((error: unknown) => {
            reportFailure(error);
            setBusy(false);
          });
      }}
    >
      {label}
    </Button>
  );
}

export function VerifyPayments() {
  const { t } = useTranslation('enrol');
  const format = useFormat();
  return (
    <Page heading={t('payment.title')}>
      <WithApplication>
        {(application) =>
          application.status === 'paymentPending' && application.fee ? (
            <section className={section}>
              <p>{t('payment.lead')}</p>
              <Facts
                facts={[
                  [
                    t('status.reference'),
                    <Verbatim key="reference">{application.reference}</Verbatim>,
                  ],
                  [t('payment.price'), format.sar(application.fee.price)],
                  [t('payment.tax'), format.sar(application.fee.tax)],
                  [t('payment.total'), format.sar(application.fee.totalPrice)],
                ]}
              />
              <div className={actions}>
                <PayButton label={t('payment.pay')} />
              </div>
            </section>
          ) : (
            <section className={section}>
              <p>{t('payment.nothingDue')}</p>
              <Link href="/after-verification">{t('email.continue')}</Link>
            </section>
          )
        }
      </WithApplication>
    </Page>
  );
}

export function PaymentStatusPrelogin() {
  const { t } = useTranslation('enrol');
  const format = useFormat();
  const payment = new URLSearchParams(useSearch()).get('payment') ?? '';
  const [recheck, setRecheck] = useState(0);
  // Back from the gateway the payment is asked about once more, in case its message is late.
  const read = useApi(
    CONTRACT.applicationPaymentStatus,
    { body: { encodedPaymentSlno: payment, recheck: true } },
    { enabled: payment !== '' },
  );
  useEffect(() => {
    if (read.data?.paymentStatus === 'success') void refreshApplication();
  }, [read.data?.paymentStatus]);
  return (
    <Page heading={t('payment.statusTitle')}>
      <WithApplication>
        {() =>
          read.status === 'failed' || !read.data ? (
            <ReadState read={read} />
          ) : (
            <section className={section} key={recheck}>
              <Facts
                facts={[
                  [t('payment.status'), <Status key="status" status={read.data.paymentStatus} />],
                  [t('payment.total'), format.sar(read.data.amount)],
                  [
                    t('payment.reference'),
                    <Verbatim key="order">{read.data.encodedOrderSlno}</Verbatim>,
                  ],
                  ...(read.data.errorMessage
                    ? ([[t('payment.why'), read.data.errorMessage]] as [string, string][])
                    : []),
                ]}
              />
              <div className={actions}>
                {read.data.paymentStatus === 'success' ? (
                  <Link href="/after-verification">{t('email.continue')}</Link>
                ) : read.data.paymentStatus === 'failure' ||
                  read.data.paymentStatus === 'cancelled' ? (
                  <PayButton label={t('payment.retry')} />
                ) : (
                  <Button
                    variant="secondary"
                    onPress={() => {
                      read.reload();
                      setRecheck((n) => n + 1);
                    }}
                  >
                    {t('payment.recheck')}
                  </Button>
                )}
              </div>
            </section>
          )
        }
      </WithApplication>
    </Page>
  );
}

/** Where the application stands, in the order a person lives it. */
function stageOf(application: Application): string {
  if (application.status === 'draft') return 'draft';
  if (application.status === 'emailPending') return 'emailPending';
  if (application.status === 'paymentPending') return 'paymentPending';
  return application.decision?.status ?? 'Pending';
}

export function AfterVerification() {
  const { t } = useTranslation('enrol');
  const format = useFormat();
  return (
    <Page heading={t('status.title')}>
      <WithApplication>
        {(application) => {
          const stage = stageOf(application);
          return (
            <section className={section} aria-labelledby="application-stage">
              <h2 id="application-stage" className={sectionTitle}>
                {t(`status.stages.${stage}.title`, {
                  provider: application.decision?.providerName ?? '',
                })}
              </h2>
              <p>
                {t(`status.stages.${stage}.next`, {
                  provider: application.decision?.providerName ?? '',
                })}
              </p>
              <Facts
                facts={[
                  [
                    t('status.reference'),
                    <Verbatim key="reference">{application.reference}</Verbatim>,
                  ],
                  [t('fields.kind'), t(`kinds.${application.kind}`)],
                  [
                    t('fields.organizationNameEnglish'),
                    <Verbatim key="name">
                      {application.details.organizationNameEnglish ?? '—'}
                    </Verbatim>,
                  ],
                  [t('status.applicant'), application.applicant.fullNameArabic],
                  ...(application.submittedAt
                    ? ([[t('status.submitted'), format.dateTime(application.submittedAt)]] as [
                        string,
                        string,
                      ][])
                    : []),
                  ...(application.decision?.remarks
                    ? ([[t('status.remarks'), application.decision.remarks]] as [string, string][])
                    : []),
                ]}
              />
              <div className={actions}>
                {stage === 'draft' ? (
                  <Link href="/create-account">{t('status.toForm')}</Link>
                ) : null}
                {stage === 'emailPending' ? (
                  <Link href="/email-verification">{t('status.toEmail')}</Link>
                ) : null}
                {stage === 'paymentPending' ? (
                  <Link href="/verify-payments">{t('status.toPayment')}</Link>
                ) : null}
                {stage === 'Approved' ? <Link href="/app/login">{t('status.toLogin')}</Link> : null}
              </div>
            </section>
          );
        }}
      </WithApplication>
    </Page>
  );
}
