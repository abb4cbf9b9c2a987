/**
 * A signed document of my transaction, downloaded (issue 19): a PDF signed at PAdES B-T, or for a
 * document sent as its digest, the detached signature (.p7s). Shown only for a document that has
 * one (the demo world's older transactions were made before signatures were kept).
 */
import { CONTRACT } from '@tawqi/api';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { DownloadButton } from '../../components/DownloadButton.js';

export function SignedDocumentButton({
  document,
}: {
  document: { uniqueFileID: string; documentName: string; signed: boolean };
}) {
  const { t } = useTranslation('my');
  if (!document.signed) return null;
  return (
    <>
      {/* Apart from the name before it (nothing at all when there is nothing to download). */}{' '}
      <DownloadButton
        label={t('transactions.downloadSignedNamed', { name: document.documentName })}
        download={() =>
          api.download(CONTRACT.mySignedDocument, {
            params: { uniqueFileID: document.uniqueFileID },
          })
        }
      >
        {t('transactions.downloadSigned')}
      </DownloadButton>
    </>
  );
}
