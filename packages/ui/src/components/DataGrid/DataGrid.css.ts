import { keyframes, style } from '@vanilla-extract/css';
import { FORCED_COLORS, forcedHighlight } from '../parts/forcedColors.js';
import { vars } from '../../theme/contract.css.js';
import { focusRing } from '../parts/focusRing.js';

export const wrapper = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minInlineSize: 0,
});

export const toolbar = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const scroller = style({
  position: 'relative',
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
});

export const table = style({
  inlineSize: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  tableLayout: 'fixed',
  fontVariantNumeric: 'tabular-nums',
});

export const headerCell = style({
  position: 'sticky',
  insetBlockStart: 0,
  zIndex: 1,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeSm,
  textAlign: 'start',
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  outline: 'none',
  selectors: {
    '&[data-align="end"]': { textAlign: 'end' },
    '&:focus-visible': { ...focusRing, outlineOffset: '-3px' },
  },
});

export const sortButton = style({
  all: 'unset',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  cursor: 'pointer',
  maxInlineSize: '100%',
  selectors: { '&:focus-visible': focusRing },
});

export const resizer = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineEnd: 0,
  inlineSize: '6px',
  cursor: 'col-resize',
  touchAction: 'none',
  outline: 'none',
  selectors: {
    '&:hover, &[data-resizing="true"], &:focus-visible': { backgroundColor: vars.color.accent },
    '&:focus-visible': focusRing,
  },
  '@media': {
    [FORCED_COLORS]: {
      selectors: { '&:hover, &[data-resizing="true"], &:focus-visible': forcedHighlight },
    },
  },
});

export const cell = style({
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  verticalAlign: 'middle',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  outline: 'none',
  selectors: {
    '&[data-align="end"]': { textAlign: 'end' },
    '&:focus-visible, &:focus-within:has(:focus-visible)': { ...focusRing, outlineOffset: '-3px' },
  },
});

export const row = style({
  blockSize: '2.75rem',
  selectors: { '&:hover': { backgroundColor: vars.color.surfaceSunken } },
});

export const detailCell = style([
  cell,
  { backgroundColor: vars.color.surfaceSunken, paddingBlock: vars.space.md },
]);

export const spacer = style({ padding: 0, border: 'none' });

const shimmer = keyframes({
  '0%': { opacity: 0.5 },
  '50%': { opacity: 1 },
  '100%': { opacity: 0.5 },
});

export const skeleton = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
});

export const skeletonBar = style({
  blockSize: '1.25rem',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.skeleton,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** The column of row toggles: narrow, and nothing clipped into an ellipsis beside the button. */
export const toggleCell = style({
  paddingInline: vars.space.xs,
  textOverflow: 'clip',
  textAlign: 'center',
});
