/**
 * My certificates (SPEC §2 `dsc/manage`; issue 18): first the paid requests still on their way
 * (make the key, confirm), then the certificates issued to me, newest first, each with its
 * details, downloads and revocation. The public repository's call brings the authority's
 * certificates for the chain a holder downloads. A member of an organization asks here for a
 * certificate bound to it: its enrolment admin approves it after the key is made.
 */

/** Asking for a certificate bound to each of my organizations. */
function OrganizationCertificates() {
  const { t } = useTranslation('my');
  const organizations = useAtomValue(organizationsAtom);
  const language = useAtomValue(languageAtom);
  const [asking, setAsking] = useState<string | null>(null);
  if (organizations.length === 0) return null;
  const ask = async (orgSlNo: number, kind: 'signatory' | 'seal') => {
    setAsking(`${String(orgSlNo)}-${kind}`);
    try {
      await api.call(CONTRACT.requestOrganizationCertificate, { body: { orgSlNo, kind } });
      await invalidate(CONTRACT.myCertificateRequests.area);
    } catch (error) {
      reportFailure(error);
    } finally {
      setAsking(null);
    }
  };
  return (
    <section className={section} aria-labelledby="dsc-organizations">
      <h2 id="dsc-organizations" className={sectionTitle}>
        {t('dsc.organizations.title')}
      </h2>
      <p className={muted}>{t('dsc.organizations.lead')}</p>
      <div className={actions}>
        {organizations.map((organization) => {
          const name =
            language === 'ar' ? organization.organizationNameArabic : organization.organizationName;
          // The seal acts for the organization itself: its authorized signatories ask for it.
          const kinds = organization.roles.includes('authorizedSignatory')
            ? (['signatory', 'seal'] as const)
            : (['signatory'] as const);
          return kinds.map((kind) => (
            <Button
              key={`${String(organization.slno)}-${kind}`}
              variant="secondary"
              isPending={asking === `${String(organization.slno)}-${kind}`}
              onPress={() => void ask(organization.slno, kind)}
            >
              {t(kind === 'seal' ? 'dsc.organizations.askSeal' : 'dsc.organizations.ask', {
                organization: name,
              })}
            </Button>
          ));
        })}
      </div>
    </section>
  );
}
import { CONTRACT } from '@tawqi/api';
import { Button, EmptyState, ErrorState, Link, Spinner } from '@tawqi/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { fromBase64 } from '../../certificates/keys.js';
import { MY_PATHS } from '../../paths.js';
import { invalidate, useApi } from '../../queries.js';
import { languageAtom, organizationsAtom } from '../../state/atoms.js';
import { reportFailure } from '../../toasts.js';
import { CertificateRequestCard } from './CertificateRequestCard.js';
import { HeldCertificateCard } from './HeldCertificateCard.js';
import { actions, heading, muted, screen, section, sectionTitle, title } from './my.css.js';

export default function Certificates() {
  const { t } = useTranslation('my');
  const requests = useApi(CONTRACT.myCertificateRequests, {});
  const certificates = useApi(CONTRACT.myCertificates, {});
  const repository = useApi(CONTRACT.certificateRepository, {});
  // The holder's chain: the issuing CA, then the root (null until the repository has answered).
  const chain = repository.data
    ? ['issuing', 'root'].flatMap((role) =>
        (repository.data?.authorities ?? [])
          .filter((authority) => authority.role === role)
          .map((authority) => fromBase64(authority.der)),
      )
    : null;

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
        <ErrorState
          message={requests.message}
          retryAt={requests.retryAt}
          onRetry={requests.reload}
        />
      ) : null}

      <section className={section} aria-labelledby="dsc-held">
        <h2 id="dsc-held" className={sectionTitle}>
          {t('dsc.held.title')}
        </h2>
        {certificates.status === 'failed' ? (
          <ErrorState
            message={certificates.message}
            retryAt={certificates.retryAt}
            onRetry={certificates.reload}
          />
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
      <OrganizationCertificates />
    </div>
  );
}
