/**
 * My certificates (SPEC §2 `dsc/manage`; issue 18): first the paid requests still on their way
 * (make the key, confirm), then the certificates issued to me, newest first, each with its
 * details, downloads and revocation. The public repository's call brings the authority's
 * certificates for the chain a holder downloads.
 */
import { CONTRACT } from '@tawqi/api';
import { EmptyState, ErrorState, Link, Spinner } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { fromBase64 } from '../../certificates/keys.js';
import { MY_PATHS } from '../../paths.js';
import { useApi } from '../../queries.js';
import { CertificateRequestCard } from './CertificateRequestCard.js';
import { HeldCertificateCard } from './HeldCertificateCard.js';
import { heading, muted, screen, section, sectionTitle, title } from './my.css.js';

export default function Certificates() {
  const { t } = useTranslation('my');
  const requests = useApi(CONTRACT.myCertificateRequests, {});
  const certificates = useApi(CONTRACT.myCertificates, {});
  const repository = useApi(CONTRACT.certificateRepository, {});
  // The holder's chain: the issuing CA, then the root.
  const chain = ['issuing', 'root'].flatMap((role) =>
    (repository.data?.authorities ?? [])
      .filter((authority) => authority.role === role)
      .map((authority) => fromBase64(authority.der)),
  );

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('dsc.title')}</h1>
        <Link href={MY_PATHS.buyCertificate}>{t('dsc.buy')}</Link>
      </div>
      <p className={muted}>{t('dsc.lead')}</p>

      {requests.data && requests.data.dataList.length > 0 ? (
        <section className={section} aria-labelledby="dsc-requests">
          <h2 id="dsc-requests" className={sectionTitle}>
            {t('dsc.requests')}
          </h2>
          {requests.data.dataList.map((request) => (
            <CertificateRequestCard key={request.reference} request={request} />
          ))}
        </section>
      ) : requests.status === 'failed' ? (
        <ErrorState message={requests.message} onRetry={requests.reload} />
      ) : null}

      <section className={section} aria-labelledby="dsc-held">
        <h2 id="dsc-held" className={sectionTitle}>
          {t('dsc.held.title')}
        </h2>
        {certificates.status === 'failed' ? (
          <ErrorState message={certificates.message} onRetry={certificates.reload} />
        ) : !certificates.data ? (
          <Spinner showLabel />
        ) : certificates.data.dataList.length === 0 ? (
          <EmptyState
            title={t('dsc.held.empty')}
            description={t('dsc.held.emptyHint')}
            action={<Link href={MY_PATHS.buyCertificate}>{t('dsc.buy')}</Link>}
          />
        ) : (
          certificates.data.dataList.map((certificate) => (
            <HeldCertificateCard
              key={certificate.serialNumberHex}
              certificate={certificate}
              chain={chain}
            />
          ))
        )}
      </section>
    </div>
  );
}
