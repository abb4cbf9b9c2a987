import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  minBlockSize: '100dvh',
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.lg,
  backgroundColor: vars.color.surface,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const brand = style({
  fontSize: vars.font.sizeXl,
  fontWeight: vars.font.weightBold,
  color: vars.color.accent,
  textDecoration: 'none',
});

export const nav = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, flex: 1 });

export const navLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  paddingBlock: vars.space.xs,
  borderBlockEnd: '2px solid transparent',
  selectors: {
    '&[aria-current="page"]': {
      borderBlockEndColor: vars.color.accent,
      fontWeight: vars.font.weightBold,
    },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const controls = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInlineStart: 'auto',
});

export const main = style({
  flex: 1,
  inlineSize: 'min(72rem, 100%)',
  marginInline: 'auto',
  paddingBlock: vars.space.xl,
  paddingInline: vars.space.lg,
  boxSizing: 'border-box',
  outline: 'none',
});

export const centered = style({ display: 'grid', placeItems: 'center', minBlockSize: '70vh' });

globalStyle('body', { margin: 0 });

/** The pages in the drawer of a narrow screen: one under the other. */
export const drawerNav = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const menuButton = style({
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
