/**
 * The step that follows a one-time code: where it went (a status), the code field (focused, with
 * the server's word on it when it was wrong) and the button that checks it. Signing in and
 * confirming a new e-mail or mobile both use it; what else a step offers (ask again, start over)
 * comes as children, after the button.
 */
import { Button, TextField } from '@tawqi/ui';
import type { ReactNode, SyntheticEvent } from 'react';
import { formGrid } from './forms.css.js';

export function CodeForm({
  sentTo,
  label,
  submitLabel,
  code,
  onCodeChange,
  problem,
  busy,
  onSubmit,
  children,
}: {
  /** "We sent a 6-digit code to …", said as a status. */
  sentTo: string;
  label: string;
  submitLabel: string;
  code: string;
  onCodeChange: (code: string) => void;
  problem: string | null;
  busy: boolean;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  return (
    <form
      onSubmit={(event: SyntheticEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      className={formGrid}
    >
      <p role="status">{sentTo}</p>
      <TextField
        label={label}
        value={code}
        onChange={onCodeChange}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        isRequired
        isInvalid={problem !== null}
        errorMessage={problem ?? undefined}
      />
      <Button type="submit" isPending={busy}>
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
