/**
 * Saving a certificate with its private key as a PKCS#12 file (issue 18; the password rules of
 * issue 40): a password of at least 12 characters that is not easy to guess — measured as it is
 * typed, shown as a meter and in words, the holder's own name counting as an easy guess — typed
 * twice. The file is made in this browser by `make`.
 */
import { Button, Dialog, TextField } from '@tawqi/ui';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formGrid } from '../../components/forms.css.js';
import {
  characterCount,
  MIN_PASSWORD,
  passwordStrength,
  STRONG_ENOUGH,
  type Strength,
  wordsOfName,
} from '../../certificates/passwordStrength.js';
import { reportFailure, toasts } from '../../toasts.js';
import { strengthBar, strengthRow } from './my.css.js';

export function Pkcs12Dialog({
  onClose,
  privateKey,
  holder,
  make,
}: {
  onClose: () => void;
  privateKey: CryptoKey;
  /** The holder's name: a password made of it is easy to guess. */
  holder: string;
  make: (privateKey: CryptoKey, password: string) => Promise<void>;
}) {
  const { t } = useTranslation('my');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const knownWords = wordsOfName(holder);
  const strength = useStrength(password, knownWords);
  const short = characterCount(password) < MIN_PASSWORD;
  const weak = !short && strength !== null && strength < STRONG_ENOUGH;
  const different = password !== repeated;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setTried(true);
    if (short || different) return;
    // Measured here too: the meter may not have caught up with the last keystroke.
    if ((await passwordStrength(password, knownWords)) < STRONG_ENOUGH) return;
    setBusy(true);
    try {
      await make(privateKey, password);
      toasts.show({ variant: 'success', title: t('dsc.pkcs12.saved') });
      onClose();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('dsc.pkcs12.title')} isOpen onOpenChange={(open) => !open && onClose()}>
      <form className={formGrid} onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('dsc.pkcs12.lead')}</p>
        <TextField
          label={t('dsc.pkcs12.password')}
          description={t('dsc.pkcs12.passwordHelp', { count: MIN_PASSWORD })}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          isInvalid={tried && (short || weak)}
          errorMessage={
            short ? t('dsc.pkcs12.tooShort', { count: MIN_PASSWORD }) : t('dsc.pkcs12.easyToGuess')
          }
          isRequired
        />
        <StrengthMeter strength={password ? strength : null} />
        <TextField
          label={t('dsc.pkcs12.repeat')}
          type="password"
          autoComplete="new-password"
          value={repeated}
          onChange={setRepeated}
          isInvalid={tried && !short && !weak && different}
          errorMessage={t('dsc.pkcs12.different')}
          isRequired
        />
        <div>
          <Button type="submit" isPending={busy}>
            {t('dsc.pkcs12.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The password's strength, measured as it is typed (null until measured). */
function useStrength(password: string, knownWords: readonly string[]): Strength | null {
  const [measured, setMeasured] = useState<{ password: string; strength: Strength } | null>(null);
  const words = knownWords.join('\n');
  useEffect(() => {
    let current = true;
    void passwordStrength(password, words.split('\n')).then((strength) => {
      if (current) setMeasured({ password, strength });
    });
    return () => {
      current = false;
    };
  }, [password, words]);
  return measured?.password === password ? measured.strength : null;
}

/** How hard the password is to guess, as a meter and in words (announced as it changes). */
function StrengthMeter({ strength }: { strength: Strength | null }) {
  const { t } = useTranslation('my');
  const id = useId();
  return (
    <div className={strengthRow}>
      <label htmlFor={id}>{t('dsc.pkcs12.strength')}</label>
      <meter
        id={id}
        className={strengthBar}
        min={0}
        max={4}
        low={2}
        high={STRONG_ENOUGH}
        optimum={4}
        value={strength ?? 0}
      />
      <span aria-live="polite">
        {strength === null ? '' : t(`dsc.pkcs12.strengths.${strength}`)}
      </span>
    </div>
  );
}
