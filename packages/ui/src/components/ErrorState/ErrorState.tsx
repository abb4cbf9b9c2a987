import { useUi } from '../../provider/UiProvider.js';
import { Button } from '../Button/Button.js';
import { errorIcon, state, text, title as titleClass } from '../EmptyState/EmptyState.css.js';
import { Icon } from '../parts/Icon.js';
import { RetryCountdown, useSecondsUntil } from '../parts/RetryCountdown.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface ErrorStateProps extends ClassNameProp {
  /** The server's message; "Failed to fetch" when there is none (SPEC §8). */
  message?: string | null;
  /** A reference to quote to support (the request id). */
  reference?: string | null;
  /** Shows a retry button that calls it. */
  onRetry?: () => void;
  /** Marks the retry button busy while the retry runs. */
  isRetrying?: boolean;
  /**
   * When the server allows a retry (epoch ms, from a 429's Retry-After): until then the wait
   * counts down under the message and the retry button is disabled.
   */
  retryAt?: number | null;
}

/** A failed load, announced as an alert, with a retry. */
export function ErrorState({
  message,
  reference,
  onRetry,
  isRetrying,
  retryAt,
  className,
}: ErrorStateProps) {
  const { t } = useUi();
  const waiting = useSecondsUntil(retryAt) > 0;
  const shown = message?.trim() ? message : t('failedToFetch');
  return (
    <div className={withClassName(state, className)} role="alert">
      <span className={errorIcon}>
        <Icon name="error" size={40} />
      </span>
      <p className={titleClass}>{shown}</p>
      {reference ? <p className={text}>{reference}</p> : null}
      {retryAt ? <RetryCountdown until={retryAt} className={text} /> : null}
      {onRetry ? (
        <Button variant="secondary" onPress={onRetry} isPending={isRetrying} isDisabled={waiting}>
          {t('retry')}
        </Button>
      ) : null}
    </div>
  );
}
