import type { ReactNode } from 'react';
import { Meter } from 'react-aria-components';
import { Spinner } from '../Spinner/Spinner.js';
import { card, meter, meterFill, statHint, statLabel, statValue } from './Card.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

// Apart from Card, so a page with plain cards does not download the meter.
export interface StatCardProps extends ClassNameProp {
  /** What the figure is ("eSign counter balance"); names the card for screen readers. */
  label: string;
  /** The figure, already formatted in the user's language (numbers, money). */
  value: string;
  /** A line under the figure: a short text, or a link to where the figure is handled. */
  hint?: ReactNode;
  /** Share used, 0–100: draws a meter (utilization of a plan, say). */
  meterPercent?: number;
  /** Shows a placeholder instead of the figure while it loads. */
  isLoading?: boolean;
}

/** One figure with its label, and optionally a meter; a spinner while loading. */
export function StatCard({
  label,
  value,
  hint,
  meterPercent,
  isLoading,
  className,
}: StatCardProps) {
  return (
    <section
      className={withClassName(card, className)}
      aria-label={label}
      aria-busy={isLoading ? true : undefined}
    >
      <p className={statLabel}>{label}</p>
      {isLoading ? <Spinner size="small" /> : <p className={statValue}>{value}</p>}
      {meterPercent === undefined || isLoading ? null : (
        <Meter value={meterPercent} aria-label={label} className={meter}>
          {({ percentage }) => (
            <div className={meterFill} style={{ inlineSize: `${String(percentage)}%` }} />
          )}
        </Meter>
      )}
      {hint ? <p className={statHint}>{hint}</p> : null}
    </section>
  );
}
