import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { focusRing } from '../parts/focusRing.js';

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  insetBlockStart: '-10rem',
  zIndex: 300,
  padding: vars.space.sm,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  selectors: { '&:focus': { insetBlockStart: vars.space.sm, ...focusRing } },
});
