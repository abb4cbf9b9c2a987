/**
 * A button that downloads a file: busy while the file comes, a failure said in a toast. The
 * download itself (which call, which file) is the caller's.
 */
import { Button } from '@tawqi/ui';
import { useState } from 'react';
import { reportFailure } from '../toasts.js';

export function DownloadButton({
  children,
  label,
  download,
}: {
  /** What the button says. */
  children: string;
  /** Its accessible name when the words alone do not say which file (one of a list). */
  label?: string;
  download: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="small"
      isPending={busy}
      {...(label ? { 'aria-label': label } : {})}
      onPress={() => {
        setBusy(true);
        download()
          .catch(reportFailure)
          .finally(() => {
            setBusy(false);
          });
      }}
    >
      {children}
    </Button>
  );
}
