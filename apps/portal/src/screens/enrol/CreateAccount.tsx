/**
 * Create account (SPEC §2 `/create-account`; issue 17): an organization, or a provider applying
 * as an L2, registers. The applicant proves who they are in the identity app first (after the
 * robot check) and becomes its first Enrolment Admin and Authorized Signatory; then five steps —
 * the organization, its address, the people, the documents, a last look with the subscriber
 * agreement — each checked field by field with the contract's own rules before going on, and
 * saved to the server as the applicant goes (and in this browser as they type), so going back,
 * a reload or another day loses nothing. Submitted, the next page is the e-mail verification.
 */
import { ApiError, CONTRACT, applicationDetails } from '@tawqi/api';
import {
  APPLICATION_KINDS,
  SUBSCRIBER_AGREEMENT_VERSION,
  type ApplicationKind,
  type DocumentCategory,
} from '@tawqi/domain';
import { Button, Select, TextField } from '@tawqi/ui';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api.js';
import { AgreementAcceptance } from '../../components/AgreementAcceptance.js';
import { Captcha } from '../../components/Captcha.js';
import { IdentityApp } from '../../components/IdentityApp.js';
import { ReadState } from '../../components/ReadState.js';
import { errorText, fieldset, formGrid, legend } from '../../components/forms.css.js';
import { useFormat } from '../../format.js';
import { useApi } from '../../queries.js';
import { reportFailure } from '../../toasts.js';
import {
  actions,
  heading,
  muted,
  plainList,
  screen,
  section,
  sectionTitle,
  title,
} from '../my/my.css.js';
import { DocumentPicker, type RequestDocument } from '../org/Documents.js';
import { Facts } from '../../components/Facts.js';
import { useFocusOnProblem } from '../../components/focusProblem.js';
import { Verbatim } from '../../components/Verbatim.js';
import {
  applicationSecret,
  refreshApplication,
  typedDraft,
  useApplication,
  type Application,
  type Draft,
} from './application.js';

const STEPS = ['organization', 'address', 'people', 'documents', 'review'] as const;
type Step = (typeof STEPS)[number];

const REQUIRED_DOCUMENTS: readonly DocumentCategory[] = [
  'commercialRegistration',
  'authorizationLetter',
];

type TextKey = Exclude<keyof Draft, 'sponsor' | 'technicalContact'>;
type Person = 'sponsor' | 'technicalContact';
type PersonKey = 'nameEnglish' | 'nameArabic' | 'email' | 'mobile';

/** The fields each step checks before the applicant goes on. */
const STEP_FIELDS: Record<Exclude<Step, 'documents' | 'review'>, readonly string[]> = {
  organization: [
    'organizationNameEnglish',
    'organizationNameArabic',
    'crNumber',
    'crExpiryDate',
    'unifiedNumber',
  ],
  address: ['countrySlno', 'stateSlno', 'citySlno', 'address', 'postalCode', 'telephone'],
  people: [
    'email',
    'mobile',
    'sponsor.nameEnglish',
    'sponsor.nameArabic',
    'sponsor.email',
    'sponsor.mobile',
    'technicalContact.nameEnglish',
    'technicalContact.nameArabic',
    'technicalContact.email',
    'technicalContact.mobile',
  ],
};

/** What is wrong with a field, by the contract's schema for it (null when it is right). */
function fieldProblem(details: Draft, path: string): boolean {
  const [head, tail] = path.split('.') as [keyof Draft, PersonKey | undefined];
  const shape = applicationDetails.shape;
  if (tail) {
    const person = shape[head as Person].shape[tail];
    return !person.safeParse(details[head as Person]?.[tail] ?? '').success;
  }
  return !shape[head as TextKey].safeParse(details[head as TextKey] ?? '').success;
}

/** A select's value: none while the field is empty. */
const chosen = (value: string | undefined) => (value === undefined || value === '' ? null : value);

/** The identity step: what applies, the robot check, then the identity app. */
function Begin({ onBegun }: { onBegun: () => void }) {
  const { t } = useTranslation('enrol');
  const [kind, setKind] = useState<ApplicationKind>('organization');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  return (
    <section className={section} aria-labelledby="enrol-begin">
      <h2 id="enrol-begin" className={sectionTitle}>
        {t('begin.title')}
      </h2>
      <p className={muted}>{t('begin.lead')}</p>
      <div className={formGrid}>
        <Select
          label={t('begin.kind')}
          options={APPLICATION_KINDS.map((id) => ({ id, label: t(`kinds.${id}`) }))}
          value={kind}
          onChange={(key) => setKind(key as ApplicationKind)}
        />
        <p className={muted}>{t(`kindHelp.${kind}`)}</p>
        <Captcha action="enrol" onToken={setCaptchaToken} />
      </div>
      {captchaToken ? (
        <IdentityApp
          flow="applicant"
          applicant={{ kind, captchaToken }}
          startLabel={t('begin.verify')}
          onApproved={(approval) => {
            if (!approval.applicationToken) return;
            applicationSecret.set(approval.applicationToken);
            void refreshApplication().then(onBegun);
          }}
        />
      ) : (
        <p className={muted}>{t('begin.captchaFirst')}</p>
      )}
    </section>
  );
}

function Progress({ step }: { step: Step }) {
  const { t } = useTranslation('enrol');
  const format = useFormat();
  const index = STEPS.indexOf(step);
  return (
    <p className={muted} aria-live="polite">
      {t('progress', {
        step: format.number(index + 1),
        total: format.number(STEPS.length),
        name: t(`steps.${step}`),
      })}
    </p>
  );
}

function Form({ application, startAt }: { application: Application; startAt: Step | undefined }) {
  const { t, i18n } = useTranslation('enrol');
  const [, navigate] = useLocation();
  const saved = typedDraft.read();
  const [kind, setKind] = useState<ApplicationKind>(
    (saved.kind as ApplicationKind | undefined) ?? application.kind,
  );
  const [provider, setProvider] = useState<number | null>(saved.l1SipSlNo ?? application.l1SipSlNo);
  const [details, setDetails] = useState<Draft>({ ...application.details, ...saved.details });
  const [documents, setDocuments] = useState<RequestDocument[]>(application.documents);
  // A reload comes back to the step the applicant was on.
  const [step, setStep] = useState<Step>(
    startAt ?? STEPS.find((known) => known === saved.step) ?? 'organization',
  );
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const top = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useFocusOnProblem(form, refusals);
  /** A refused step or submit: said, and focus goes to it. */
  const refuse = (text: string) => {
    setProblem(text);
    setRefusals((count) => count + 1);
  };
  const providers = useApi(CONTRACT.enrolmentProviders, {});
  const countries = useApi(CONTRACT.countries, {});
  const states = useApi(
    CONTRACT.states,
    { params: { id: Number(details.countrySlno ?? 0) || 1 } },
    { enabled: Boolean(details.countrySlno) },
  );
  const cities = useApi(
    CONTRACT.cities,
    { params: { id: Number(details.stateSlno ?? 0) || 1 } },
    { enabled: Boolean(details.stateSlno) },
  );
  const arabic = i18n.language === 'ar';

  // What is typed is kept in this browser at once.
  useEffect(() => {
    typedDraft.write({ kind, l1SipSlNo: provider, details, step });
  }, [kind, provider, details, step]);

  const set = (key: TextKey) => (value: string) => setDetails({ ...details, [key]: value });
  const setPerson = (person: Person, key: PersonKey) => (value: string) =>
    setDetails({ ...details, [person]: { ...details[person], [key]: value } });
  const invalid = (path: string) => shown.has(path) && fieldProblem(details, path);
  const message = (path: string) => t(`errors.${path.split('.').at(-1) ?? path}`);

  const text = (key: TextKey, options: { type?: string; help?: boolean } = {}) => (
    <TextField
      label={t(`fields.${key}`)}
      value={details[key] ?? ''}
      onChange={set(key)}
      isRequired
      type={options.type}
      {...(options.help ? { description: t(`help.${key}`) } : {})}
      isInvalid={invalid(key)}
      errorMessage={message(key)}
    />
  );
  const personText = (person: Person, key: PersonKey, type?: string) => (
    <TextField
      label={t(`personFields.${key}`)}
      value={details[person]?.[key] ?? ''}
      onChange={setPerson(person, key)}
      isRequired
      type={type}
      isInvalid={invalid(`${person}.${key}`)}
      errorMessage={message(`${person}.${key}`)}
    />
  );

  const save = () =>
    api.call(CONTRACT.saveApplication, { body: { kind, l1SipSlNo: provider, details } });

  const go = async (to: Step) => {
    setProblem(null);
    const forward = STEPS.indexOf(to) > STEPS.indexOf(step);
    if (forward) {
      const fields = step in STEP_FIELDS ? STEP_FIELDS[step as keyof typeof STEP_FIELDS] : [];
      const wrong = fields.filter((path) => fieldProblem(details, path));
      setShown(new Set([...shown, ...fields]));
      if (step === 'organization' && provider === null) {
        refuse(t('errors.provider'));
        return;
      }
      if (wrong.length > 0) {
        refuse(t('errors.fix'));
        return;
      }
      if (
        step === 'documents' &&
        !REQUIRED_DOCUMENTS.every((category) => documents.some((d) => d.category === category))
      ) {
        refuse(t('errors.documents'));
        return;
      }
    }
    setBusy(true);
    try {
      await save();
      setStep(to);
      top.current?.focus();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!agreed) {
      refuse(t('errors.agreement'));
      return;
    }
    if (!captchaToken) {
      refuse(t('errors.captcha'));
      return;
    }
    const parsed = applicationDetails.safeParse(details);
    if (!parsed.success || provider === null) {
      refuse(t('errors.fix'));
      return;
    }
    setBusy(true);
    try {
      await api.call(CONTRACT.submitApplication, {
        body: {
          kind,
          l1SipSlNo: provider,
          details: parsed.data,
          agreementVersion: SUBSCRIBER_AGREEMENT_VERSION,
          captchaToken,
        },
      });
      typedDraft.write({ kind, l1SipSlNo: provider, details: {} });
      await refreshApplication();
      navigate('/email-verification');
    } catch (error) {
      // The server's reason (a registration number already in use, say); what was typed stays.
      if (error instanceof ApiError && error.statusCode < 500 && error.hasMessage)
        refuse(error.message);
      else reportFailure(error);
      setCaptchaRound((round) => round + 1);
    } finally {
      setBusy(false);
    }
  };

  const named = (en: string, ar: string) => (arabic ? ar : en);
  const options = <T,>(
    read: { data: { dataList: T[] } | null },
    of: (row: T) => { id: number; label: string },
  ) => (read.data?.dataList ?? []).map(of).map(({ id, label }) => ({ id: String(id), label }));

  const back = STEPS[STEPS.indexOf(step) - 1];
  const next = STEPS[STEPS.indexOf(step) + 1];

  return (
    <section className={section} aria-labelledby="enrol-step">
      <h2 id="enrol-step" className={sectionTitle} tabIndex={-1} ref={top}>
        {t(`steps.${step}`)}
      </h2>
      <Progress step={step} />
      <form
        ref={form}
        className={formGrid}
        noValidate
        onSubmit={(event) => {
          if (step === 'review') void submit(event);
          else {
            event.preventDefault();
            if (next) void go(next);
          }
        }}
      >
        {step === 'organization' ? (
          <>
            <Select
              label={t('fields.kind')}
              options={APPLICATION_KINDS.map((id) => ({ id, label: t(`kinds.${id}`) }))}
              value={kind}
              onChange={(key) => setKind(key as ApplicationKind)}
            />
            <Select
              label={t('fields.provider')}
              placeholder={t('fields.chooseProvider')}
              options={options(providers, (row) => ({ id: row.sipSlNo, label: row.name }))}
              value={provider === null ? null : String(provider)}
              onChange={(key) => setProvider(Number(key))}
              isRequired
            />
            {text('organizationNameEnglish')}
            {text('organizationNameArabic')}
            {text('crNumber', { help: true })}
            {text('crExpiryDate', { type: 'date' })}
            {text('unifiedNumber', { help: true })}
          </>
        ) : null}
        {step === 'address' ? (
          <>
            <Select
              label={t('fields.countrySlno')}
              placeholder={t('fields.choose')}
              options={options(countries, (row) => ({
                id: row.countrySlno,
                label: named(row.countryNameEnglish, row.countryNameArabic),
              }))}
              value={details.countrySlno ?? null}
              onChange={(key) =>
                setDetails({ ...details, countrySlno: String(key), stateSlno: '', citySlno: '' })
              }
              isRequired
              isInvalid={invalid('countrySlno')}
              errorMessage={message('countrySlno')}
            />
            <Select
              label={t('fields.stateSlno')}
              placeholder={t('fields.choose')}
              options={options(states, (row) => ({
                id: row.stateSlno,
                label: named(row.stateNameEnglish, row.stateNameArabic),
              }))}
              value={chosen(details.stateSlno)}
              onChange={(key) => setDetails({ ...details, stateSlno: String(key), citySlno: '' })}
              isDisabled={!details.countrySlno}
              isRequired
              isInvalid={invalid('stateSlno')}
              errorMessage={message('stateSlno')}
            />
            <Select
              label={t('fields.citySlno')}
              placeholder={t('fields.choose')}
              options={options(cities, (row) => ({
                id: row.citySlno,
                label: named(row.cityNameEnglish, row.cityNameArabic),
              }))}
              value={chosen(details.citySlno)}
              onChange={(key) => setDetails({ ...details, citySlno: String(key) })}
              isDisabled={!details.stateSlno}
              isRequired
              isInvalid={invalid('citySlno')}
              errorMessage={message('citySlno')}
            />
            {text('address')}
            {text('postalCode')}
            {text('telephone', { type: 'tel' })}
          </>
        ) : null}
        {step === 'people' ? (
          <>
            <fieldset className={fieldset}>
              <legend className={legend}>{t('people.you')}</legend>
              <div className={formGrid}>
                {text('email', { type: 'email', help: true })}
                {text('mobile', { type: 'tel' })}
              </div>
            </fieldset>
            {(['sponsor', 'technicalContact'] as const).map((person) => (
              <fieldset key={person} className={fieldset}>
                <legend className={legend}>{t(`people.${person}`)}</legend>
                <div className={formGrid}>
                  {personText(person, 'nameEnglish')}
                  {personText(person, 'nameArabic')}
                  {personText(person, 'email', 'email')}
                  {personText(person, 'mobile', 'tel')}
                </div>
              </fieldset>
            ))}
          </>
        ) : null}
        {step === 'documents' ? (
          <>
            <p className={muted}>{t('documentsLead')}</p>
            <DocumentPicker
              categories={REQUIRED_DOCUMENTS}
              documents={documents}
              onChange={setDocuments}
              upload={(file, category) =>
                api.call(CONTRACT.uploadApplicationDocument, {
                  query: { name: file.name, category },
                  file,
                })
              }
              remove={async (document) => {
                await api.call(CONTRACT.removeApplicationDocument, {
                  body: { uniqueFileId: document.uniqueFileId },
                });
              }}
            />
          </>
        ) : null}
        {step === 'review' ? (
          <>
            <Facts
              facts={[
                [t('fields.kind'), t(`kinds.${kind}`)],
                [
                  t('fields.provider'),
                  providers.data?.dataList.find((row) => row.sipSlNo === provider)?.name ?? '—',
                ],
                ...(
                  [
                    'organizationNameEnglish',
                    'organizationNameArabic',
                    'crNumber',
                    'unifiedNumber',
                    'email',
                  ] as const
                ).map((key): [string, React.ReactNode] => [
                  t(`fields.${key}`),
                  <Verbatim key={key}>{details[key]}</Verbatim>,
                ]),
                [
                  t('steps.documents'),
                  <ul key="documents" className={plainList}>
                    {documents.map((document) => (
                      <li key={document.uniqueFileId}>
                        <Verbatim>{document.name}</Verbatim>
                      </li>
                    ))}
                  </ul>,
                ],
              ]}
            />
            <AgreementAcceptance accepted={agreed} onChange={setAgreed} />
            <Captcha action="enrol" resetKey={captchaRound} onToken={setCaptchaToken} />
          </>
        ) : null}
        {problem ? (
          <p role="alert" className={errorText}>
            {problem}
          </p>
        ) : null}
        <div className={actions}>
          {back ? (
            <Button variant="secondary" isDisabled={busy} onPress={() => void go(back)}>
              {t('back')}
            </Button>
          ) : null}
          <Button type="submit" isPending={busy}>
            {step === 'review' ? t('submit') : t('next')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * Whose application this tab shows, and a way out for anyone else (issue 38): forgetting it here
 * keeps it on the server for its applicant, who resumes it by proving who they are again.
 */
function NotYou({ application, onForget }: { application: Application; onForget: () => void }) {
  const { t, i18n } = useTranslation('enrol');
  const { applicant } = application;
  const name = i18n.language === 'ar' ? applicant.fullNameArabic : applicant.fullNameEnglish;
  return (
    <div className={actions}>
      <p className={muted}>{t('applyingAs', { name })}</p>
      <Button
        size="small"
        variant="secondary"
        onPress={() => {
          applicationSecret.clear();
          void refreshApplication();
          onForget();
        }}
      >
        {t('notYou')}
      </Button>
    </div>
  );
}

export default function CreateAccount({
  startAt,
}: {
  /** The step a returning applicant lands on (a story shows each). */
  startAt?: Step;
}) {
  const { t } = useTranslation('enrol');
  const [, navigate] = useLocation();
  const [begun, setBegun] = useState(applicationSecret.get() !== null);
  const { read } = useApplication();
  const application = read.data;

  // A submitted application goes on where it stands.
  useEffect(() => {
    if (begun && application && application.status !== 'draft') navigate('/after-verification');
  }, [begun, application, navigate]);

  return (
    <div className={screen}>
      <div className={heading}>
        <h1 className={title}>{t('title')}</h1>
      </div>
      <p className={muted}>{t('lead')}</p>
      {!begun ? (
        <Begin onBegun={() => setBegun(true)} />
      ) : read.status === 'failed' || !application ? (
        <>
          <ReadState read={read} />
          {read.status === 'failed' ? (
            <div>
              <Button
                variant="secondary"
                onPress={() => {
                  applicationSecret.clear();
                  setBegun(false);
                }}
              >
                {t('startAgain')}
              </Button>
            </div>
          ) : null}
        </>
      ) : application.status === 'draft' ? (
        <>
          <NotYou application={application} onForget={() => setBegun(false)} />
          <Form application={application} startAt={startAt} />
        </>
      ) : null}
    </div>
  );
}
