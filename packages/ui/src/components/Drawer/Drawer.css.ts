import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  justifyContent: 'flex-start',
  backgroundColor: vars.color.overlay,
});

export const sheet = style({
  inlineSize: 'min(20rem, 85vw)',
  blockSize: '100dvh',
  overflowY: 'auto',
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  fontFamily: vars.font.family,
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  minBlockSize: '100%',
  outline: 'none',
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
});
