/**
 * The signer's approval page (`/esign/approve?request=…`, issue 19): an application sends its
 * signer here after asking Tawqi to sign. The page names the application and the documents, shows
 * the number to pick in the national identity app, and follows the request (each read also asks
 * the identity app) until it is signed, declined or expired; then it sends the signer back to the
 * application. The spec has no such page; it is ours, as the national eSign services have one.
 */
import { CONTRACT } from '@tawqi/api';
import { formatDigits } from '@tawqi/domain';
import { Card, EmptyState, ErrorState, Link, Spinner, StatusBadge } from '@tawqi/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { numberBox } from '../../components/forms.css.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { MY_PATHS } from '../../paths.js';
import { useApi } from '../../queries.js';
import { plainList } from '../my/my.css.js';
import { lead, muted, page, title } from './public.css.js';

/** How often the page asks while the signer has not answered. */
const POLL_MS = 2_000;
/** How long the outcome stays on screen before the signer is sent back. */
const RETURN_DELAY_MS = 3_000;

export default function Approve({ autoReturn = true }: { autoReturn?: boolean }) {
  const { t } = useTranslation(['public', 'login']);
  const format = useFormat();
  const [params] = useSearchParams();
  const token = params.get('request') ?? '';
  const valid = /^[A-Za-z0-9_-]{32}$/.test(token);
  const approval = useApi(
    CONTRACT.esignApproval,
    { params: { token } },
    { enabled: valid, refetchInterval: (data) => (data?.status === 'pending' ? POLL_MS : false) },
  );
  const data = approval.data;
  const returnUrl = data?.returnUrl ?? null;
  useEffect(() => {
    if (!autoReturn || !returnUrl) return;
    const timer = window.setTimeout(() => {
      window.location.assign(returnUrl);
    }, RETURN_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [autoReturn, returnUrl]);

  let body;
  if (!valid) body = <EmptyState title={t('approve.unknown')} />;
  else if (approval.status === 'failed' && !data)
    body = <ErrorState message={approval.message} onRetry={approval.reload} />;
  else if (!data) body = <Spinner showLabel />;
  else
    body = (
      <Card title={<Verbatim>{data.application}</Verbatim>} headingLevel={2}>
        <p>
          <StatusBadge
            tone={
              data.status === 'success' ? 'success' : data.status === 'failed' ? 'danger' : 'info'
            }
            label={t(`approve.statuses.${data.status}`)}
          />
        </p>
        <p>{t('approve.documents', { count: data.documents.length })}</p>
        <ul className={plainList}>
          {data.documents.map((name, index) => (
            <li key={`${name}-${String(index)}`}>
              <Verbatim>{name}</Verbatim>
            </li>
          ))}
        </ul>
        {data.status === 'pending' && data.number ? (
          <>
            <p>{t('approve.pick')}</p>
            <p
              className={numberBox}
              aria-label={t('login:nafath.numberLabel', {
                number: formatDigits(data.number, format.language),
              })}
            >
              {formatDigits(data.number, format.language)}
            </p>
            <p className={muted}>{t('approve.until', { time: format.dateTime(data.expiresAt) })}</p>
          </>
        ) : null}
        {data.status === 'success' ? (
          <>
            <p role="status">{t('approve.signed')}</p>
            {/* The signer's own record of it, where Tawqi's return page shows it (SPEC §2). */}
            <p>
              <Link
                href={`${MY_PATHS.externalReturn}?transactionID=${encodeURIComponent(data.transactionID)}`}
              >
                {t('approve.inTawqi')}
              </Link>
            </p>
          </>
        ) : null}
        {data.status === 'failed' && data.error ? (
          <p role="alert">
            {data.error.message} (<Verbatim>{data.error.code}</Verbatim>)
          </p>
        ) : null}
        {returnUrl ? (
          <p>
            <a href={returnUrl}>{t('approve.back', { application: data.application })}</a>
          </p>
        ) : null}
      </Card>
    );

  return (
    <section className={page} aria-labelledby="approve-title">
      <h1 id="approve-title" className={title}>
        {t('approve.title')}
      </h1>
      <p className={lead}>{t('approve.lead')}</p>
      {body}
    </section>
  );
}
