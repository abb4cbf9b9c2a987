/**
 * A refusal the other side reads the reason for (a request refused, a special plan rejected, a
 * transfer not received): the dialog asks for remarks, says so when they are missing, and sends only with them.
 */
import { TextField } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';

export function RemarksDialog({
  title,
  confirmLabel,
  label,
  hint,
  busy,
  onSend,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  /** The field's name (by default "Remarks"). */
  label?: string;
  hint: string;
  busy: boolean;
  onSend: (remarks: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('org');
  const [remarks, setRemarks] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && remarks.trim() === '';
  return (
    <ConfirmDialog
      title={title}
      keepLabel={t('approvals.keep')}
      confirmLabel={confirmLabel}
      variant="danger"
      busy={busy}
      onConfirm={() => {
        setTried(true);
        if (remarks.trim() !== '') onSend(remarks.trim());
      }}
      onClose={onClose}
    >
      <TextField
        label={label ?? t('special.remarks')}
        description={hint}
        multiline
        isRequired
        value={remarks}
        onChange={setRemarks}
        isInvalid={missing}
        {...(missing ? { errorMessage: t('approvals.remarksRequired') } : {})}
      />
    </ConfirmDialog>
  );
}
