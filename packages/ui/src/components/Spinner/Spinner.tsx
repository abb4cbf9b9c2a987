import { ProgressBar } from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { spinner, wrapper, type SpinnerVariants } from './Spinner.css.js';

export interface SpinnerProps {
  /** small, medium or large; medium by default (SPEC §9). */
  size?: SpinnerVariants['size'];
  /** Shown by default (SPEC §9); false renders nothing. */
  show?: boolean;
  /** What is loading, for screen readers; "Loading" by default. */
  label?: string;
  /** Show the label beside the spinner too. */
  showLabel?: boolean;
}

/** An indeterminate progress indicator, announced as a progress bar with its label. */
export function Spinner({ size = 'medium', show = true, label, showLabel = false }: SpinnerProps) {
  const { t } = useUi();
  if (!show) return null;
  const text = label ?? t('loading');
  return (
    <ProgressBar isIndeterminate aria-label={text} className={wrapper}>
      <span className={spinner({ size })} aria-hidden="true" data-size={size} />
      {showLabel ? <span>{text}</span> : null}
    </ProgressBar>
  );
}
