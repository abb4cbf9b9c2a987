import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  padding: vars.space.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const grow = style({ flex: '1 1 14rem', minInlineSize: '12rem' });
export const actions = style({ display: 'flex', gap: vars.space.sm, marginInlineStart: 'auto' });
