import { useId, type ReactNode } from 'react';
import { card, cardTitle } from './Card.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export interface CardProps extends ClassNameProp {
  /**
   * A heading for the card; its level fits the page (h2 by default). Text, or an element such as
   * an id marked not to be translated.
   */
  title?: ReactNode;
  /** The title's heading level, to fit the page's outline (2 by default). */
  headingLevel?: 2 | 3 | 4;
  /** The card's content. */
  children?: ReactNode;
}

/** A titled surface; a section labelled by its heading. */
export function Card({ title, headingLevel = 2, children, className }: CardProps) {
  const Heading = `h${String(headingLevel)}` as 'h2';
  const headingId = useId();
  const hasTitle = title !== undefined && title !== null && title !== '';
  return (
    <section
      className={withClassName(card, className)}
      aria-labelledby={hasTitle ? headingId : undefined}
    >
      {hasTitle ? (
        <Heading id={headingId} className={cardTitle}>
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
