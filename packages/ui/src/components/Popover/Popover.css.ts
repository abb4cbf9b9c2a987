import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { raisedPanel } from '../parts/raisedPanel.js';

export const panel = style({
  ...raisedPanel,
  inlineSize: 'min(24rem, calc(100vw - 2rem))',
  maxBlockSize: 'min(28rem, calc(100dvh - 6rem))',
  overflow: 'auto',
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  outline: 'none',
});

export const title = style({
  margin: 0,
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
});
