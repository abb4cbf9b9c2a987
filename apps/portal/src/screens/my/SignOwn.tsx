/**
 * Sign my own PDFs (`/app/my/esign/sign`, issue 44; the spec has no such page, it is ours): a
 * person who bought a plan signs without an integrating application. They choose up to ten PDFs,
 * see each page (pdf.js, as the approval page shows them), place the signature people will see by
 * dragging it — or, from the keyboard, by choosing its page and corner — and send them. The
 * approval page follows (the number to pick in the identity app); when it ends it brings them to
 * the transaction's page, where the signed PDFs are downloaded one by one or together.
 *
 * Who pays: the person's own plan, or an organization's counters where their role may sign. The
 * service counts the signature once, when it is approved.
 */
import { CONTRACT, STAMP_APPEARANCES } from '@tawqi/api';
import { Button, Card, Checkbox, FileButton, Select } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api.js';
import { base64Of } from '../../files.js';
import { PdfViewer } from '../../components/PdfViewer.js';
import { Verbatim } from '../../components/Verbatim.js';
import { useFormat } from '../../format.js';
import { reportFailure } from '../../toasts.js';
import { actions, heading, muted, screen, section, title } from './my.css.js';
import {
  LIMITS,
  admitFiles,
  firstSpot,
  placementText,
  type FileRefusal,
  type PageSize,
  type StampSpot,
} from './ownSigning.js';
import { PayerChoice, type Payer } from './PayerChoice.js';
import { PlacementChoices } from './PlacementChoices.js';
import { FileRefusals } from './FileRefusals.js';
import { pageColumn } from './signOwn.css.js';
import { StampBox } from './StampBox.js';

type Appearance = (typeof STAMP_APPEARANCES)[number];

interface ChosenDocument {
  id: string;
  file: File;
  /** Each page's size once pdf.js has read the file. */
  pages: readonly PageSize[] | null;
  spot: StampSpot | null;
  /** The page shown. */
  viewing: number;
}

function DocumentToSign({
  document,
  showStamp,
  onChange,
  onRemove,
}: {
  document: ChosenDocument;
  showStamp: boolean;
  onChange: (change: Partial<ChosenDocument>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const { file, pages, spot } = document;
  const name = file.name;
  return (
    <Card title={<Verbatim>{name}</Verbatim>} headingLevel={2}>
      <div className={section}>
        <div className={pageColumn}>
          <PdfViewer
            file={file}
            name={name}
            page={document.viewing}
            onPageChange={(page) => {
              onChange({ viewing: page });
            }}
            onPages={(sizes) => {
              const first = firstSpot(sizes);
              onChange({ pages: sizes, spot: first, viewing: first.page });
            }}
            overlay={
              showStamp && spot
                ? ({ number, size }) =>
                    number === spot.page ? (
                      <StampBox
                        spot={spot}
                        page={size}
                        label={t('signOwn.yourSignature')}
                        onMove={(moved) => {
                          onChange({ spot: moved });
                        }}
                      />
                    ) : null
                : undefined
            }
          />
        </div>
        {showStamp && pages && spot ? (
          <>
            <PlacementChoices
              pages={pages}
              spot={spot}
              labels={{ page: t('signOwn.page'), corner: t('signOwn.corner') }}
              onPlace={(placed) => {
                onChange({ spot: placed, viewing: placed.page });
              }}
            />
            <p className={muted}>
              {t('signOwn.placed', { page: format.number(spot.page) })} {t('signOwn.dragHint')}
            </p>
          </>
        ) : null}
        <div className={actions}>
          <Button
            variant="secondary"
            size="small"
            aria-label={t('signOwn.removeNamed', { name })}
            onPress={onRemove}
          >
            {t('signOwn.remove')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

export default function SignOwn() {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [, navigate] = useLocation();
  const [documents, setDocuments] = useState<ChosenDocument[]>([]);
  const [refused, setRefused] = useState<{ name: string; why: FileRefusal }[]>([]);
  const [appearance, setAppearance] = useState<Appearance>('logo');
  const [payer, setPayer] = useState<Payer>('me');
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const limits = {
    count: LIMITS.files,
    number: format.number(LIMITS.files),
    each: format.number(LIMITS.eachMegabytes),
    together: format.number(LIMITS.togetherMegabytes),
  };

  const choose = async (files: File[]) => {
    const { admitted, refused: left } = await admitFiles(
      documents.map((document) => document.file),
      files,
    );
    setRefused(left);
    setDocuments((current) => [
      ...current,
      ...admitted.map((file) => ({
        id: crypto.randomUUID(),
        file,
        pages: null,
        spot: null,
        viewing: 1,
      })),
    ]);
  };
  const change = (id: string, change: Partial<ChosenDocument>) => {
    setDocuments((current) =>
      current.map((document) => (document.id === id ? { ...document, ...change } : document)),
    );
  };
  const ready = documents.length > 0 && documents.every((document) => document.spot !== null);

  const sign = async () => {
    setTried(true);
    if (!consent || !ready) return;
    setSending(true);
    try {
      const body = {
        consent: true as const,
        documents: await Promise.all(
          documents.map(async ({ file, pages, spot }) => ({
            kind: 'pdf' as const,
            name: file.name,
            content: await base64Of(file),
            stamp:
              appearance === 'none' || !spot || !pages
                ? { appearance: 'none' as const }
                : {
                    appearance,
                    placement: placementText(spot, pages[spot.page - 1] ?? { width: 0, height: 0 }),
                  },
          })),
        ),
      };
      const answer =
        payer === 'me'
          ? await api.call(CONTRACT.signMyDocuments, { body })
          : await api.call(CONTRACT.orgSignDocuments, { params: { organization: payer }, body });
      navigate(answer.approvalPath);
    } catch (error) {
      reportFailure(error);
      setSending(false);
    }
  };

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('signOwn.title')}</h1>
      </div>
      <p className={muted}>{t('signOwn.lead', limits)}</p>
      <div className={actions}>
        <FileButton
          acceptedFileTypes={['application/pdf', '.pdf']}
          allowsMultiple
          isDisabled={sending}
          onSelect={(files) => {
            void choose(files);
          }}
        >
          {documents.length === 0 ? t('signOwn.choose') : t('signOwn.chooseMore')}
        </FileButton>
      </div>
      <FileRefusals refused={refused} limits={limits} />
      {documents.map((document) => (
        <DocumentToSign
          key={document.id}
          document={document}
          showStamp={appearance !== 'none'}
          onChange={(update) => {
            change(document.id, update);
          }}
          onRemove={() => {
            setDocuments((current) => current.filter((one) => one.id !== document.id));
          }}
        />
      ))}
      {documents.length > 0 ? (
        <Card title={t('signOwn.sendTitle')} headingLevel={2}>
          <div className={section}>
            <Select
              label={t('signOwn.appearance')}
              // The organization's own logo only when its counters pay.
              options={STAMP_APPEARANCES.filter(
                (id) => id !== 'organization' || payer !== 'me',
              ).map((id) => ({
                id,
                label: t(`signOwn.appearances.${id}`),
              }))}
              value={appearance}
              onChange={(key) => {
                const chosen = STAMP_APPEARANCES.find((one) => one === key);
                if (chosen) setAppearance(chosen);
              }}
            />
            <PayerChoice
              value={payer}
              onlyMine={t('signOwn.onMyPlan')}
              onChange={(chosen) => {
                setPayer(chosen);
                if (chosen === 'me' && appearance === 'organization') setAppearance('logo');
              }}
            />
            <Checkbox isSelected={consent} onChange={setConsent} isInvalid={tried && !consent}>
              {t('signOwn.consent', { count: documents.length })}
            </Checkbox>
            {tried && !consent ? (
              <p className={muted} role="alert">
                {t('signOwn.consentNeeded')}
              </p>
            ) : null}
            {!ready ? <p className={muted}>{t('signOwn.reading')}</p> : null}
            <div className={actions}>
              <Button
                isPending={sending}
                isDisabled={!ready}
                onPress={() => {
                  void sign();
                }}
              >
                {t('signOwn.sign', { count: documents.length })}
              </Button>
            </div>
            <p className={muted}>{t('signOwn.next')}</p>
          </div>
        </Card>
      ) : null}
    </div>
  );
}
