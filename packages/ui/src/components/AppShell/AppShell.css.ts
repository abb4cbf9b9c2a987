import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { focusRing } from '../parts/focusRing.js';

export const shell = style({
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gridTemplateAreas: '"header header" "nav main"',
  minBlockSize: '100dvh',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  selectors: {
    '&[data-navigation="drawer"]': {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gridTemplateAreas: '"header" "main"',
    },
  },
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
  whiteSpace: 'nowrap',
});

export const headerEnd = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInlineStart: 'auto',
  minInlineSize: 0,
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
});

/** The language, theme and organization controls, inside the drawer on narrow screens. */
export const drawerControls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlockStart: vars.space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
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
  '@media': { '(max-width: 48rem)': { padding: vars.space.md } },
});

/**
 * The user slot shrinks before the header wraps: a long name is cut with an ellipsis on screen
 * (the button's accessible name stays whole).
 */
export const userSlot = style({ display: 'flex', minInlineSize: 0, maxInlineSize: '40vw' });
globalStyle(`${userSlot} button`, {
  minInlineSize: 0,
  maxInlineSize: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  display: 'block',
});
