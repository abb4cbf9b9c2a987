import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';
import { focusRing } from '../parts/focusRing.js';

/** Bottom inline-end: bottom-right in left-to-right, bottom-left in right-to-left (SPEC §9). */
export const region = style({
  position: 'fixed',
  insetBlockEnd: vars.space.md,
  insetInlineEnd: vars.space.md,
  zIndex: 200,
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.sm,
  inlineSize: 'min(24rem, calc(100vw - 2rem))',
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const toast = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.sm,
    padding: vars.space.md,
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.md,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    borderInlineStartWidth: '4px',
    borderInlineStartStyle: 'solid',
    borderBlock: `1px solid ${vars.color.border}`,
    borderInlineEnd: `1px solid ${vars.color.border}`,
    outline: 'none',
    fontFamily: vars.font.family,
    selectors: { '&[data-focus-visible]': focusRing },
  },
  variants: {
    variant: {
      info: { borderInlineStartColor: vars.color.info },
      success: { borderInlineStartColor: vars.color.success },
      warning: { borderInlineStartColor: vars.color.warning },
      error: { borderInlineStartColor: vars.color.danger },
    },
  },
});

export const icon = recipe({
  base: { flexShrink: 0, paddingBlockStart: '2px' },
  variants: {
    variant: {
      info: { color: vars.color.info },
      success: { color: vars.color.success },
      warning: { color: vars.color.warning },
      error: { color: vars.color.danger },
    },
  },
});

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  flex: 1,
  minInlineSize: 0,
});
export const title = style({ fontWeight: vars.font.weightBold });
export const description = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });
export const actionRow = style({ marginBlockStart: vars.space.xs });
