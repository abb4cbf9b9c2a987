/**
 * The signer's approval page (`/esign/approve?request=…`, issue 19): an application sends its
 * signer here after asking Tawqi to sign. The page names the application and the documents, shows
 * the number to pick in the national identity app, and follows the request (each read also asks
 * the identity app) until it is signed, declined or expired; then it sends the signer back to the
 * application. The spec has no such page; it is ours, as the national eSign services have one.
 *
 * Nothing is signed unseen (issue 38): the page says whom the signature names, each PDF can be
 * read in the page (PdfViewer) or saved, and a digest shows its SHA-256 with what the application
 * says it is. In demo mode it links to the identity-app simulator's phone for this signer.
 */
import { CONTRACT, saveDownloadedFile, type DownloadedFile, type EndpointOutput } from '@tawqi/api';
import { formatDigits } from '@tawqi/domain';
import { Button, Card, EmptyState, ErrorState, Link, Spinner, StatusBadge } from '@tawqi/ui';
import { useEffect, useState } from 'react';
import { api } from '../../api.js';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { numberBox } from '../../components/forms.css.js';
import { PdfViewer } from '../../components/PdfViewer.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { MY_PATHS } from '../../paths.js';
import { useApi } from '../../queries.js';
import { listRow, plainList } from '../my/my.css.js';
import { actions, lead, muted, page, title } from './public.css.js';
import { reportFailure } from '../../toasts.js';

/** How often the page asks while the signer has not answered. */
const POLL_MS = 2_000;
/** How long the outcome stays on screen before the signer is sent back. */
const RETURN_DELAY_MS = 3_000;

type ApprovalDocument = EndpointOutput<typeof CONTRACT.esignApproval>['documentDetails'][number];

export default function Approve({ autoReturn = true }: { autoReturn?: boolean }) {
  const { t } = useTranslation(['public', 'login']);
  /** What is being fetched: a document to view or to save. */
  const [fetching, setFetching] = useState<{ position: number; to: 'view' | 'save' } | null>(null);
  /** The document shown in the page, one at a time. */
  const [viewing, setViewing] = useState<{ position: number; file: DownloadedFile } | null>(null);
  const fetchDocument = async (document: ApprovalDocument, to: 'view' | 'save') => {
    if (to === 'view' && viewing?.position === document.position) {
      setViewing(null);
      return;
    }
    setFetching({ position: document.position, to });
    try {
      const file = await api.call(CONTRACT.esignApprovalDocument, {
        params: { token, position: document.position },
      });
      if (to === 'save') saveDownloadedFile(file);
      else setViewing({ position: document.position, file });
    } catch (error) {
      reportFailure(error);
    } finally {
      setFetching(null);
    }
  };
  const pending = (document: ApprovalDocument, to: 'view' | 'save') =>
    fetching?.position === document.position && fetching.to === to;
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
    body = (
      <ErrorState message={approval.message} retryAt={approval.retryAt} onRetry={approval.reload} />
    );
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
        <p>
          {t('approve.signingAs')} <strong>{data.signerName}</strong>
        </p>
        <p>{t('approve.documents', { count: data.documentDetails.length })}</p>
        <ul className={plainList}>
          {data.documentDetails.map((document) => (
            <li key={document.position} className={listRow}>
              {document.kind === 'pdf' ? (
                <>
                  <Verbatim>{document.name}</Verbatim>
                  <span className={actions}>
                    <Button
                      size="small"
                      variant="secondary"
                      aria-label={t('approve.viewNamed', { name: document.name })}
                      aria-expanded={viewing?.position === document.position}
                      isPending={pending(document, 'view')}
                      onPress={() => void fetchDocument(document, 'view')}
                    >
                      {t('approve.view')}
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={t('approve.downloadNamed', { name: document.name })}
                      isPending={pending(document, 'save')}
                      onPress={() => void fetchDocument(document, 'save')}
                    >
                      {t('approve.download')}
                    </Button>
                  </span>
                  {viewing?.position === document.position ? (
                    <PdfViewer file={viewing.file.blob} name={document.name} />
                  ) : null}
                </>
              ) : (
                <span>
                  {t('approve.digestOf')} <Verbatim>{document.name}</Verbatim>
                  <br />
                  <span className={muted}>
                    SHA-256: <Verbatim>{document.sha256 ?? ''}</Verbatim>
                  </span>
                </span>
              )}
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
            {data.demoPhone ? (
              <p>
                <a href={data.demoPhone} target="_blank" rel="noreferrer">
                  {t('approve.demoPhone')}
                </a>
              </p>
            ) : null}
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
