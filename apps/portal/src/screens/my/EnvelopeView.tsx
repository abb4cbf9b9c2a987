/**
 * One envelope (`/app/my/envelope?id=`, issue 44; ours): its document as it now stands (with every
 * signature so far), its signers in order with where each stands, and — when it is my turn —
 * signing it (the approval page follows, which brings me back here) or declining it with a
 * reason, which ends it for everyone. The sender and each signer see the same page; the finished
 * PDF is downloaded from here.
 */
import { CONTRACT, type Envelope } from '@tawqi/api';
import {
  Button,
  Card,
  Checkbox,
  Dialog,
  EmptyState,
  ErrorState,
  Link,
  Spinner,
  StatusBadge,
  TextField,
} from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { api } from '../../api.js';
import { DownloadButton } from '../../components/DownloadButton.js';
import { PdfViewer } from '../../components/PdfViewer.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { MY_PATHS } from '../../paths.js';
import { invalidate, useApi } from '../../queries.js';
import { reportFailure } from '../../toasts.js';
import { ENVELOPE_TONES, SIGNER_TONES, shownSignerStatus } from './envelopeWords.js';
import {
  actions,
  factLabel,
  factValue,
  facts,
  heading,
  muted,
  screen,
  section,
  title,
} from './my.css.js';
import { pageColumn } from './signOwn.css.js';
import { signerList } from './envelopes.css.js';

function Signers({ envelope }: { envelope: Envelope }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  return (
    <ol className={signerList}>
      {envelope.signers.map((signer) => (
        <li key={signer.position}>
          <div>
            <strong>
              {signer.isMe ? t('envelopes.signerMe', { name: signer.name }) : signer.name}
            </strong>{' '}
            <StatusBadge
              tone={SIGNER_TONES[shownSignerStatus(envelope, signer)]}
              label={t(`envelopes.signerStatuses.${shownSignerStatus(envelope, signer)}`)}
            />
          </div>
          {signer.decidedDate ? (
            <p className={muted}>{format.dateTime(signer.decidedDate)}</p>
          ) : null}
          {signer.declineReason ? (
            <p className={muted}>
              {t('envelopes.reasonGiven')} <Verbatim>{signer.declineReason}</Verbatim>
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The document as it stands, drawn page by page, and downloaded. */
function EnvelopeDocument({ envelope }: { envelope: Envelope }) {
  const { t } = useTranslation('my');
  const params = { envelopeID: envelope.envelopeID };
  const file = useApi(CONTRACT.envelopeDocument, { params });
  const [page, setPage] = useState(1);
  return (
    <Card title={<Verbatim>{envelope.documentName}</Verbatim>} headingLevel={2}>
      <div className={section}>
        {file.status === 'failed' ? (
          <ErrorState message={file.message} retryAt={file.retryAt} onRetry={file.reload} />
        ) : !file.data ? (
          <Spinner showLabel />
        ) : (
          <div className={pageColumn}>
            <PdfViewer
              file={file.data.blob}
              name={envelope.documentName}
              page={page}
              onPageChange={setPage}
            />
          </div>
        )}
        <div className={actions}>
          <DownloadButton download={() => api.download(CONTRACT.envelopeDocument, { params })}>
            {envelope.status === 'completed'
              ? t('envelopes.downloadSigned')
              : t('envelopes.download')}
          </DownloadButton>
        </div>
      </div>
    </Card>
  );
}

/** Signing or declining, when it is my turn. */
function MyTurn({ envelope }: { envelope: Envelope }) {
  const { t } = useTranslation('my');
  const [, navigate] = useLocation();
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonTried, setReasonTried] = useState(false);
  const params = { envelopeID: envelope.envelopeID };

  const sign = async () => {
    setTried(true);
    if (!consent) return;
    setBusy(true);
    try {
      const answer = await api.call(CONTRACT.signEnvelope, { params, body: { consent: true } });
      navigate(answer.approvalPath);
    } catch (error) {
      reportFailure(error);
      setBusy(false);
    }
  };
  const decline = async (close: () => void) => {
    setReasonTried(true);
    if (reason.trim() === '') return;
    setBusy(true);
    try {
      await api.call(CONTRACT.declineEnvelope, { params, body: { reason: reason.trim() } });
      close();
      await invalidate('signing');
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('envelopes.yourTurnTitle')} headingLevel={2}>
      <div className={section}>
        <p className={muted}>{t('envelopes.yourTurnLead', { name: envelope.senderName })}</p>
        <Checkbox isSelected={consent} onChange={setConsent} isInvalid={tried && !consent}>
          {t('envelopes.consent')}
        </Checkbox>
        {tried && !consent ? (
          <p className={muted} role="alert">
            {t('envelopes.consentNeeded')}
          </p>
        ) : null}
        <div className={actions}>
          <Button
            isPending={busy && !declining}
            onPress={() => {
              void sign();
            }}
          >
            {t('envelopes.sign')}
          </Button>
          <Button
            variant="secondary"
            isDisabled={busy}
            onPress={() => {
              setDeclining(true);
            }}
          >
            {t('envelopes.decline')}
          </Button>
        </div>
        <p className={muted}>{t('envelopes.next')}</p>
      </div>
      <Dialog
        title={t('envelopes.declineTitle')}
        isOpen={declining}
        onOpenChange={setDeclining}
        footer={(close) => (
          <>
            <Button variant="secondary" onPress={close}>
              {t('envelopes.keep')}
            </Button>
            <Button
              variant="danger"
              isPending={busy}
              onPress={() => {
                void decline(close);
              }}
            >
              {t('envelopes.declineConfirm')}
            </Button>
          </>
        )}
      >
        <p className={muted}>{t('envelopes.declineLead')}</p>
        <TextField
          label={t('envelopes.reason')}
          multiline
          isRequired
          maxLength={500}
          value={reason}
          onChange={setReason}
          isInvalid={reasonTried && reason.trim() === ''}
          errorMessage={t('envelopes.reasonNeeded')}
        />
      </Dialog>
    </Card>
  );
}

export default function EnvelopeView() {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [search] = useSearchParams();
  const envelopeID = (search.get('id') ?? '').trim();
  const read = useApi(
    CONTRACT.envelopeDetails,
    { params: { envelopeID } },
    { enabled: /^EN-[0-9A-Z]{16}$/.test(envelopeID) },
  );
  const envelope = read.data;
  let body;
  if (!/^EN-[0-9A-Z]{16}$/.test(envelopeID) || (read.status === 'failed' && read.notFound))
    body = (
      <EmptyState
        title={t('envelopes.notFound')}
        action={<Link href={MY_PATHS.envelopes}>{t('envelopes.all')}</Link>}
      />
    );
  else if (read.status === 'failed')
    body = <ErrorState message={read.message} retryAt={read.retryAt} onRetry={read.reload} />;
  else if (!envelope) body = <Spinner showLabel />;
  else
    body = (
      <>
        <Card title={<Verbatim>{envelope.title}</Verbatim>} headingLevel={2}>
          <div className={section}>
            <div>
              <StatusBadge
                tone={ENVELOPE_TONES[envelope.status]}
                label={t(`envelopes.statuses.${envelope.status}`)}
              />
            </div>
            <dl className={facts}>
              <dt className={factLabel}>{t('envelopes.sender')}</dt>
              <dd className={factValue}>
                {envelope.sentByMe ? t('envelopes.you') : envelope.senderName}
              </dd>
              <dt className={factLabel}>{t('envelopes.sentOn')}</dt>
              <dd className={factValue}>{format.dateTime(envelope.createdDate)}</dd>
              {envelope.endedDate ? (
                <>
                  <dt className={factLabel}>{t('envelopes.endedOn')}</dt>
                  <dd className={factValue}>{format.dateTime(envelope.endedDate)}</dd>
                </>
              ) : null}
            </dl>
            <h3 className={muted}>{t('envelopes.signersInOrder')}</h3>
            <Signers envelope={envelope} />
            {envelope.status === 'completed' ? (
              <p className={muted}>{t('envelopes.completedLead')}</p>
            ) : null}
          </div>
        </Card>
        {envelope.myTurn && envelope.status === 'inProgress' ? (
          <MyTurn envelope={envelope} />
        ) : null}
        <EnvelopeDocument envelope={envelope} />
        <Link href={MY_PATHS.envelopes}>{t('envelopes.all')}</Link>
      </>
    );
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('envelopes.oneTitle')}</h1>
      </div>
      {body}
    </div>
  );
}
