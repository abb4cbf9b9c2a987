/** A record's facts as term and value pairs (a description list that wraps on a phone). */
import type { ReactNode } from 'react';
import { details, detailTerm, detailValue } from './facts.css.js';

export function Facts({
  label,
  facts,
}: {
  label?: string;
  facts: readonly (readonly [string, ReactNode])[];
}) {
  return (
    <dl className={details} {...(label ? { 'aria-label': label } : {})}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className={detailTerm}>{term}</dt>
          <dd className={detailValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An empty value as a dash. */
export const shown = (value: string | null) => (value === null || value === '' ? '—' : value);
