/**
 * The certification authority's public repository (issue 18), on the digital certificate page:
 * what anyone who checks a Tawqi certificate needs — the root and issuing CA certificates with
 * their fingerprints, the revocation list, the OCSP responder's and the time-stamping authority's
 * addresses, the certificate policies by assurance level, the subscriber agreement, the outline of
 * the certificate policy and practice statement and the PKI disclosure statement (issue 40) — in
 * both languages. The spec has no page for it; its home here is ours. Certificates name the
 * disclosure statement's address (QcPDS) as this page with `?document=disclosure`: the page opens
 * at it.
 */
import { CONTRACT } from '@tawqi/api';
import { Button, Card, ErrorState, Spinner } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../components/Facts.js';
import LegalDocumentDialog, {
  LEGAL_DOCUMENTS,
  type LegalDocument,
} from '../../components/LegalDocumentDialog.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { useApi } from '../../queries.js';
import { blockTitle, documents, grid } from './public.css.js';

/** Where a URL from the server points, on this site: a path, so the page's origin serves it. */
const onThisSite = (url: string) => {
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
};

/** The document the address asks to open (`?document=disclosure`), if it is one. */
function documentAsked(): LegalDocument | null {
  const asked = new URLSearchParams(window.location.search).get('document');
  return LEGAL_DOCUMENTS.find((document) => document === asked) ?? null;
}

export function Repository() {
  const { t } = useTranslation('public');
  const format = useFormat();
  const repository = useApi(CONTRACT.certificateRepository, {});
  const [reading, setReading] = useState<LegalDocument | null>(documentAsked);
  const data = repository.data;
  return (
    <section aria-labelledby="repository">
      <h2 id="repository" className={blockTitle}>
        {t('repository.title')}
      </h2>
      <p>{t('repository.lead')}</p>
      {repository.status === 'failed' ? (
        <ErrorState
          message={repository.message}
          retryAt={repository.retryAt}
          onRetry={repository.reload}
        />
      ) : !data ? (
        <Spinner showLabel />
      ) : (
        <div className={grid}>
          {data.authorities.map((authority) => (
            <Card key={authority.role} title={t(`repository.${authority.role}`)} headingLevel={3}>
              <Facts
                facts={[
                  [t('repository.subject'), <Verbatim key="subject">{authority.subject}</Verbatim>],
                  [t('repository.validTo'), format.date(authority.validTo)],
                  [
                    t('repository.fingerprint'),
                    <Verbatim key="fingerprint">{authority.fingerprintSha256}</Verbatim>,
                  ],
                ]}
              />
              <a href={onThisSite(authority.url)} download>
                {t('repository.download', { name: t(`repository.${authority.role}`) })}
              </a>
            </Card>
          ))}
          <Card title={t('repository.revocation')} headingLevel={3}>
            <Facts
              facts={[
                [t('repository.ocsp'), <Verbatim key="ocsp">{data.ocspUrl}</Verbatim>],
                [t('repository.tsa'), <Verbatim key="tsa">{data.tsaUrl}</Verbatim>],
              ]}
            />
            <a href={onThisSite(data.crlUrl)} download>
              {t('repository.crl')}
            </a>
            <a href={onThisSite(data.arlUrl)} download>
              {t('repository.arl')}
            </a>
          </Card>
          <Card title={t('repository.policies')} headingLevel={3}>
            <Facts
              facts={data.policies.map((policy) => [
                t(`repository.levels.${policy.level}`, { defaultValue: policy.level }),
                <Verbatim key={policy.oid}>{policy.oid}</Verbatim>,
              ])}
            />
            <div className={documents}>
              {(['agreement', 'policy', 'disclosure'] as const).map((document) => (
                <Button key={document} variant="secondary" onPress={() => setReading(document)}>
                  {t(`repository.${document}`)}
                </Button>
              ))}
            </div>
          </Card>
        </div>
      )}
      {reading ? <LegalDocumentDialog document={reading} onClose={() => setReading(null)} /> : null}
    </section>
  );
}
