import { ProgressBarContext, useSlottedContext } from 'react-aria-components';
import { useUi } from '../../provider/UiProvider.js';
import { spinner, wrapper, type SpinnerVariants } from './Spinner.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface SpinnerProps extends ClassNameProp {
  /** small, medium or large; medium by default (SPEC §9). */
  size?: SpinnerVariants['size'];
  /** Shown by default (SPEC §9); false renders nothing. */
  show?: boolean;
  /** What is loading, for screen readers; "Loading" by default. */
  label?: string;
  /** Show the label beside the spinner too. */
  showLabel?: boolean;
}

/**
 * An indeterminate progress indicator, announced as a progress bar with its label. A plain element
 * (an indeterminate bar has no value to format), so screens that only wait for a chunk — the
 * portal's first visit — do not load React Aria's progress bar; inside a pending ui Button it
 * takes the id the button's name refers to.
 */
export function Spinner({
  size = 'medium',
  show = true,
  label,
  showLabel = false,
  className,
}: SpinnerProps) {
  const { t } = useUi();
  const fromButton = useSlottedContext(ProgressBarContext);
  if (!show) return null;
  const text = label ?? t('loading');
  return (
    <div
      role="progressbar"
      aria-label={text}
      id={fromButton?.id}
      className={withClassName(wrapper, className)}
    >
      <span className={spinner({ size })} aria-hidden="true" data-size={size} />
      {showLabel ? <span>{text}</span> : null}
    </div>
  );
}
