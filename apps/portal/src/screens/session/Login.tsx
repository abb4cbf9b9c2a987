/**
 * /app/login (SPEC §1, §4, §8): sign in or enrol through the national identity app — national id,
 * then the two-digit number to pick in the app, polling while the answer is "3" — or with
 * credentials and a one-time code. The flow is the domain's reducer; errors follow the catalogue.
 * After sign-in: `from` if present, else the right dashboard; a visitor already signed in goes
 * straight to their dashboard.
 */
import { ApiError, CONTRACT, type SessionData } from '@tawqi/api';
import {
  OTP_RESEND_WAIT_SECONDS,
  ROUTES,
  SIGNED_OUT_INACTIVE,
  STORAGE_KEYS,
  formatClock,
  formatContact,
  safeReturnPath,
  toAsciiDigits,
} from '@tawqi/domain';
import { Button, Card, RetryCountdown, Tabs, TextField } from '@tawqi/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { api } from '../../api.js';
import { retryAtOf } from '../../retryAt.js';
import { dashboardFor } from '../../session.js';
import { languageAtom, sessionArrivedAtom, sessionAtom } from '../../state/atoms.js';
import { storage } from '../../state/storage.js';
import { reportFailure } from '../../toasts.js';
import PreEnrolmentLayout from '../../layouts/PreEnrolmentLayout.js';
import { formGrid, muted, notice } from '../../components/forms.css.js';
import { CodeForm, sentCodeLife, type SentCode } from '../../components/CodeForm.js';
import { IdentityApp, useNow } from '../../components/IdentityApp.js';

function useSignedIn() {
  const setSession = useSetAtom(sessionArrivedAtom);
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

function WithIdentityApp({ flow }: { flow: 'login' | 'enrollment' }) {
  const { t } = useTranslation('login');
  const signedIn = useSignedIn();
  return (
    <IdentityApp
      flow={flow}
      startLabel={flow === 'login' ? t('nafath.signIn') : t('nafath.enrol')}
      onApproved={({ session }) => {
        if (session) signedIn(session);
      }}
    />
  );
}

/**
 * Credentials, then the one-time code. What the server says about the credentials shows under the
 * password, and about the code under the code; the code field takes focus when the code is sent,
 * and a new code can be asked for once the server would send one (a countdown until then).
 */
function Credentials() {
  const { t } = useTranslation('login');
  const language = useAtomValue(languageAtom);
  const signedIn = useSignedIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [challenge, setChallenge] = useState<{
    reference: string;
    destination: string;
    resendAt: number;
    life: SentCode;
  } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A throttle's wait (its Retry-After), counted down under the fields.
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState(false);
  const now = useNow(challenge !== null);

  const requestCode = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.call(CONTRACT.credentialsLoginInitiate, {
        body: { username: username.trim(), password },
      });
      if (answer.otpReference) {
        setChallenge({
          reference: answer.otpReference,
          destination: answer.maskedDestination ?? '',
          resendAt: Date.now() + OTP_RESEND_WAIT_SECONDS * 1000,
          life: sentCodeLife(answer.expiresInSeconds),
        });
        setOtp('');
        return true;
      }
      setProblem(answer.errorMessage);
    } catch (error) {
      // A throttle says how long to wait: that belongs beside the fields too.
      if (error instanceof ApiError && error.statusCode === 429 && error.hasMessage) {
        setProblem(error.message);
        setWaitUntil(retryAtOf(error));
      } else reportFailure(error);
    } finally {
      setBusy(false);
    }
    return false;
  };

  const sendCode = async (event: SyntheticEvent) => {
    event.preventDefault();
    setResent(false);
    await requestCode();
  };

  const resend = async () => {
    setResent(await requestCode());
  };

  const verify = async () => {
    if (!challenge) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.call(CONTRACT.credentialsVerifyOtp, {
        body: { otpReference: challenge.reference, otp: toAsciiDigits(otp.trim()) },
      });
      if (answer.session) signedIn(answer.session);
      else setProblem(answer.errorMessage);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    const wait = (challenge.resendAt - now) / 1000;
    return (
      <CodeForm
        // A new code is a new form: focus moves to its field, and nothing of the old one stays.
        key={`${challenge.reference}-${String(challenge.resendAt)}`}
        sentTo={
          <Trans
            t={t}
            i18nKey={resent ? 'otp.resent' : 'otp.sent'}
            values={{ destination: formatContact(challenge.destination, language) }}
            components={{ to: <bdi translate="no" /> }}
          />
        }
        label={t('otp.code')}
        submitLabel={t('otp.verify')}
        code={otp}
        onCodeChange={setOtp}
        problem={problem}
        busy={busy}
        onSubmit={() => void verify()}
        life={challenge.life}
        now={now}
      >
        {wait > 0 ? (
          <p>{t('otp.resendIn', { time: formatClock(wait, language) })}</p>
        ) : (
          <Button variant="secondary" onPress={() => void resend()} isDisabled={busy}>
            {t('otp.resend')}
          </Button>
        )}
        <Button
          variant="ghost"
          onPress={() => {
            setChallenge(null);
            setProblem(null);
          }}
        >
          {t('otp.again')}
        </Button>
      </CodeForm>
    );
  }
  return (
    <form onSubmit={(event) => void sendCode(event)} noValidate className={formGrid}>
      <TextField
        label={t('otp.username')}
        value={username}
        onChange={setUsername}
        autoComplete="username"
        isRequired
        isInvalid={problem !== null}
      />
      <TextField
        label={t('otp.password')}
        value={password}
        onChange={setPassword}
        type="password"
        autoComplete="current-password"
        isRequired
        isInvalid={problem !== null}
        errorMessage={problem ?? undefined}
      />
      {waitUntil ? <RetryCountdown until={waitUntil} /> : null}
      <Button type="submit" isPending={busy}>
        {t('otp.sendCode')}
      </Button>
      <p className={muted}>{t('otp.forgot')}</p>
    </form>
  );
}

export default function Login() {
  const { t } = useTranslation('login');
  const session = useAtomValue(sessionAtom);
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const idleMinutes = Number(search.get('minutes'));
  const signedOutIdle =
    search.get('signedOut') === SIGNED_OUT_INACTIVE &&
    Number.isInteger(idleMinutes) &&
    idleMinutes > 0;
  // Someone already signed in has nothing to do here: on to their area. After a reload the session
  // is restored first (auth-check refreshes it, or removes a dead token and comes back here).
  useEffect(() => {
    if (session) navigate(dashboardFor(session), { replace: true });
    else if (storage.get(STORAGE_KEYS.refreshToken)) navigate(ROUTES.authCheck, { replace: true });
  }, [session, navigate]);
  return (
    <PreEnrolmentLayout>
      <h1>{t('title')}</h1>
      {signedOutIdle ? (
        <p role="status" className={notice}>
          {t('signedOutIdle', { count: idleMinutes })}
        </p>
      ) : null}
      <Card>
        <Tabs
          label={t('methods')}
          items={[
            {
              id: 'nafath',
              label: t('tabs.nafath'),
              content: <WithIdentityApp flow="login" />,
            },
            { id: 'credentials', label: t('tabs.credentials'), content: <Credentials /> },
            {
              id: 'enrol',
              label: t('tabs.enrol'),
              content: <WithIdentityApp flow="enrollment" />,
            },
          ]}
        />
      </Card>
    </PreEnrolmentLayout>
  );
}
