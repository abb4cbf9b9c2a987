/**
 * /app/login (SPEC §1, §4, §8): sign in or enrol through the national identity app — national id,
 * then the two-digit number to pick in the app, polling while the answer is "3" — or with
 * credentials and a one-time code. The flow is the domain's reducer; errors follow the catalogue.
 * After sign-in: `from` if present, else the right dashboard.
 */
import { CONTRACT, type SessionData } from '@tawqi/api';
import {
  IDENTITY_LOGIN_INITIAL,
  IDENTITY_POLL_INTERVAL_MS,
  identityLoginReducer,
  isPolling,
  isValidNationalId,
  safeReturnPath,
  toAsciiDigits,
} from '@tawqi/domain';
import { Button, Card, Tabs, TextField } from '@tawqi/ui';
import { useSetAtom } from 'jotai';
import { useEffect, useReducer, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { api } from '../../api.js';
import { LanguageSwitch, ThemeSwitch } from '../../components/HeaderControls.js';
import { dashboardFor } from '../../session.js';
import { sessionAtom } from '../../state/atoms.js';
import { report, reportFailure } from '../../toasts.js';
import { brand, controls, header, main, page } from '../../layouts/layout.css.js';
import { loginGrid, numberBox } from './login.css.js';

type Flow = 'login' | 'enrollment';

function useSignedIn() {
  const setSession = useSetAtom(sessionAtom);
  const search = useSearch();
  const [, navigate] = useLocation();
  return (session: SessionData) => {
    api.setSession(session);
    setSession(session);
    navigate(safeReturnPath(new URLSearchParams(search).get('from')) ?? dashboardFor(session), {
      replace: true,
    });
  };
}

function IdentityApp({ flow }: { flow: Flow }) {
  const { t } = useTranslation('login');
  const signedIn = useSignedIn();
  const [state, dispatch] = useReducer(identityLoginReducer, IDENTITY_LOGIN_INITIAL);
  const [nationalId, setNationalId] = useState('');
  const [invalid, setInvalid] = useState(false);
  const transId = useRef<string | null>(null);

  const start = async (event: SyntheticEvent) => {
    event.preventDefault();
    const id = toAsciiDigits(nationalId.trim());
    if (!isValidNationalId(id)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    dispatch({ type: 'initiate', nationalId: id });
    try {
      const endpoint =
        flow === 'login' ? CONTRACT.nafathLoginInitiate : CONTRACT.nafathEnrollmentInitiate;
      const answer = await api.call(endpoint, { params: {}, body: { nationalID: id } });
      transId.current = answer.transId;
      dispatch({ type: 'initiate-answered', answer, now: Date.now() });
      if (answer.status !== '1') report('loginInitiationRejected', answer.errorMessage);
    } catch {
      dispatch({ type: 'initiate-failed' });
      report('loginInitiationFailed');
    }
  };

  // Poll verify while waiting (SPEC §4: "3" keeps polling; a failure stops it); expire after 180 s.
  const polling = isPolling(state);
  useEffect(() => {
    if (!polling || state.phase !== 'waiting') return;
    const id = state.nationalId;
    let stopped = false;
    const poll = window.setInterval(() => {
      dispatch({ type: 'tick', now: Date.now() });
      if (!transId.current) return;
      const endpoint =
        flow === 'login' ? CONTRACT.nafathLoginVerify : CONTRACT.nafathEnrollmentVerify;
      api.call(endpoint, { params: {}, body: { nationalID: id, transId: transId.current } }).then(
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
          if (answer.session) signedIn(answer.session);
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
      <div role="status" aria-live="polite">
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
            href={`/simulators/nafath/phone?nationalId=${state.nationalId}`}
            target="_blank"
            rel="noreferrer"
          >
            {t('nafath.simulator')}
          </a>
        </p>
        <Button variant="secondary" onPress={() => dispatch({ type: 'cancel' })}>
          {t('cancel')}
        </Button>
      </div>
    );
  }

  const failure = state.phase === 'failed' ? state.failure : null;
  return (
    <form onSubmit={(event) => void start(event)} noValidate className={loginGrid}>
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
      {failure ? (
        <p role="alert">
          {failure.reason === 'server'
            ? failure.message
            : failure.reason === 'expired'
              ? t('nafath.expired')
              : t('somethingWentWrong')}
        </p>
      ) : null}
      <Button type="submit" isPending={state.phase === 'initiating'}>
        {flow === 'login' ? t('nafath.signIn') : t('nafath.enrol')}
      </Button>
    </form>
  );
}

function Credentials() {
  const { t } = useTranslation('login');
  const signedIn = useSignedIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [challenge, setChallenge] = useState<{ reference: string; destination: string } | null>(
    null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const sendCode = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.call(CONTRACT.credentialsLoginInitiate, {
        body: { username: username.trim(), password },
      });
      if (answer.otpReference)
        setChallenge({
          reference: answer.otpReference,
          destination: answer.maskedDestination ?? '',
        });
      else setProblem(answer.errorMessage);
    } catch (error) {
      reportFailure(error instanceof Error ? error.message : null);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setBusy(true);
    try {
      const answer = await api.call(CONTRACT.credentialsVerifyOtp, {
        body: { otpReference: challenge.reference, otp: toAsciiDigits(otp.trim()) },
      });
      if (answer.session) signedIn(answer.session);
      else setProblem(answer.errorMessage);
    } catch (error) {
      reportFailure(error instanceof Error ? error.message : null);
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <form onSubmit={(event) => void verify(event)} noValidate className={loginGrid}>
        <p role="status">{t('otp.sent', { destination: challenge.destination })}</p>
        <TextField
          label={t('otp.code')}
          value={otp}
          onChange={setOtp}
          inputMode="numeric"
          autoComplete="one-time-code"
          isRequired
        />
        {problem ? <p role="alert">{problem}</p> : null}
        <Button type="submit" isPending={busy}>
          {t('otp.verify')}
        </Button>
        <Button variant="ghost" onPress={() => setChallenge(null)}>
          {t('otp.again')}
        </Button>
      </form>
    );
  }
  return (
    <form onSubmit={(event) => void sendCode(event)} noValidate className={loginGrid}>
      <TextField
        label={t('otp.username')}
        value={username}
        onChange={setUsername}
        autoComplete="username"
        isRequired
      />
      <TextField
        label={t('otp.password')}
        value={password}
        onChange={setPassword}
        type="password"
        autoComplete="current-password"
        isRequired
      />
      {problem ? <p role="alert">{problem}</p> : null}
      <Button type="submit" isPending={busy}>
        {t('otp.sendCode')}
      </Button>
    </form>
  );
}

export default function Login() {
  const { t } = useTranslation(['login', 'header']);
  return (
    <div className={page}>
      <header className={header}>
        <a className={brand} href="/">
          {t('header:brand')}
        </a>
        <div className={controls}>
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main className={main} id="main" tabIndex={-1}>
        <h1>{t('login:title')}</h1>
        <Card>
          <Tabs
            label={t('login:methods')}
            items={[
              {
                id: 'nafath',
                label: t('login:tabs.nafath'),
                content: <IdentityApp flow="login" />,
              },
              { id: 'credentials', label: t('login:tabs.credentials'), content: <Credentials /> },
              {
                id: 'enrol',
                label: t('login:tabs.enrol'),
                content: <IdentityApp flow="enrollment" />,
              },
            ]}
          />
        </Card>
      </main>
    </div>
  );
}
