/**
 * The wait a server asked for (a 429's Retry-After), counting down: "You can try again in 0:59".
 * A timer (role="timer": not a live region), so a screen reader reads it when asked, not every
 * second. It says nothing once the wait is over.
 */
import { useEffect, useState } from 'react';
import { useNumberFormatter } from 'react-aria/useNumberFormatter';
import { useUi } from '../../provider/UiProvider.js';
import type { ClassNameProp } from './className.js';

/** Whole seconds left until a moment (epoch milliseconds); 0 once it has passed, or with none. */
const secondsUntil = (until: number | null | undefined) =>
  until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0;

/** The seconds left until a moment, updated once a second until they reach 0. */
export function useSecondsUntil(until: number | null | undefined): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(until));
  useEffect(() => {
    setSeconds(secondsUntil(until));
    if (!until) return;
    const timer = setInterval(() => {
      const left = secondsUntil(until);
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [until]);
  return seconds;
}

export interface RetryCountdownProps extends ClassNameProp {
  /** When the wait ends, in epoch milliseconds (`Date.now() + retryAfterSeconds * 1000`). */
  until: number;
}

export function RetryCountdown({ until, className }: RetryCountdownProps) {
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
