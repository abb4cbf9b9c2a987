/**
 * The step that follows a one-time code: where it went (a status), the code field (focused, with
 * the server's word on it when it was wrong) and the button that checks it. Signing in and
 * confirming a new e-mail or mobile both use it; what else a step offers (ask again, start over)
 * comes as children, after the button. A code past its life says so before it is tried: the check
 * is turned off and the person is pointed at a new code (the children), rather than being told
 * "expired" only after typing it.
 */
import { Button, TextField } from '@tawqi/ui';
import type { ReactNode, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formGrid } from './forms.css.js';

/** What the field needs to know of a sent code: until when the server takes it. */
export interface SentCode {
  /** When the code stops working (the server's `expiresInSeconds` from when it answered). */
  expiresAt: number | null;
  /** For how many seconds it was good when sent: said in the status, in whole minutes. */
  validSeconds: number | null;
}

/** A sent code's life, from the answer that sent it. */
export function sentCodeLife(expiresInSeconds: number | null): SentCode {
  return {
    expiresAt: expiresInSeconds === null ? null : Date.now() + expiresInSeconds * 1000,
    validSeconds: expiresInSeconds,
  };
}

export function CodeForm({
  sentTo,
  label,
  submitLabel,
  code,
  onCodeChange,
  problem,
  busy,
  onSubmit,
  life,
  now,
  children,
}: {
  /** "We sent a 6-digit code to …", said as a status (the address kept verbatim). */
  sentTo: ReactNode;
  label: string;
  submitLabel: string;
  code: string;
  onCodeChange: (code: string) => void;
  problem: string | null;
  busy: boolean;
  onSubmit: () => void;
  life: SentCode;
  /** The ticking clock of the step (its countdowns already keep one). */
  now: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation('app');
  const expired = life.expiresAt !== null && now >= life.expiresAt;
  const shown = expired ? t('code.expired') : problem;
  return (
    <form
      onSubmit={(event: SyntheticEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      className={formGrid}
    >
      <p role="status">
        {sentTo}
        {life.validSeconds === null
          ? null
          : ` ${t('code.validFor', { count: Math.max(1, Math.round(life.validSeconds / 60)) })}`}
      </p>
      <TextField
        label={label}
        value={code}
        onChange={onCodeChange}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        isRequired
        isInvalid={shown !== null}
        errorMessage={shown ?? undefined}
      />
      <Button type="submit" isPending={busy} isDisabled={expired}>
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
