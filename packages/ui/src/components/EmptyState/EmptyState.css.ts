import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.xl,
  paddingInline: vars.space.md,
  color: vars.color.textMuted,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
  color: vars.color.text,
});

export const text = style({ margin: 0, maxInlineSize: '40ch' });

export const errorIcon = style({ color: vars.color.danger });
