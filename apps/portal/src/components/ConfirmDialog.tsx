/**
 * A question before an action: what will happen, a way back, and the action itself. While the
 * action runs its button is busy and the dialog stays (nothing half-done is walked away from);
 * `alert` makes it an alert dialog, which a click outside does not close.
 */
import { Button, Dialog, type ButtonProps } from '@tawqi/ui';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  title: string;
  keepLabel: string;
  confirmLabel: string;
  variant?: ButtonProps['variant'];
  busy: boolean;
  alert?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function ConfirmDialog({
  title,
  keepLabel,
  confirmLabel,
  variant = 'primary',
  busy,
  alert = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      role={alert ? 'alertdialog' : 'dialog'}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen && !busy) onClose();
      }}
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close} isDisabled={busy}>
            {keepLabel}
          </Button>
          <Button variant={variant} isPending={busy} onPress={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      )}
    >
      {children}
    </Dialog>
  );
}
