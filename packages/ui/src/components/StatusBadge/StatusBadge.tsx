import { badge, dot, type BadgeVariants } from './StatusBadge.css.js';

export type Tone = NonNullable<BadgeVariants['tone']>;

export interface StatusBadgeProps {
  /** The tone; the app maps its statuses to tones (Tawqi: the domain's STATUS_TONES). */
  tone: Tone;
  /** The translated status, always shown: status is never told by colour alone. */
  label: string;
}

export function StatusBadge({ tone, label }: StatusBadgeProps) {
  return (
    <span className={badge({ tone })} data-tone={tone}>
      <span className={dot({ tone })} aria-hidden="true" />
      {label}
    </span>
  );
}
