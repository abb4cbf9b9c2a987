import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { focusRing } from '../parts/focusRing.js';

export const shell = style({
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  gridTemplateColumns: 'auto 1fr',
  gridTemplateAreas: '"header header" "nav main"',
  minBlockSize: '100dvh',
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

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

export const header = style({
  gridArea: 'header',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  backgroundColor: vars.color.surface,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  position: 'sticky',
  insetBlockStart: 0,
  zIndex: 50,
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeLg,
});

export const headerEnd = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInlineStart: 'auto',
  flexWrap: 'wrap',
});

export const nav = style({
  gridArea: 'nav',
  inlineSize: '16rem',
  paddingBlock: vars.space.md,
  paddingInline: vars.space.sm,
  backgroundColor: vars.color.surface,
  borderInlineEnd: `1px solid ${vars.color.border}`,
  overflowY: 'auto',
  selectors: { '&[data-collapsed="true"]': { display: 'none' } },
  '@media': {
    '(max-width: 48rem)': {
      position: 'fixed',
      insetBlock: '3.5rem 0',
      insetInlineStart: 0,
      zIndex: 40,
      boxShadow: vars.shadow.lg,
    },
  },
});

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const navGroupTitle = style({
  marginBlock: vars.space.md,
  marginInline: vars.space.sm,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  fontWeight: vars.font.weightBold,
});

export const navLink = style({
  display: 'block',
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceSunken },
    '&[aria-current="page"]': {
      backgroundColor: vars.color.infoSurface,
      color: vars.color.infoText,
      fontWeight: vars.font.weightBold,
    },
    '&[data-focus-visible]': focusRing,
  },
});

export const main = style({
  gridArea: 'main',
  padding: vars.space.lg,
  minInlineSize: 0,
  outline: 'none',
});
