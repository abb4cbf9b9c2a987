import type { ReactNode } from 'react';
import { card, cardTitle } from './Card.css.js';

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
