/**
 * The public verify page (`/verify`, issue 19; the spec has none, its place is ours): anyone
 * chooses a signed PDF and sees each signature — who signed, when (the time-stamping authority's
 * time, not the signer's claim), with which certificate, whether the signed bytes are unchanged
 * and whether anything was added after, and the certificate's standing with Tawqi. The file is
 * read by the server and not kept.
 */
import { CONTRACT, type EndpointOutput } from '@tawqi/api';
import { Card, ErrorState, FileButton, Spinner, StatusBadge, type Tone } from '@tawqi/ui';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { api } from '../../api.js';
import { sha256Of } from '../../files.js';
import { Facts } from '../../components/Facts.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { useApi, type Read } from '../../queries.js';
import { reportFailure } from '../../toasts.js';
import { digest, digests, grid, lead, muted, page, title } from './public.css.js';

type SignatureReport = EndpointOutput<typeof CONTRACT.verifySignedPdf>['signatures'][number];

const VERDICT_TONES: Record<SignatureReport['verdict'], Tone> = {
  valid: 'success',
  modified: 'warning',
  invalid: 'danger',
  untrusted: 'danger',
};

function SignatureCard({ signature, index }: { signature: SignatureReport; index: number }) {
  const { t } = useTranslation('public');
  const format = useFormat();
  const certificate = signature.certificate;
  return (
    <Card title={t('verify.signature', { number: format.number(index + 1) })} headingLevel={3}>
      <p>
        <StatusBadge
          tone={VERDICT_TONES[signature.verdict]}
          label={t(`verify.verdicts.${signature.verdict}`)}
        />
      </p>
      <p className={muted}>{t(`verify.explanations.${signature.verdict}`)}</p>
      <Facts
        facts={[
          [
            t('verify.signer'),
            signature.signerName === null ? (
              t('verify.unknownSigner')
            ) : (
              <Verbatim key="name">{signature.signerName}</Verbatim>
            ),
          ],
          ...(signature.organization
            ? ([
                [
                  t('verify.organization'),
                  <Verbatim key="organization">{signature.organization}</Verbatim>,
                ],
              ] as const)
            : []),
          ...(signature.nationalId
            ? ([
                [t('verify.nationalId'), <Verbatim key="id">{signature.nationalId}</Verbatim>],
              ] as const)
            : []),
          [
            t('verify.signedAt'),
            signature.signedAt ? format.dateTime(signature.signedAt) : t('verify.noTimestamp'),
          ],
          [t('verify.unchanged'), signature.intact ? t('verify.yes') : t('verify.no')],
          [t('verify.addedAfter'), t(`verify.addedAfterValues.${signature.addedAfter}`)],
          [
            t('verify.certificateStatus'),
            certificate.status === 'revoked' && certificate.revokedAt
              ? t('verify.revokedOn', { date: format.dateTime(certificate.revokedAt) })
              : t(`verify.statuses.${certificate.status}`),
          ],
          [t('verify.issuedByTawqi'), certificate.issuedByTawqi ? t('verify.yes') : t('verify.no')],
          [t('verify.serial'), <Verbatim key="serial">{certificate.serial}</Verbatim>],
          [t('verify.issuer'), <Verbatim key="issuer">{certificate.issuer}</Verbatim>],
          [
            t('verify.validity'),
            t('verify.validityRange', {
              from: format.dateTime(certificate.notBefore),
              to: format.dateTime(certificate.notAfter),
            }),
          ],
        ]}
      />
    </Card>
  );
}

type NamedTransaction = EndpointOutput<typeof CONTRACT.verifyTransaction>;

/**
 * The signature a stamp's QR code names (issue 44: `?transaction=`): who signed, when, and what
 * — each signed file by its SHA-256, so a chosen copy can be matched with it.
 */
function NamedTransactionCard({ read }: { read: Read<NamedTransaction> }) {
  const { t } = useTranslation('public');
  const format = useFormat();
  if (read.status === 'failed')
    return read.notFound ? (
      <p role="alert">{t('verify.transactionUnknown')}</p>
    ) : (
      <ErrorState message={read.message} retryAt={read.retryAt} onRetry={read.reload} />
    );
  if (!read.data) return <Spinner showLabel />;
  const named = read.data;
  return (
    <Card
      title={
        <Trans
          t={t}
          i18nKey="verify.transactionTitle"
          values={{ id: named.transactionID }}
          components={{ id: <bdi translate="no" /> }}
        />
      }
      headingLevel={2}
    >
      <Facts
        facts={[
          [t('verify.signer'), <Verbatim key="name">{named.signerName}</Verbatim>],
          [t('verify.nationalId'), <Verbatim key="id">{named.nationalId}</Verbatim>],
          ...(named.organization
            ? ([
                [
                  t('verify.organization'),
                  <Verbatim key="organization">{named.organization}</Verbatim>,
                ],
              ] as const)
            : []),
          [t('verify.signedAt'), format.dateTime(named.signedAt)],
        ]}
      />
      <p className={muted}>{t('verify.transactionDocuments', { count: named.documents.length })}</p>
      <ul className={digests}>
        {named.documents.map((document) => (
          <li key={document.sha256}>
            <Verbatim>{document.name}</Verbatim>
            <br />
            <span className={digest}>
              <Verbatim>{document.sha256}</Verbatim>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function Verify() {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  const transactionID = (params.get('transaction') ?? '').trim();
  const named = useApi(
    CONTRACT.verifyTransaction,
    { params: { transactionID } },
    { enabled: /^ES-[0-9A-Z]{1,32}$/.test(transactionID) },
  );
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<{
    name: string;
    signatures: SignatureReport[];
    /** The named transaction's document this file is, byte for byte; null: none of them. */
    matches: string | null;
  } | null>(null);

  const check = async (file: File) => {
    setChecking(true);
    try {
      const [answer, sha256] = await Promise.all([
        api.call(CONTRACT.verifySignedPdf, { file }),
        sha256Of(file),
      ]);
      const matched = named.data?.documents.find((document) => document.sha256 === sha256);
      setResult({
        name: file.name,
        signatures: answer.signatures,
        matches: matched?.name ?? null,
      });
    } catch (error) {
      reportFailure(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className={page}>
      <section className={page} aria-labelledby="verify-title">
        <h1 id="verify-title" className={title}>
          {t('verify.title')}
        </h1>
        <p className={lead}>{t('verify.lead')}</p>
        <FileButton
          acceptedFileTypes={['application/pdf', '.pdf']}
          isPending={checking}
          onSelect={([file]) => {
            if (file) void check(file);
          }}
        >
          {t('verify.choose')}
        </FileButton>
        <p className={muted}>{t('verify.privacy')}</p>
      </section>
      {transactionID ? <NamedTransactionCard read={named} /> : null}
      {result ? (
        <section aria-labelledby="verify-result" aria-live="polite">
          <h2 id="verify-result">
            <Verbatim>{result.name}</Verbatim>
          </h2>
          {transactionID && named.data ? (
            <p>
              <Trans
                t={t}
                i18nKey={
                  result.matches === null ? 'verify.notThisTransaction' : 'verify.thisTransaction'
                }
                values={{ name: result.matches ?? '', id: named.data.transactionID }}
                components={{ name: <bdi translate="no" />, id: <bdi translate="no" /> }}
              />
            </p>
          ) : null}
          {result.signatures.length === 0 ? (
            <p>{t('verify.none')}</p>
          ) : (
            <>
              <p>{t('verify.count', { count: result.signatures.length })}</p>
              <div className={grid}>
                {result.signatures.map((signature, index) => (
                  <SignatureCard
                    key={signature.certificate.serial + String(index)}
                    signature={signature}
                    index={index}
                  />
                ))}
              </div>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
