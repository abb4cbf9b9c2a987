import type { ReactNode } from 'react';
import {
  Dialog,
  DialogTrigger,
  Heading,
  Popover as AriaPopover,
  type PopoverProps as AriaPopoverProps,
} from 'react-aria-components';
import { dialog, panel, title as titleClass } from './Popover.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface PopoverProps extends ClassNameProp {
  /** The button that opens the panel (a ui Button). */
  trigger: ReactNode;
  /** The panel's heading, which also names it for screen readers. */
  title: string;
  /** The panel's content; a function gets `close`. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Where the panel opens from its trigger (`bottom end` by default: below, at its inline end). */
  placement?: AriaPopoverProps['placement'];
  /** Called when the panel opens or closes (to load its content when it opens, for example). */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * A non-modal panel anchored to its trigger, for content richer than a menu (a list of
 * notifications, a short form). Focus moves in, Escape or a click outside closes it, and focus
 * returns to the trigger. Placement follows the reading direction.
 */
export function Popover({
  trigger,
  title,
  children,
  placement = 'bottom end',
  onOpenChange,
  className,
}: PopoverProps) {
  return (
    <DialogTrigger {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger}
      <AriaPopover className={withClassName(panel, className)} placement={placement}>
        <Dialog className={dialog}>
          {({ close }) => (
            <>
              <Heading slot="title" className={titleClass}>
                {title}
              </Heading>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </Dialog>
      </AriaPopover>
    </DialogTrigger>
  );
}
