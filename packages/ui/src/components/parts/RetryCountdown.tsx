/**
 * The wait a server asked for (a 429's Retry-After), counting down: "You can try again in 0:59".
 * A timer (role="timer": not a live region), so a screen reader reads it when asked, not every
 * second. It says nothing once the wait is over.
 */
import { useEffect, useState } from 'react';
import { useNumberFormatter } from 'react-aria/useNumberFormatter';
import { useUi } from '../../provider/UiProvider.js';

/** Whole seconds left until a moment (epoch milliseconds), once a second; 0 once it has passed. */
export function useSecondsUntil(until: number | null | undefined): number {
  const left = () => (until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const secondsLeft = () => (until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0);
    setSeconds(secondsLeft());
    if (!until) return;
    const timer = setInterval(() => {
      const now = secondsLeft();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [until]);
  return seconds;
}

export function RetryCountdown({ until, className }: { until: number; className?: string }) {
  const { t } = useUi();
  const seconds = useSecondsUntil(until);
  // Minutes and seconds in the locale's digits (one digit system on an Arabic page).
  const minutes = useNumberFormatter({ useGrouping: false });
  const twoDigits = useNumberFormatter({ useGrouping: false, minimumIntegerDigits: 2 });
  if (seconds === 0) return null;
  const time = `${minutes.format(Math.floor(seconds / 60))}:${twoDigits.format(seconds % 60)}`;
  return (
    <p role="timer" className={className}>
      {t('retryIn', { time })}
    </p>
  );
}
