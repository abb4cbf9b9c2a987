import type { ReactNode } from 'react';
import { visuallyHidden } from './VisuallyHidden.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

/**
 * Text for screen readers only: it completes what the eye gets from context ("2" on a badge →
 * "2 unread"), so the accessible name still begins with the visible text. A class rather than
 * React Aria's VisuallyHidden, whose inline style a strict Content-Security-Policy refuses.
 */
export interface VisuallyHiddenProps extends ClassNameProp {
  /** What screen readers read and the eye does not see. */
  children: ReactNode;
}

export function VisuallyHidden({ children, className }: VisuallyHiddenProps) {
  return <span className={withClassName(visuallyHidden, className)}>{children}</span>;
}
