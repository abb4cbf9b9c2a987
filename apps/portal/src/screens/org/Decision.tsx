/**
 * Deciding a request: approve, or refuse with remarks the other side reads (RemarksDialog); or,
 * for the one who made the request, why another admin decides it. New users, change requests and
 * L2 providers' applications are decided with it.
 */
import { Button } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFailure, toasts } from '../../toasts.js';
import { actions, muted } from '../my/my.css.js';
import { RemarksDialog } from './RemarksDialog.js';

export function Decision({
  name,
  createdByYou,
  send,
  approvedText,
  rejectedText,
  remarksHint,
  onSettled,
}: {
  name: string;
  createdByYou: boolean;
  send: (action: 'approve' | 'reject', remarks: string) => Promise<unknown>;
  /** What an approval did, for its toast. */
  approvedText: string;
  /** What a refusal did, for its toast (by default: the person is told why). */
  rejectedText?: string;
  /** What the remarks are for, under their field. */
  remarksHint?: string;
  /** After a decision, or a refusal that means the list is stale: what to read again. */
  onSettled: () => Promise<unknown>;
}) {
  const { t } = useTranslation('org');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [rejecting, setRejecting] = useState(false);

  const decide = async (action: 'approve' | 'reject', remarks = '') => {
    setBusy(action);
    try {
      await send(action, remarks);
      toasts.show({
        variant: 'success',
        title: action === 'approve' ? approvedText : (rejectedText ?? t('approvals.rejected')),
      });
      setRejecting(false);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(null);
      await onSettled();
    }
  };

  if (createdByYou) return <p className={muted}>{t('approvals.ownRequest')}</p>;
  return (
    <>
      <div className={actions}>
        <Button
          onPress={() => void decide('approve')}
          isPending={busy === 'approve'}
          isDisabled={busy !== null}
          aria-label={t('approvals.approveNamed', { name })}
        >
          {t('approvals.approve')}
        </Button>
        <Button
          variant="danger"
          onPress={() => setRejecting(true)}
          isDisabled={busy !== null}
          aria-label={t('approvals.rejectNamed', { name })}
        >
          {t('approvals.reject')}
        </Button>
      </div>
      {rejecting ? (
        <RemarksDialog
          title={t('approvals.rejectTitle', { name })}
          confirmLabel={t('approvals.reject')}
          label={t('approvals.remarks')}
          hint={remarksHint ?? t('approvals.remarksHint')}
          busy={busy === 'reject'}
          onSend={(remarks) => void decide('reject', remarks)}
          onClose={() => setRejecting(false)}
        />
      ) : null}
    </>
  );
}
