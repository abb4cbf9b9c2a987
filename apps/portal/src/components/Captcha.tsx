/**
 * The robot check of the public forms (issue 17). Which one is the server's to say (SPEC §7
 * getRecaptchaClientKey, fetched once as a page with a check starts, kept in local storage as
 * `clientKey`):
 * - the embedded proof-of-work captcha (ALTCHA): the person presses the check, this browser
 *   solves the server's signed challenge with altcha-lib (Web Crypto, about a second), and the
 *   answer is the form's token — no third party, no images, nothing to read;
 * - Google reCAPTCHA v3 by configuration: its script is loaded and asked for a token.
 * A token is good once: the form asks for a new check (`resetKey`) after each sending.
 */
import { CONTRACT } from '@tawqi/api';
import { STORAGE_KEYS } from '@tawqi/domain';
import { Button } from '@tawqi/ui';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api.js';
import { captchaKeyReader } from '../captchaKey.js';
import { errorText, formGrid, muted } from './forms.css.js';

type Phase = 'idle' | 'working' | 'done' | 'failed';

declare global {
  interface Window {
    grecaptcha?: {
      ready(callback: () => void): void;
      execute(key: string, options: { action: string }): Promise<string>;
    };
  }
}

/** Loads Google's script once, for reCAPTCHA v3. */
function loadRecaptcha(key: string): Promise<NonNullable<Window['grecaptcha']>> {
  return new Promise((resolve, reject) => {
    const ready = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    if (window.grecaptcha) {
      ready();
      return;
    }
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`;
    script.onload = ready;
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.append(script);
  });
}

/** The client key, fetched once for the page's life (SPEC §7 reference data, at start). */
const captchaKey = captchaKeyReader(
  () => api.call(CONTRACT.recaptchaClientKey, {}),
  (clientKey) => {
    localStorage.setItem(STORAGE_KEYS.clientKey, clientKey);
  },
);

/** A new token: the embedded captcha's answer, or reCAPTCHA's. */
async function newToken(action: string): Promise<string> {
  const { clientKey, provider } = await captchaKey();
  if (provider === 'recaptcha')
    return (await loadRecaptcha(clientKey)).execute(clientKey, { action });
  const challenge = await api.call(CONTRACT.captchaChallenge, {});
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}

export function Captcha({
  action,
  resetKey = 0,
  onToken,
  error,
}: {
  /** What the form does (reCAPTCHA's action name). */
  action: string;
  /** Changes when the form sent its token: a new check is needed. */
  resetKey?: number;
  onToken: (token: string | null) => void;
  /** The form's reason to ask for the check (it was not done). */
  error?: string | null;
}) {
  const { t } = useTranslation('index');
  const [phase, setPhase] = useState<Phase>('idle');

  // The key is fetched when a page with a check starts, so the press finds it (a failure here is
  // asked again at the press). Each page load asks once: the server may have changed which
  // captcha it uses since the stored copy was kept.
  useEffect(() => {
    captchaKey().catch(() => undefined);
  }, []);

  useEffect(() => {
    setPhase('idle');
    onToken(null);
    // Only a new resetKey asks for a new check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  const check = async () => {
    setPhase('working');
    try {
      onToken(await newToken(action));
      setPhase('done');
    } catch {
      onToken(null);
      setPhase('failed');
    }
  };

  return (
    <div className={formGrid}>
      {phase === 'done' ? (
        <p role="status">{t('captcha.done')}</p>
      ) : (
        <div>
          <Button variant="secondary" isPending={phase === 'working'} onPress={() => void check()}>
            {t('captcha.check')}
          </Button>
        </div>
      )}
      {phase === 'working' ? (
        <p role="status" className={muted}>
          {t('captcha.working')}
        </p>
      ) : null}
      {phase === 'failed' ? (
        <p role="alert" className={errorText}>
          {t('captcha.failed')}
        </p>
      ) : null}
      {error && phase === 'idle' ? (
        <p role="alert" className={errorText}>
          {error}
        </p>
      ) : null}
      {phase !== 'done' ? <p className={muted}>{t('captcha.why')}</p> : null}
    </div>
  );
}
