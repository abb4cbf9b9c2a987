/**
 * A signed document of my transaction, downloaded (issue 19): a PDF signed at PAdES B-T, or for a
 * document sent as its digest, the detached signature (.p7s). Shown only for a document that has
 * one (the demo world's older transactions were made before signatures were kept).
 */
import { CONTRACT } from '@tawqi/api';
import { Button } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { reportFailure } from '../../toasts.js';

export function SignedDocumentButton({
  document,
}: {
  document: { uniqueFileID: string; documentName: string; signed: boolean };
}) {
  const { t } = useTranslation('my');
  const [busy, setBusy] = useState(false);
  if (!document.signed) return null;
  return (
    <>
      {/* Apart from the name before it (nothing at all when there is nothing to download). */}{' '}
      <Button
        variant="secondary"
        size="small"
        isPending={busy}
        aria-label={t('transactions.downloadSignedNamed', { name: document.documentName })}
        onPress={() => {
          setBusy(true);
          api
            .download(CONTRACT.mySignedDocument, {
              params: { uniqueFileID: document.uniqueFileID },
            })
            .catch(reportFailure)
            .finally(() => {
              setBusy(false);
            });
        }}
      >
        {t('transactions.downloadSigned')}
      </Button>
    </>
  );
}
