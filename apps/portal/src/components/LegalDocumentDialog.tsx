/**
 * A legal document over the page it was asked from: the subscriber agreement or the privacy notice
 * (LegalFooter), the certificate policy and practice statement's outline or the PKI disclosure
 * statement (the repository of the digital certificate page).
 */
import { Dialog } from '@tawqi/ui';
import { useTranslation } from 'react-i18next';
import { documentBody } from './legalFooter.css.js';

export const LEGAL_DOCUMENTS = ['agreement', 'privacy', 'policy', 'disclosure'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export default function LegalDocumentDialog({
  document,
  onClose,
}: {
  document: LegalDocument;
  onClose: () => void;
}) {
  const { t } = useTranslation('footer');
  return (
    <Dialog
      title={t(`documents.${document}.title`)}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <LegalText document={document} />
    </Dialog>
  );
}

function LegalText({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('footer');
  const sections = t(`documents.${document}.sections`, { returnObjects: true }) as unknown;
  return (
    <div className={documentBody}>
      {(Array.isArray(sections) ? (sections as { heading: string; body: string }[]) : []).map(
        (section) => (
          <section key={section.heading}>
            <h3>{section.heading}</h3>
            <p>{section.body}</p>
          </section>
        ),
      )}
      <p>{t('legal.updated')}</p>
    </div>
  );
}
