import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  Modal,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components';
import { ModalTitleBar } from '../parts/ModalTitleBar.js';
import {
  dialog,
  footer as footerClass,
  header,
  modal,
  overlay,
  title as titleClass,
} from './Dialog.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface DialogProps
  extends ClassNameProp, Omit<ModalOverlayProps, 'className' | 'style' | 'children'> {
  /** The question or the task; heads the dialog and names it for screen readers. */
  title: string;
  /** The dialog's content. */
  children: ReactNode;
  /** Buttons at the end; each gets `close` to close the dialog. */
  footer?: (close: () => void) => ReactNode;
  /** alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog: focus moves in and is trapped, Escape and the close button close it (and an
 * outside click, unless it is an alert dialog), focus returns to what opened it.
 * Open it with `isOpen`/`onOpenChange`, or place it after a button in a DialogTrigger.
 */
export function Dialog({
  title,
  children,
  footer,
  role = 'dialog',
  className,
  ...props
}: DialogProps) {
  return (
    <ModalOverlay {...props} isDismissable={role === 'dialog'} className={overlay}>
      <Modal className={withClassName(modal, className)}>
        <AriaDialog role={role} className={dialog}>
          {({ close }) => (
            <>
              <ModalTitleBar title={title} className={header} titleClassName={titleClass} />
              {children}
              {footer ? <div className={footerClass}>{footer(close)}</div> : null}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
