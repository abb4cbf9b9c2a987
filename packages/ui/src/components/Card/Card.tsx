import type { ReactNode } from 'react';
import { Meter } from 'react-aria-components';
import { Spinner } from '../Spinner/Spinner.js';
import { card, cardTitle, meter, meterFill, statHint, statLabel, statValue } from './Card.css.js';

export interface CardProps {
  /** A heading for the card; its level fits the page (h2 by default). */
  title?: string;
  headingLevel?: 2 | 3 | 4;
  children?: ReactNode;
}

/** A titled surface; a section labelled by its title. */
export function Card({ title, headingLevel = 2, children }: CardProps) {
  const Heading = `h${String(headingLevel)}` as 'h2';
  return (
    <section className={card} aria-label={title}>
      {title ? <Heading className={cardTitle}>{title}</Heading> : null}
      {children}
    </section>
  );
}

export interface StatCardProps {
  label: string;
  /** The figure, already formatted in the user's language (numbers, money). */
  value: string;
  hint?: string;
  /** Share used, 0–100: draws a meter (utilization of a plan, say). */
  meterPercent?: number;
  isLoading?: boolean;
}

/** One figure with its label, and optionally a meter; a spinner while loading. */
export function StatCard({ label, value, hint, meterPercent, isLoading }: StatCardProps) {
  return (
    <section className={card} aria-label={label} aria-busy={isLoading ? true : undefined}>
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
