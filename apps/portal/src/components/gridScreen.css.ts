import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

/** An export's progress beside its button: quiet, and empty when there is none. */
export const exportProgress = style({
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  fontVariantNumeric: 'tabular-nums',
});

/** A grid's own filters (a unit, an active state): a row that wraps on a phone. */
export const ownFilters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'end',
});
