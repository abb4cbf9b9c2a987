/**
 * Envelopes (`/app/my/envelopes`, issue 44; ours): the PDFs I sent to others to sign in order and
 * those I am asked to sign, newest first, each with where it stands — whose turn it is, how many
 * have signed — and a way to open it. Sending a new one starts here.
 */
import { CONTRACT, type Envelope } from '@tawqi/api';
import { Card, EmptyState, ErrorState, Link, Spinner, StatusBadge } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format.js';
import { MY_PATHS, envelopePath } from '../../paths.js';
import { useApi } from '../../queries.js';
import { Verbatim } from '../../components/Verbatim.js';
import { ENVELOPE_TONES } from './envelopeWords.js';
import { actions, cards, heading, muted, screen, section, title } from './my.css.js';

function EnvelopeCard({ envelope }: { envelope: Envelope }) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const signed = envelope.signers.filter((signer) => signer.status === 'signed').length;
  const asked = envelope.signers.find((signer) => signer.status === 'asked');
  const open = envelope.myTurn ? t('envelopes.openToSign') : t('envelopes.open');
  return (
    <Card title={<Verbatim>{envelope.title}</Verbatim>} headingLevel={2}>
      <div className={section}>
        <div>
          <StatusBadge
            tone={envelope.myTurn ? 'warning' : ENVELOPE_TONES[envelope.status]}
            label={
              envelope.myTurn ? t('envelopes.yourTurn') : t(`envelopes.statuses.${envelope.status}`)
            }
          />
        </div>
        <p className={muted}>
          {envelope.sentByMe
            ? t('envelopes.sentByMe', { date: format.dateTime(envelope.createdDate) })
            : t('envelopes.sentBy', {
                name: envelope.senderName,
                date: format.dateTime(envelope.createdDate),
              })}
        </p>
        <p className={muted}>
          {t('envelopes.progress', {
            count: envelope.signers.length,
            signed: format.number(signed),
            total: format.number(envelope.signers.length),
          })}
          {asked && envelope.status === 'inProgress' && !asked.isMe
            ? ` ${t('envelopes.waitingFor', { name: asked.name })}`
            : ''}
        </p>
        <div className={actions}>
          <Link
            href={envelopePath(envelope.envelopeID)}
            aria-label={t('envelopes.openNamed', { action: open, title: envelope.title })}
          >
            {open}
          </Link>
        </div>
      </div>
    </Card>
  );
}

export default function Envelopes() {
  const { t } = useTranslation('my');
  const read = useApi(CONTRACT.myEnvelopes, {});
  const list = read.data?.dataList;
  let body;
  if (read.status === 'failed')
    body = <ErrorState message={read.message} retryAt={read.retryAt} onRetry={read.reload} />;
  else if (!list) body = <Spinner showLabel />;
  else if (list.length === 0)
    body = (
      <EmptyState
        title={t('envelopes.none')}
        description={t('envelopes.noneHint')}
        action={<Link href={MY_PATHS.sendEnvelope}>{t('envelopes.send')}</Link>}
      />
    );
  else
    body = (
      <div className={cards}>
        {list.map((envelope) => (
          <EnvelopeCard key={envelope.envelopeID} envelope={envelope} />
        ))}
      </div>
    );
  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('envelopes.title')}</h1>
        <Link href={MY_PATHS.sendEnvelope}>{t('envelopes.send')}</Link>
      </div>
      <p className={muted}>{t('envelopes.lead')}</p>
      {body}
    </div>
  );
}
