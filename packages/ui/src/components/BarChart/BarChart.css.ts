import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const figure = style({
  margin: 0,
  display: 'grid',
  // A track that may be narrower than the month names: they are clipped, the page does not widen.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  minInlineSize: 0,
});

export const caption = style({ fontWeight: vars.font.weightMedium });

export const plot = style({
  display: 'flex',
  alignItems: 'stretch',
  gap: vars.space.xxs,
  blockSize: '10rem',
  paddingBlockStart: vars.space.xs,
  borderBlockEnd: `1px solid ${vars.color.borderStrong}`,
});

export const column = style({
  flex: '1 1 0',
  minInlineSize: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const track = style({ flex: '1 1 auto', display: 'flex', alignItems: 'flex-end' });

export const fill = style({
  inlineSize: '100%',
  minBlockSize: '1px',
  borderStartStartRadius: vars.radius.sm,
  borderStartEndRadius: vars.radius.sm,
  backgroundColor: vars.color.accent,
});

export const ticks = style({ display: 'flex', gap: vars.space.xxs });

export const tick = style({
  flex: '1 1 0',
  minInlineSize: 0,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textAlign: 'center',
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});
