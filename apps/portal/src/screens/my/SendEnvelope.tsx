/**
 * Send a PDF to others to sign, in order (`/app/my/envelopes/send`, issue 44; ours): the sender
 * names the envelope, chooses one PDF, names one to five Tawqi users in the order they sign (by
 * national id or e-mail address), places each one's signature on the pages (dragged, or from the
 * keyboard by page and corner), chooses who pays (their plan, or an organization's counters where
 * their role may sign) and sends it. The first signer is told at once; each signature is counted
 * when that signer approves it.
 */
import { ApiError, CONTRACT, MAX_ENVELOPE_SIGNERS } from '@tawqi/api';
import { isValidNationalId } from '@tawqi/domain';
import { Button, Card, FileButton, Select, TextField } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api.js';
import { PdfViewer } from '../../components/PdfViewer.js';
import { Verbatim } from '../../components/Verbatim.js';
import { base64Of } from '../../files.js';
import { useFormat } from '../../format.js';
import { envelopePath } from '../../paths.js';
import { invalidate } from '../../queries.js';
import { reportFailure } from '../../toasts.js';
import { signerRow } from './envelopes.css.js';
import { actions, heading, muted, screen, section, title } from './my.css.js';
import {
  CORNERS,
  LIMITS,
  admitFiles,
  atCorner,
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

type FoundBy = 'nationalId' | 'email';

interface SignerDraft {
  id: string;
  by: FoundBy;
  value: string;
  spot: StampSpot | null;
}

/** The n-th signer's first place: the last page's corners in turn. */
const spotFor = (index: number, pages: readonly PageSize[]): StampSpot => {
  const last = pages.at(-1) ?? { width: 595, height: 842 };
  return {
    page: Math.max(pages.length, 1),
    ...atCorner(last, CORNERS[index % CORNERS.length] ?? 'lowerRight'),
  };
};

const newSigner = (): SignerDraft => ({
  id: crypto.randomUUID(),
  by: 'nationalId',
  value: '',
  spot: null,
});

/** What is wrong with a signer as typed (checked again by the service), or null. */
function signerProblem(signer: SignerDraft): 'empty' | 'nationalId' | 'email' | null {
  const value = signer.value.trim();
  if (value === '') return 'empty';
  if (signer.by === 'nationalId' && !isValidNationalId(value)) return 'nationalId';
  if (signer.by === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return 'email';
  return null;
}

export default function SendEnvelope() {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [, navigate] = useLocation();
  const [envelopeTitle, setEnvelopeTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [pages, setPages] = useState<readonly PageSize[] | null>(null);
  const [viewing, setViewing] = useState(1);
  const [refused, setRefused] = useState<{ name: string; why: FileRefusal }[]>([]);
  const [signers, setSigners] = useState<SignerDraft[]>([newSigner()]);
  const [payer, setPayer] = useState<Payer>('me');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const limits = { each: format.number(LIMITS.eachMegabytes), number: format.number(1) };
  const sizeOf = (page: number) => pages?.[page - 1] ?? { width: 595, height: 842 };

  const choose = async (files: File[]) => {
    const { admitted, refused: left } = await admitFiles([], files.slice(0, 1));
    setRefused(left);
    const [chosen] = admitted;
    if (!chosen) return;
    setFile(chosen);
    setPages(null);
    setViewing(1);
    // Places on another file's pages mean nothing on this one: each starts at its corner again.
    setSigners((current) => current.map((signer) => ({ ...signer, spot: null })));
    setServerErrors({});
  };
  const change = (id: string, update: Partial<SignerDraft>) => {
    setSigners((current) =>
      current.map((signer) => (signer.id === id ? { ...signer, ...update } : signer)),
    );
    setServerErrors({});
  };
  const placed = (signer: SignerDraft, index: number) =>
    signer.spot ?? (pages ? spotFor(index, pages) : null);

  const send = async () => {
    setTried(true);
    if (
      !file ||
      !pages ||
      envelopeTitle.trim() === '' ||
      signers.some((signer) => signerProblem(signer) !== null)
    )
      return;
    setSending(true);
    try {
      const body = {
        title: envelopeTitle.trim(),
        document: { kind: 'pdf' as const, name: file.name, content: await base64Of(file) },
        signers: signers.map((signer, index) => {
          const spot = placed(signer, index) ?? spotFor(index, pages);
          const placement = placementText(spot, sizeOf(spot.page));
          const value = signer.value.trim();
          return signer.by === 'email'
            ? { email: value, placement }
            : { nationalId: value, placement };
        }),
      };
      const answer =
        payer === 'me'
          ? await api.call(CONTRACT.sendEnvelope, { body })
          : await api.call(CONTRACT.orgSendEnvelope, { params: { organization: payer }, body });
      await invalidate('signing');
      navigate(envelopePath(answer.envelopeID));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0)
        setServerErrors(
          Object.fromEntries(error.fieldErrors.map((one) => [one.path, one.message])),
        );
      reportFailure(error);
      setSending(false);
    }
  };

  const signerError = (signer: SignerDraft, index: number) => {
    const fromServer = serverErrors[`signers.${String(index)}.${signer.by}`];
    if (fromServer) return fromServer;
    const problem = tried ? signerProblem(signer) : null;
    return problem ? t(`envelopes.signerProblems.${problem}`) : undefined;
  };

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('envelopes.sendTitle')}</h1>
      </div>
      <p className={muted}>{t('envelopes.sendLead', { count: MAX_ENVELOPE_SIGNERS, ...limits })}</p>
      <Card title={t('envelopes.documentTitle')} headingLevel={2}>
        <div className={section}>
          <TextField
            label={t('envelopes.name')}
            isRequired
            maxLength={200}
            value={envelopeTitle}
            onChange={setEnvelopeTitle}
            isInvalid={tried && envelopeTitle.trim() === ''}
            errorMessage={t('envelopes.nameNeeded')}
          />
          <div className={actions}>
            <FileButton
              acceptedFileTypes={['application/pdf', '.pdf']}
              isDisabled={sending}
              onSelect={(files) => {
                void choose(files);
              }}
            >
              {file ? t('envelopes.chooseOther') : t('envelopes.choose')}
            </FileButton>
          </div>
          <FileRefusals refused={refused} limits={limits} />
          {tried && !file ? (
            <p className={muted} role="alert">
              {t('envelopes.fileNeeded')}
            </p>
          ) : null}
          {serverErrors.document ? (
            <p className={muted} role="alert">
              {serverErrors.document}
            </p>
          ) : null}
          {file ? (
            <>
              <p className={muted}>
                <Verbatim>{file.name}</Verbatim>
              </p>
              <div className={pageColumn}>
                <PdfViewer
                  file={file}
                  name={file.name}
                  page={viewing}
                  onPageChange={setViewing}
                  onPages={(sizes) => {
                    setPages(sizes);
                    setViewing(sizes.length);
                  }}
                  overlay={({ number, size }) =>
                    signers.map((signer, index) => {
                      const spot = placed(signer, index);
                      return spot?.page === number ? (
                        <StampBox
                          key={signer.id}
                          spot={spot}
                          page={size}
                          label={t('envelopes.signerLabel', { number: format.number(index + 1) })}
                          onMove={(moved) => {
                            change(signer.id, { spot: moved });
                          }}
                        />
                      ) : null;
                    })
                  }
                />
              </div>
              <p className={muted}>{t('envelopes.dragHint')}</p>
            </>
          ) : null}
        </div>
      </Card>
      <Card title={t('envelopes.signersTitle')} headingLevel={2}>
        <div className={section}>
          <p className={muted}>{t('envelopes.signersLead')}</p>
          {signers.map((signer, index) => {
            const spot = placed(signer, index);
            const number = format.number(index + 1);
            return (
              <div key={signer.id} className={signerRow}>
                <Select
                  label={t('envelopes.foundBy', { number })}
                  options={(['nationalId', 'email'] as const).map((id) => ({
                    id,
                    label: t(`envelopes.foundByValues.${id}`),
                  }))}
                  value={signer.by}
                  onChange={(key) => {
                    change(signer.id, { by: key === 'email' ? 'email' : 'nationalId' });
                  }}
                />
                <TextField
                  label={t(`envelopes.signerValue.${signer.by}`, { number })}
                  value={signer.value}
                  inputMode={signer.by === 'nationalId' ? 'numeric' : 'email'}
                  maxLength={signer.by === 'nationalId' ? 10 : 254}
                  onChange={(value) => {
                    change(signer.id, { value });
                  }}
                  isInvalid={signerError(signer, index) !== undefined}
                  errorMessage={signerError(signer, index)}
                />
                {pages && spot ? (
                  <PlacementChoices
                    pages={pages}
                    spot={spot}
                    labels={{
                      page: t('envelopes.signerPage', { number }),
                      corner: t('envelopes.signerCorner', { number }),
                    }}
                    onPlace={(moved) => {
                      change(signer.id, { spot: moved });
                      setViewing(moved.page);
                    }}
                  />
                ) : null}
                {signers.length > 1 ? (
                  <div className={actions}>
                    <Button
                      variant="secondary"
                      size="small"
                      aria-label={t('envelopes.removeSigner', { number })}
                      onPress={() => {
                        setSigners((current) => current.filter((one) => one.id !== signer.id));
                      }}
                    >
                      {t('signOwn.remove')}
                    </Button>
                  </div>
                ) : null}
              </div>
            );
          })}
          {signers.length < MAX_ENVELOPE_SIGNERS ? (
            <div className={actions}>
              <Button
                variant="secondary"
                onPress={() => {
                  setSigners((current) => [...current, newSigner()]);
                }}
              >
                {t('envelopes.addSigner')}
              </Button>
            </div>
          ) : null}
        </div>
      </Card>
      <Card title={t('envelopes.sendCardTitle')} headingLevel={2}>
        <div className={section}>
          <PayerChoice value={payer} onChange={setPayer} />
          <p className={muted}>{t('envelopes.paidBy', { count: signers.length })}</p>
          <div className={actions}>
            <Button
              isPending={sending}
              isDisabled={file !== null && pages === null}
              onPress={() => {
                void send();
              }}
            >
              {t('envelopes.sendButton', { count: signers.length })}
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
