import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Dialog as AriaDialog,
  Heading,
  Modal,
  ModalOverlay,
} from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { iconButton } from '../parts/field.css.js';
import { Icon } from '../parts/Icon.js';
import { body, dialog, header, overlay, sheet, title as titleClass } from './Drawer.css.js';

export interface DrawerProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Names the drawer for assistive technology, and heads it. */
  title: string;
  children: ReactNode;
}

/**
 * A modal side sheet at the inline start (right in Arabic, left in English), for navigation on
 * narrow screens. React Aria's modal pattern: focus moves in and stays inside, Escape, the close
 * button and a tap on the backdrop close it, the page behind is inert, focus returns to the
 * button that opened it.
 */
export function Drawer({ isOpen, onOpenChange, title, children }: DrawerProps) {
  const { t } = useUi();
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={overlay}>
      <Modal className={sheet}>
        <AriaDialog className={dialog}>
          <div className={header}>
            <Heading slot="title" className={titleClass}>
              {title}
            </Heading>
            <AriaButton slot="close" className={iconButton} aria-label={t('close')}>
              <Icon name="close" />
            </AriaButton>
          </div>
          <div className={body}>{children}</div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
