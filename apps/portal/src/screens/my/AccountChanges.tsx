/**
 * Completing an account (issue 12): adding or changing one's e-mail or mobile, and setting or
 * resetting the username and password. When the server asks for a fresh identity confirmation
 * (403 IDENTITY_CONFIRMATION_REQUIRED), the dialog confirms it through the identity app right
 * there and then carries on with what the person had typed: nothing is lost.
 */
import { ApiError, CONTRACT } from '@tawqi/api';
import { OTP_RESEND_WAIT_SECONDS, formatClock, formatContact, toAsciiDigits } from '@tawqi/domain';
import { Button, Dialog, RetryCountdown, TextField } from '@tawqi/ui';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { retryAtOf } from '../../retryAt.js';
import { formGrid } from '../../components/forms.css.js';
import { CodeForm, sentCodeLife, type SentCode } from '../../components/CodeForm.js';
import { IdentityApp, useNow } from '../../components/IdentityApp.js';
import { useFormat } from '../../format.js';
import { reportFailure, toasts } from '../../toasts.js';

const needsIdentity = (error: unknown) =>
  error instanceof ApiError &&
  error.statusCode === 403 &&
  error.detail === 'IDENTITY_CONFIRMATION_REQUIRED';

/** The confirmation step both dialogs share: approve in the identity app, then go on. */
function ConfirmIdentity({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation('my');
  return (
    <div className={formGrid}>
      <p>{t('account.change.confirmFirst')}</p>
      <IdentityApp
        flow="kycRenewal"
        startLabel={t('account.change.confirmStart')}
        onApproved={onConfirmed}
      />
    </div>
  );
}

export function ContactDialog({
  kind,
  current,
  onClose,
  onChanged,
}: {
  kind: 'email' | 'mobile';
  current: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('my');
  const format = useFormat();
  const [value, setValue] = useState('');
  const [step, setStep] = useState<'enter' | 'confirm' | 'code'>('enter');
  const [sent, setSent] = useState<{
    reference: string;
    destination: string;
    /** When the server sends another code (it waits OTP_RESEND_WAIT_SECONDS between codes). */
    resendAt: number;
    life: SentCode;
  } | null>(null);
  const now = useNow(sent !== null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A throttle's wait (its Retry-After), counted down under the field.
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.call(CONTRACT.changeMyContactStart, {
        body: { kind, value: value.trim() },
      });
      if (answer.otpReference) {
        setSent({
          reference: answer.otpReference,
          destination: answer.maskedDestination ?? '',
          resendAt: Date.now() + OTP_RESEND_WAIT_SECONDS * 1000,
          life: sentCodeLife(answer.expiresInSeconds),
        });
        setStep('code');
      } else {
        setStep('enter');
        setProblem(answer.errorMessage);
      }
    } catch (error) {
      if (needsIdentity(error)) setStep('confirm');
      else if (error instanceof ApiError && error.statusCode === 429 && error.hasMessage) {
        setProblem(error.message);
        setWaitUntil(retryAtOf(error));
      } else reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    if (!sent) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.call(CONTRACT.changeMyContactVerify, {
        body: { otpReference: sent.reference, otp: toAsciiDigits(code.trim()) },
      });
      if (answer.status === '1') {
        toasts.show({ variant: 'success', title: t(`account.change.${kind}Changed`) });
        onChanged();
        onClose();
      } else setProblem(answer.errorMessage);
    } catch (error) {
      if (needsIdentity(error)) setStep('confirm');
      else reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const label = t(kind === 'email' ? 'account.email' : 'account.mobile');
  return (
    <Dialog
      title={t(current ? `account.change.${kind}Change` : `account.change.${kind}Add`)}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen && !busy) onClose();
      }}
    >
      {step === 'confirm' ? (
        <ConfirmIdentity onConfirmed={() => void start()} />
      ) : step === 'code' && sent ? (
        <CodeForm
          // A new code is a new form: focus moves to its field, nothing of the old one stays.
          key={sent.reference}
          sentTo={
            <Trans
              t={t}
              i18nKey="account.change.codeSent"
              values={{ destination: formatContact(sent.destination, format.language) }}
              components={{ to: <bdi translate="no" /> }}
            />
          }
          label={t('account.change.code')}
          submitLabel={t('account.change.confirm')}
          code={code}
          onCodeChange={setCode}
          problem={problem}
          busy={busy}
          onSubmit={() => void verify()}
          life={sent.life}
          now={now}
        >
          {/* An expired or exhausted code is not a dead end: send another, or change the address. */}
          {sent.resendAt > now ? (
            <p>
              {t('account.change.sendAgainIn', {
                time: formatClock((sent.resendAt - now) / 1000, format.language),
              })}
            </p>
          ) : (
            <Button
              variant="secondary"
              isDisabled={busy}
              onPress={() => {
                setCode('');
                void start();
              }}
            >
              {t('account.change.sendAgain')}
            </Button>
          )}
          <Button
            variant="ghost"
            onPress={() => {
              setStep('enter');
              setCode('');
              setProblem(null);
            }}
          >
            {t(`account.change.${kind}Other`)}
          </Button>
        </CodeForm>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
          noValidate
          className={formGrid}
        >
          <TextField
            label={label}
            description={t(`account.change.${kind}Help`)}
            value={value}
            onChange={setValue}
            type={kind === 'email' ? 'email' : 'tel'}
            inputMode={kind === 'email' ? 'email' : 'tel'}
            autoComplete={kind === 'email' ? 'email' : 'tel'}
            autoFocus
            isRequired
            isInvalid={problem !== null}
            errorMessage={problem ?? undefined}
          />
          {waitUntil ? <RetryCountdown until={waitUntil} /> : null}
          <Button type="submit" isPending={busy}>
            {t('account.change.sendCode')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

export function PasswordDialog({
  username: currentUsername,
  onClose,
  onChanged,
}: {
  username: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('my');
  const [username, setUsername] = useState(currentUsername ?? '');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api.call(CONTRACT.setMyPassword, {
        body: { username: username.trim(), password },
      });
      if (answer.status === '1') {
        toasts.show({ variant: 'success', title: t('account.change.passwordSet') });
        onChanged();
        onClose();
      } else {
        setConfirming(false);
        setProblem(answer.errorMessage);
      }
    } catch (error) {
      if (needsIdentity(error)) setConfirming(true);
      else reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t(currentUsername ? 'account.change.passwordChange' : 'account.change.passwordAdd')}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen && !busy) onClose();
      }}
    >
      {confirming ? (
        <ConfirmIdentity onConfirmed={() => void save()} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          noValidate
          className={formGrid}
        >
          <TextField
            label={t('account.change.username')}
            description={t('account.change.usernameHelp')}
            value={username}
            onChange={setUsername}
            autoComplete="username"
            autoFocus
            isRequired
          />
          <TextField
            label={t('account.change.password')}
            description={t('account.change.passwordHelp')}
            value={password}
            onChange={setPassword}
            type="password"
            autoComplete="new-password"
            isRequired
            isInvalid={problem !== null}
            errorMessage={problem ?? undefined}
          />
          <Button type="submit" isPending={busy}>
            {t('account.change.save')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
