/**
 * The national identity app (Nafath) pattern of SPEC §4, shared by login, enrolment and KYC
 * renewal: initiate → show the two-digit number → poll verify while the answer is "3" → approved.
 * Status "0" shows the server's message (and a toast on initiation, SPEC §8); a failed call shows
 * "Something went wrong. Please try again"; the screen stops waiting when the challenge expires
 * (180 s, counted down on screen) or the user cancels. The flow itself is the domain's reducer.
 * Focus follows the result (the number to pick, or what went wrong); an id that fails its check
 * digit says so; a person the identity app approved but who has no account is offered to create
 * one (with one more approval, for enrolment).
 */
import { ApiError, CONTRACT, type SessionData } from '@tawqi/api';
import {
  IDENTITY_CHALLENGE_TTL_MS,
  IDENTITY_STATUS,
  IDENTITY_LOGIN_INITIAL,
  IDENTITY_POLL_INTERVAL_MS,
  formatClock,
  formatDigits,
  identityLoginReducer,
  initiationSituations,
  isPolling,
  MESSAGES,
  nationalIdProblem,
  toAsciiDigits,
  type ApplicationKind,
  type IdentityFlow,
  type RevocationReason,
} from '@tawqi/domain';
import { Button, RetryCountdown, TextField } from '@tawqi/ui';
import { useEffect, useReducer, useRef, useState, type SyntheticEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { api } from '../api.js';
import { retryAtOf } from '../retryAt.js';
import { languageAtom } from '../state/atoms.js';
import { report } from '../toasts.js';
import { servedInDemoMode } from './DemoBanner.js';
import { errorText, formGrid, numberBox } from './forms.css.js';

/**
 * What an approval brings: a session (login, enrolment), the new KYC validity (renewal), or for
 * an admin adding a person, the approved challenge (its national id and transId) to go on with.
 */
export interface IdentityApproval {
  session: SessionData | null;
  kycValidTill: string | null;
  /** A pre-enrolment application's secret (the applicant flow). */
  applicationToken: string | null;
  nationalId: string;
  transId: string;
}

interface Answer {
  status: string;
  errorMessage: string | null;
}

/**
 * The calls of each flow; KYC renewal is for the signed-in user, so it sends no national id. An
 * Enrolment Admin adding a person (orgUser) acts in their organization: the id is checked first
 * (a member, or someone already asked for, is not sent to the identity app).
 */
/**
 * What the pre-enrolment flows send besides the id: what applies and the captcha's token (an
 * applicant), or the invitation's token (a person an organization invited).
 */
export interface ApplicantStart {
  kind: ApplicationKind;
  captchaToken: string | null;
  invitation?: string;
  /** A verified e-mail link's token: it stands in for the captcha and continues its application. */
  emailLink?: string;
}

const NO_APPLICANT: ApplicantStart = { kind: 'organization', captchaToken: null };

/**
 * What a holder confirms about their own certificate: issuing a request (with the subscriber
 * agreement's version they accepted) or revoking a certificate (with the reason).
 */
export type CertificateConfirmation =
  | { action: 'issue'; reference: string; agreementVersion: string }
  | { action: 'revoke'; serial: string; reason: RevocationReason };

/** What a flow's calls send besides the national id. */
interface FlowInput {
  organization: number;
  applicant: ApplicantStart;
  certificate: CertificateConfirmation | null;
}

function certificateOf(input: FlowInput): CertificateConfirmation {
  if (!input.certificate) throw new TypeError('the certificate flow needs what it confirms');
  return input.certificate;
}

const CALLS: Record<
  IdentityFlow,
  {
    initiate: (
      nationalId: string,
      input: FlowInput,
    ) => Promise<Answer & { transId: string | null; random: string | null; nationalID: string }>;
    verify: (
      nationalId: string,
      transId: string,
      input: FlowInput,
    ) => Promise<
      Answer &
        Partial<Pick<IdentityApproval, 'session' | 'kycValidTill' | 'applicationToken'>> & {
          reason?: string | null;
        }
    >;
  }
> = {
  login: {
    initiate: (nationalId) =>
      api.call(CONTRACT.nafathLoginInitiate, { params: {}, body: { nationalID: nationalId } }),
    verify: (nationalId, transId) =>
      api.call(CONTRACT.nafathLoginVerify, {
        params: {},
        body: { nationalID: nationalId, transId },
      }),
  },
  enrollment: {
    initiate: (nationalId) =>
      api.call(CONTRACT.nafathEnrollmentInitiate, {
        params: {},
        body: { nationalID: nationalId },
      }),
    verify: (nationalId, transId) =>
      api.call(CONTRACT.nafathEnrollmentVerify, {
        params: {},
        body: { nationalID: nationalId, transId },
      }),
  },
  kycRenewal: {
    initiate: () => api.call(CONTRACT.kycRenewalInitiate, { body: {} }),
    verify: (_nationalId, transId) => api.call(CONTRACT.kycRenewalVerify, { body: { transId } }),
  },
  orgUser: {
    initiate: async (nationalId, { organization }) => {
      const body = { orgSlNo: organization, nationalID: nationalId };
      const checked = await api.call(CONTRACT.validateNationalId, { body });
      const answer =
        checked.status === IDENTITY_STATUS.accepted
          ? await api.call(CONTRACT.orgUserNafathVerify, { params: { idp: 'nafath' }, body })
          : { ...checked, transId: null, random: null };
      return { ...answer, nationalID: nationalId };
    },
    verify: (nationalId, transId, { organization }) =>
      api.call(CONTRACT.orgUserNafathVerify, {
        params: { idp: 'nafath' },
        body: { orgSlNo: organization, nationalID: nationalId, transId },
      }),
  },
  applicant: {
    initiate: async (nationalId, { applicant }) => ({
      ...(await api.call(CONTRACT.enrolmentNafathVerify, {
        params: { idp: 'nafath' },
        body: {
          nationalID: nationalId,
          kind: applicant.kind,
          ...(applicant.captchaToken ? { captchaToken: applicant.captchaToken } : {}),
          ...(applicant.emailLink ? { emailLink: applicant.emailLink } : {}),
        },
      })),
      nationalID: nationalId,
    }),
    verify: (nationalId, transId, { applicant }) =>
      api.call(CONTRACT.enrolmentNafathVerify, {
        params: { idp: 'nafath' },
        body: {
          nationalID: nationalId,
          kind: applicant.kind,
          transId,
          ...(applicant.emailLink ? { emailLink: applicant.emailLink } : {}),
        },
      }),
  },
  invitee: {
    initiate: async (nationalId, { applicant: { invitation = '' } }) => ({
      ...(await api.call(CONTRACT.invitationNafathVerify, {
        params: { idp: 'nafath' },
        body: { token: invitation, nationalID: nationalId },
      })),
      nationalID: nationalId,
    }),
    verify: (nationalId, transId, { applicant: { invitation = '' } }) =>
      api.call(CONTRACT.invitationNafathVerify, {
        params: { idp: 'nafath' },
        body: { token: invitation, nationalID: nationalId, transId },
      }),
  },
  // The signed-in holder, about their own certificate: no id is asked.
  certificate: {
    initiate: (_nationalId, input) => {
      const confirmation = certificateOf(input);
      return confirmation.action === 'issue'
        ? api.call(CONTRACT.confirmCertificateInitiate, {
            params: { reference: confirmation.reference },
            body: { agreementVersion: confirmation.agreementVersion, accepted: true },
          })
        : api.call(CONTRACT.revokeCertificateInitiate, {
            params: { serial: confirmation.serial },
            body: { reason: confirmation.reason },
          });
    },
    verify: (_nationalId, transId, input) => {
      const confirmation = certificateOf(input);
      return confirmation.action === 'issue'
        ? api.call(CONTRACT.confirmCertificateVerify, {
            params: { reference: confirmation.reference },
            body: { transId },
          })
        : api.call(CONTRACT.revokeCertificateVerify, {
            params: { serial: confirmation.serial },
            body: { transId, reason: confirmation.reason },
          });
    },
  },
};

/** What the screen says while waiting: to the person who approves, or about someone else. */
const WAITING_TEXT = {
  self: { pick: 'nafath.pick', waiting: 'nafath.waiting' },
  other: { pick: 'nafath.pickOther', waiting: 'nafath.waitingOther' },
} as const;

export interface IdentityAppProps {
  flow: IdentityFlow;
  /** The organization an Enrolment Admin adds a person to (the orgUser flow). */
  organization?: number;
  /** What the applicant flow sends besides the id. */
  applicant?: ApplicantStart;
  /** What the certificate flow confirms. */
  certificate?: CertificateConfirmation;
  /** The label of the button that starts the flow. */
  startLabel: string;
  onApproved: (approval: IdentityApproval) => void;
}

/** Re-renders every second while `running`, for a countdown. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [running]);
  return now;
}

export function IdentityApp({
  flow: firstFlow,
  organization = 0,
  applicant = NO_APPLICANT,
  certificate,
  startLabel,
  onApproved,
}: IdentityAppProps) {
  const { t } = useTranslation('login');
  const language = useAtomValue(languageAtom);
  const [state, dispatch] = useReducer(identityLoginReducer, IDENTITY_LOGIN_INITIAL);
  const [nationalId, setNationalId] = useState('');
  const [idProblem, setIdProblem] = useState<'format' | 'checkDigit' | null>(null);
  // A login approved for someone without an account can go on as an enrolment.
  const [flow, setFlow] = useState<IdentityFlow>(firstFlow);
  const [notRegistered, setNotRegistered] = useState(false);
  const result = useRef<HTMLElement>(null);
  const challenge = useRef<{ transId: string | null; nationalId: string }>({
    transId: null,
    nationalId: '',
  });
  // Renewal and certificates are about the signed-in person: the server knows their id.
  const asksForId = flow !== 'kycRenewal' && flow !== 'certificate';
  const input: FlowInput = { organization, applicant, certificate: certificate ?? null };
  const words = WAITING_TEXT[flow === 'orgUser' ? 'other' : 'self'];

  const start = async (event: SyntheticEvent | null, as: IdentityFlow = flow) => {
    event?.preventDefault();
    // Renewal's failures are notices that stay until dismissed (SPEC §8).
    const situations = initiationSituations(as);
    const id = asksForId ? toAsciiDigits(nationalId.trim()) : '';
    const problem = asksForId ? nationalIdProblem(id) : null;
    setIdProblem(problem);
    if (problem) return;
    setNotRegistered(false);
    dispatch({ type: 'initiate', nationalId: id });
    try {
      const answer = await CALLS[as].initiate(id, input);
      challenge.current = { transId: answer.transId, nationalId: answer.nationalID || id };
      dispatch({ type: 'initiate-answered', answer, now: Date.now() });
      if (answer.status !== '1') report(situations.rejected, answer.errorMessage);
    } catch (error) {
      // Too many requests for this id: the server says so and how long to wait, here and in the
      // toast — never "something went wrong".
      if (error instanceof ApiError && error.statusCode === 429 && error.hasMessage) {
        dispatch({ type: 'initiate-refused', message: error.message, retryAt: retryAtOf(error) });
        report(situations.rejected, error.message, retryAtOf(error));
      } else {
        dispatch({ type: 'initiate-failed' });
        report(situations.failed);
      }
    }
  };

  // Poll verify while waiting (SPEC §4: "3" keeps polling; a failure stops it); expire after 180 s.
  // One call at a time, the next an interval after the last answer (issue 38: an interval timer
  // sent the next call while a slow one was still out, faster than the server allows); a 429
  // while waiting means "ask later", so it is waited out, never shown.
  const polling = isPolling(state);
  useEffect(() => {
    if (!polling) return;
    const { transId, nationalId: id } = challenge.current;
    let stopped = false;
    let timer = 0;
    const askLater = () => {
      if (!stopped) timer = window.setTimeout(() => void ask(), IDENTITY_POLL_INTERVAL_MS);
    };
    const ask = async () => {
      dispatch({ type: 'tick', now: Date.now() });
      if (!transId) {
        askLater();
        return;
      }
      try {
        const answer = await CALLS[flow].verify(id, transId, input);
        if (stopped) return;
        dispatch({
          type: 'verify-answered',
          answer: {
            status: answer.status,
            errorMessage: answer.errorMessage,
            refreshToken: answer.session?.refreshToken ?? null,
          },
        });
        if (answer.reason === 'notRegistered') setNotRegistered(true);
        if (answer.status === '1')
          onApproved({
            session: answer.session ?? null,
            kycValidTill: answer.kycValidTill ?? null,
            applicationToken: answer.applicationToken ?? null,
            nationalId: id,
            transId,
          });
        // Still waiting: asked again later; an answer that ends the wait stops the polling.
        askLater();
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.statusCode === 429) askLater();
        else dispatch({ type: 'verify-failed' });
      }
    };
    askLater();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // The poll belongs to one challenge.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [polling]);

  // The result takes focus: the number to pick while waiting, else what went wrong.
  useEffect(() => {
    if (state.phase === 'waiting' || state.phase === 'failed') result.current?.focus();
  }, [state.phase]);

  const now = useNow(state.phase === 'waiting');

  if (state.phase === 'waiting') {
    const left = (state.startedAt + IDENTITY_CHALLENGE_TTL_MS - now) / 1000;
    return (
      <div className={formGrid}>
        <div
          role="status"
          aria-live="polite"
          className={formGrid}
          tabIndex={-1}
          ref={(element) => {
            result.current = element;
          }}
        >
          <p>{t(words.pick)}</p>
          <p
            className={numberBox}
            aria-label={t('nafath.numberLabel', {
              number: formatDigits(state.random ?? '', language),
            })}
          >
            {formatDigits(state.random ?? '', language)}
          </p>
          <p>{t(words.waiting)}</p>
        </div>
        {/* Not a live region: a screen reader reads it when asked, not every second. */}
        <p>{t('nafath.expiresIn', { time: formatClock(left, language) })}</p>
        {servedInDemoMode() ? (
          <p>
            <a
              href={`/simulators/nafath/phone?nationalId=${challenge.current.nationalId}`}
              target="_blank"
              rel="noreferrer"
            >
              {t('nafath.simulator')}
            </a>
          </p>
        ) : null}
        <div>
          <Button variant="secondary" onPress={() => dispatch({ type: 'cancel' })}>
            {t('cancel')}
          </Button>
        </div>
      </div>
    );
  }

  const failure = state.phase === 'failed' ? state.failure : null;
  return (
    <form onSubmit={(event) => void start(event)} noValidate className={formGrid}>
      {asksForId ? (
        <TextField
          label={t('nafath.nationalId')}
          description={t('nafath.nationalIdHelp')}
          value={nationalId}
          onChange={setNationalId}
          inputMode="numeric"
          // Someone else's id is not the admin's sign-in name.
          autoComplete={flow === 'orgUser' ? 'off' : 'username'}
          isInvalid={idProblem !== null}
          errorMessage={idProblem === 'checkDigit' ? t('nafath.checkDigit') : t('nafath.invalidId')}
          isRequired
        />
      ) : null}
      {failure ? (
        <p
          role="alert"
          className={errorText}
          tabIndex={-1}
          ref={(element) => {
            result.current = element;
          }}
        >
          {failure.reason === 'server' || failure.reason === 'wait'
            ? failure.message
            : failure.reason === 'expired'
              ? t('nafath.expired')
              : MESSAGES['errors.somethingWentWrong'][language]}
        </p>
      ) : null}
      {failure?.reason === 'wait' && failure.retryAt ? (
        <RetryCountdown until={failure.retryAt} />
      ) : null}
      {notRegistered && flow === 'login' ? (
        <>
          <p>{t('nafath.createOffer')}</p>
          <Button
            onPress={() => {
              setFlow('enrollment');
              void start(null, 'enrollment');
            }}
          >
            {t('nafath.enrol')}
          </Button>
        </>
      ) : (
        <Button type="submit" isPending={state.phase === 'initiating'}>
          {flow === firstFlow ? startLabel : t('nafath.enrol')}
        </Button>
      )}
    </form>
  );
}
