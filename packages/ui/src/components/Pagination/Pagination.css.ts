import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const nav = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const controls = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
export const summary = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});
export const pageText = style({ paddingInline: vars.space.sm, fontVariantNumeric: 'tabular-nums' });
