/** A record's facts: term above value, side by side where there is room, stacked on a phone. */
import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(16rem, 100%), 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const detailTerm = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

export const detailValue = style({ margin: 0, overflowWrap: 'anywhere' });
