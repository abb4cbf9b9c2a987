import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { focusRing } from '../parts/focusRing.js';

export const link = style({
  color: vars.color.accent,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    // React Aria's states, and the browser's for a native <a> styled alike.
    '&[data-hovered], &:not([data-rac]):hover': { color: vars.color.accentHover },
    '&[data-focus-visible], &:not([data-rac]):focus-visible': focusRing,
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});
