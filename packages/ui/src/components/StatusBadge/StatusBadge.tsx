import { badge, dot, type BadgeVariants } from './StatusBadge.css.js';
import { withClassName, type ClassNameProp } from '../parts/className.js';

export type Tone = NonNullable<BadgeVariants['tone']>;

export interface StatusBadgeProps extends ClassNameProp {
  /** The tone; the app maps its statuses to tones (Tawqi: the domain's STATUS_TONES). */
  tone: Tone;
  /** The translated status, always shown: status is never told by colour alone. */
  label: string;
}

export function StatusBadge({ tone, label, className }: StatusBadgeProps) {
  return (
    <span className={withClassName(badge({ tone }), className)} data-tone={tone}>
      <span className={dot({ tone })} aria-hidden="true" />
      {label}
    </span>
  );
}
