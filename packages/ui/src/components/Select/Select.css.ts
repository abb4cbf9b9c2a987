import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const selectValue = style({
  flex: 1,
  textAlign: 'start',
  paddingBlock: vars.space.xs,
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});
