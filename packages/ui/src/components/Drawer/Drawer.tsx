import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Modal, ModalOverlay } from 'react-aria-components';
import { ModalTitleBar } from '../parts/ModalTitleBar.js';
import { body, dialog, header, overlay, sheet, title as titleClass } from './Drawer.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface DrawerProps extends ClassNameProp {
  /** Whether the drawer is open (controlled). */
  isOpen: boolean;
  /** Called when it opens or closes (Escape, the overlay, the close button). */
  onOpenChange: (isOpen: boolean) => void;
  /** Names the drawer for assistive technology, and heads it. */
  title: string;
  /** The drawer's content (a navigation, say). */
  children: ReactNode;
}

/**
 * A modal side sheet at the inline start (right in Arabic, left in English), for navigation on
 * narrow screens. React Aria's modal pattern: focus moves in and stays inside, Escape, the close
 * button and a tap on the backdrop close it, the page behind is inert, focus returns to the
 * button that opened it.
 */
export function Drawer({ isOpen, onOpenChange, title, children, className }: DrawerProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={overlay}>
      <Modal className={withClassName(sheet, className)}>
        <AriaDialog className={dialog}>
          <ModalTitleBar title={title} className={header} titleClassName={titleClass} />
          <div className={body}>{children}</div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
