import type { ReactNode } from 'react';
import { DialogTrigger as AriaDialogTrigger } from 'react-aria-components';

export interface DialogTriggerProps {
  /** The button that opens the dialog, then the `Dialog` (or `Popover`) it opens. */
  children: ReactNode;
  /** Whether the dialog is open, when the app holds that state. */
  isOpen?: boolean;
  /** Whether the dialog is open at first, when the trigger holds its own state. */
  defaultOpen?: boolean;
  /** Called with the new state when the dialog opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * Opens the Dialog that follows its button, and gives focus back to the button when it closes:
 * the way to open a dialog from a button without holding its state.
 */
export function DialogTrigger(props: DialogTriggerProps) {
  return <AriaDialogTrigger {...props} />;
}
