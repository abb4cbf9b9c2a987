/**
 * The national identity app (Nafath) pattern of SPEC §4, shared by login, enrolment and KYC
 * renewal: initiate → show the two-digit number → poll verify while the answer is "3" → approved.
 * Status "0" shows the server's message (and a toast on initiation, SPEC §8); a failed call shows
 * "Something went wrong. Please try again"; the screen stops waiting when the challenge expires
 * (180 s) or the user cancels. The flow itself is the domain's reducer.
 */
import { ApiError, CONTRACT, type SessionData } from '@tawqi/api';
import {
  IDENTITY_LOGIN_INITIAL,
  IDENTITY_POLL_INTERVAL_MS,
  identityLoginReducer,
  isPolling,
  MESSAGES,
  isValidNationalId,
  toAsciiDigits,
  type IdentityFlow,
} from '@tawqi/domain';
import { Button, TextField } from '@tawqi/ui';
import { useEffect, useReducer, useRef, useState, type SyntheticEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { api } from '../api.js';
import { languageAtom } from '../state/atoms.js';
import { report } from '../toasts.js';
import { formGrid, numberBox } from './forms.css.js';

/** What an approval brings: a session (login, enrolment) or the new KYC validity (renewal). */
export interface IdentityApproval {
  session: SessionData | null;
  kycValidTill: string | null;
}

interface Answer {
  status: string;
  errorMessage: string | null;
}

/** The calls of each flow; KYC renewal is for the signed-in user, so it sends no national id. */
const CALLS: Record<
  IdentityFlow,
  {
    initiate: (
      nationalId: string,
    ) => Promise<Answer & { transId: string | null; random: string | null; nationalID: string }>;
    verify: (nationalId: string, transId: string) => Promise<Answer & Partial<IdentityApproval>>;
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
};

export interface IdentityAppProps {
  flow: IdentityFlow;
  /** The label of the button that starts the flow. */
  startLabel: string;
  onApproved: (approval: IdentityApproval) => void;
}

export function IdentityApp({ flow, startLabel, onApproved }: IdentityAppProps) {
  const { t } = useTranslation('login');
  const language = useAtomValue(languageAtom);
  const [state, dispatch] = useReducer(identityLoginReducer, IDENTITY_LOGIN_INITIAL);
  const [nationalId, setNationalId] = useState('');
  const [invalid, setInvalid] = useState(false);
  const challenge = useRef<{ transId: string | null; nationalId: string }>({
    transId: null,
    nationalId: '',
  });
  const asksForId = flow !== 'kycRenewal';

  const start = async (event: SyntheticEvent) => {
    event.preventDefault();
    const id = asksForId ? toAsciiDigits(nationalId.trim()) : '';
    if (asksForId && !isValidNationalId(id)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    dispatch({ type: 'initiate', nationalId: id });
    try {
      const answer = await CALLS[flow].initiate(id);
      challenge.current = { transId: answer.transId, nationalId: answer.nationalID || id };
      dispatch({ type: 'initiate-answered', answer, now: Date.now() });
      if (answer.status !== '1') report('loginInitiationRejected', answer.errorMessage);
    } catch (error) {
      dispatch({ type: 'initiate-failed' });
      // Too many requests for this id: the server says how long to wait, so that is shown.
      if (error instanceof ApiError && error.statusCode === 429 && error.hasMessage)
        report('loginInitiationRejected', error.message);
      else report('loginInitiationFailed');
    }
  };

  // Poll verify while waiting (SPEC §4: "3" keeps polling; a failure stops it); expire after 180 s.
  const polling = isPolling(state);
  useEffect(() => {
    if (!polling) return;
    const { transId, nationalId: id } = challenge.current;
    let stopped = false;
    const poll = window.setInterval(() => {
      dispatch({ type: 'tick', now: Date.now() });
      if (!transId) return;
      CALLS[flow].verify(id, transId).then(
        (answer) => {
          if (stopped) return;
          dispatch({
            type: 'verify-answered',
            answer: {
              status: answer.status,
              errorMessage: answer.errorMessage,
              refreshToken: answer.session?.refreshToken ?? null,
            },
          });
          if (answer.status === '1')
            onApproved({
              session: answer.session ?? null,
              kycValidTill: answer.kycValidTill ?? null,
            });
        },
        () => {
          if (!stopped) dispatch({ type: 'verify-failed' });
        },
      );
    }, IDENTITY_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearInterval(poll);
    };
    // The poll belongs to one challenge.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [polling]);

  if (state.phase === 'waiting') {
    return (
      <div role="status" aria-live="polite" className={formGrid}>
        <p>{t('nafath.pick')}</p>
        <p
          className={numberBox}
          aria-label={t('nafath.numberLabel', { number: state.random ?? '' })}
        >
          {state.random}
        </p>
        <p>{t('nafath.waiting')}</p>
        <p>
          <a
            href={`/simulators/nafath/phone?nationalId=${challenge.current.nationalId}`}
            target="_blank"
            rel="noreferrer"
          >
            {t('nafath.simulator')}
          </a>
        </p>
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
          autoComplete="username"
          isInvalid={invalid}
          errorMessage={t('nafath.invalidId')}
          isRequired
        />
      ) : null}
      {failure ? (
        <p role="alert">
          {failure.reason === 'server'
            ? failure.message
            : failure.reason === 'expired'
              ? t('nafath.expired')
              : MESSAGES['errors.somethingWentWrong'][language]}
        </p>
      ) : null}
      <Button type="submit" isPending={state.phase === 'initiating'}>
        {startLabel}
      </Button>
    </form>
  );
}
