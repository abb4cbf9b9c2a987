/**
 * The subscriber agreement, read and accepted (issue 17): the agreement in force opens over the
 * page, and the box says it was read and accepted. The server records the acceptance with the
 * agreement's version (domain SUBSCRIBER_AGREEMENT_VERSION) and the page's language.
 */
import { Button, Checkbox } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import LegalDocumentDialog from './LegalDocumentDialog.js';

export function AgreementAcceptance({
  accepted,
  onChange,
}: {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}) {
  const { t } = useTranslation('enrol');
  const [reading, setReading] = useState(false);
  return (
    <>
      <div>
        <Button variant="secondary" onPress={() => setReading(true)}>
          {t('agreement.read')}
        </Button>
      </div>
      <Checkbox isSelected={accepted} onChange={onChange}>
        {t('agreement.accept')}
      </Checkbox>
      {reading ? (
        <LegalDocumentDialog document="agreement" onClose={() => setReading(false)} />
      ) : null}
    </>
  );
}
