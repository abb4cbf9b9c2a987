/**
 * The outcome of one signing request, by its id (`?transactionID=`): /app/my/esigntransaction-status,
 * and /app/my/esign/transaction/return/external, where a signing service sends the user back
 * (SPEC §2). The same facts on both; the return page says the user is back in Tawqi.
 */
import { CONTRACT } from '@tawqi/api';
import { Card, EmptyState, ErrorState, Link, Spinner } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { useFormat } from '../../format.js';
import { MY_PATHS } from '../../paths.js';
import { Status } from '../../components/Status.js';
import { useApi } from '../../queries.js';
import {
  factLabel,
  facts,
  factValue,
  heading,
  muted,
  plainList,
  screen,
  section,
  sectionTitle,
  title,
} from './my.css.js';
import { Verbatim } from '../../components/Verbatim.js';
import { SignedDocumentButton } from './SignedDocumentButton.js';
import { api } from '../../api.js';
import { DownloadButton } from '../../components/DownloadButton.js';

export default function TransactionStatus({ returned = false }: { returned?: boolean }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [params] = useSearchParams();
  const transactionID = (params.get('transactionID') ?? '').trim();
  const outcome = useApi(
    CONTRACT.esignTransactionStatus,
    { params: { transactionID } },
    { enabled: transactionID !== '' },
  );
  const data = outcome.data;

  let body;
  if (!transactionID) {
    body = (
      <EmptyState
        title={t('transactionStatus.none')}
        action={<Link href={MY_PATHS.transactions}>{t('transactionStatus.all')}</Link>}
      />
    );
  } else if (outcome.status === 'failed') {
    body = (
      <ErrorState message={outcome.message} retryAt={outcome.retryAt} onRetry={outcome.reload} />
    );
  } else if (!data) {
    body = <Spinner showLabel />;
  } else {
    body = (
      <Card title={<Verbatim>{data.transactionID}</Verbatim>} headingLevel={2}>
        <dl className={facts}>
          <dt className={factLabel}>{t('transactions.columns.status')}</dt>
          <dd className={factValue}>
            <Status status={data.status} />
          </dd>
          <dt className={factLabel}>{t('transactions.columns.date')}</dt>
          <dd className={factValue}>{format.dateTime(data.transactionDate)}</dd>
          <dt className={factLabel}>{t('transactions.columns.planType')}</dt>
          <dd className={factValue}>{data.planType}</dd>
          <dt className={factLabel}>{t('transactions.columns.role')}</dt>
          <dd className={factValue}>{data.userRole}</dd>
          <dt className={factLabel}>{t('transactions.columns.originator')}</dt>
          <dd className={factValue}>
            <Verbatim>{data.originator}</Verbatim>
          </dd>
        </dl>
        <section className={section} aria-labelledby="documents-title">
          <h3 id="documents-title" className={sectionTitle}>
            {t('transactionStatus.documents', { count: data.documents.length })}
          </h3>
          {data.documents.length === 0 ? (
            <p className={muted}>{t('transactions.noDocuments')}</p>
          ) : (
            <ul className={plainList}>
              {data.documents.map((document) => (
                <li key={document.uniqueFileID}>
                  <Verbatim>{document.documentName}</Verbatim>
                  <SignedDocumentButton document={document} />
                </li>
              ))}
            </ul>
          )}
          {data.documents.filter((document) => document.signed).length > 1 ? (
            <div>
              <DownloadButton
                download={() =>
                  api.download(CONTRACT.mySignedDocuments, { params: { transactionID } })
                }
              >
                {t('transactionStatus.downloadAll')}
              </DownloadButton>
            </div>
          ) : null}
        </section>
        <Link href={MY_PATHS.transactions}>{t('transactionStatus.all')}</Link>
      </Card>
    );
  }

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>
          {t(returned ? 'transactionStatus.returnedTitle' : 'transactionStatus.title')}
        </h1>
      </div>
      {returned ? <p className={muted}>{t('transactionStatus.returnedLead')}</p> : null}
      {body}
    </div>
  );
}
