import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const separator = style({
  blockSize: '1px',
  backgroundColor: vars.color.border,
  marginBlock: vars.space.xs,
});
