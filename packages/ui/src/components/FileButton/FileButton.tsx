import type { ReactNode } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Button, type ButtonProps } from '../Button/Button.js';

export interface FileButtonProps extends Pick<
  ButtonProps,
  'variant' | 'size' | 'isPending' | 'isDisabled' | 'className'
> {
  /** The button's label ("Upload the commercial registration"). */
  children: ReactNode;
  /** What the file dialog offers, as an input's `accept` splits it (extensions, media types). */
  acceptedFileTypes?: readonly string[];
  /** Lets the person choose several files at once. */
  allowsMultiple?: boolean;
  /** The files chosen; never called when the dialog is closed without a choice. */
  onSelect: (files: File[]) => void;
}

/**
 * A button that opens the system's file dialog (React Aria's FileTrigger: a real, hidden file
 * input, so it works by keyboard and with screen readers as a button does). What is done with
 * the files — checked, uploaded, listed — is the caller's.
 */
export function FileButton({
  children,
  acceptedFileTypes,
  allowsMultiple = false,
  onSelect,
  ...button
}: FileButtonProps) {
  return (
    <FileTrigger
      {...(acceptedFileTypes ? { acceptedFileTypes: [...acceptedFileTypes] } : {})}
      allowsMultiple={allowsMultiple}
      onSelect={(list) => {
        const files = list ? Array.from(list) : [];
        if (files.length > 0) onSelect(files);
      }}
    >
      <Button {...button}>{children}</Button>
    </FileTrigger>
  );
}
