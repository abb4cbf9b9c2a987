import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    borderRadius: vars.radius.md,
    borderWidth: '1px',
    borderStyle: 'solid',
    fontFamily: 'inherit',
    fontWeight: vars.font.weightMedium,
    lineHeight: 1.2,
    cursor: 'pointer',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    transition: `background-color ${vars.motion.fast}, border-color ${vars.motion.fast}`,
    outline: 'none',
    selectors: {
      // React Aria's states, and the browser's for a native <button> or <a> styled alike.
      '&[data-focus-visible], &:not([data-rac]):focus-visible': {
        outline: `3px solid ${vars.color.focusRing}`,
        outlineOffset: '2px',
      },
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
      '&[data-pending]': { cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.accent,
        borderColor: vars.color.accent,
        color: vars.color.textOnAccent,
        selectors: {
          '&[data-hovered], &:not([data-rac]):hover': { backgroundColor: vars.color.accentHover },
          '&[data-pressed], &:not([data-rac]):active': {
            backgroundColor: vars.color.accentPressed,
          },
        },
      },
      secondary: {
        backgroundColor: vars.color.surface,
        borderColor: vars.color.borderStrong,
        color: vars.color.text,
        selectors: {
          '&[data-hovered], &:not([data-rac]):hover': {
            backgroundColor: vars.color.surfaceSunken,
          },
          '&[data-pressed], &:not([data-rac]):active': { borderColor: vars.color.text },
        },
      },
      ghost: {
        backgroundColor: 'transparent',
        borderColor: 'transparent',
        color: vars.color.text,
        selectors: {
          '&[data-hovered], &:not([data-rac]):hover': {
            backgroundColor: vars.color.surfaceSunken,
          },
        },
      },
      danger: {
        backgroundColor: vars.color.danger,
        borderColor: vars.color.danger,
        color: vars.color.textOnDanger,
        selectors: {
          '&[data-hovered], &:not([data-rac]):hover': { backgroundColor: vars.color.dangerText },
        },
      },
    },
    size: {
      small: {
        fontSize: vars.font.sizeSm,
        paddingBlock: vars.space.xs,
        paddingInline: vars.space.sm,
        minBlockSize: '2rem',
      },
      medium: {
        fontSize: vars.font.sizeMd,
        paddingBlock: vars.space.sm,
        paddingInline: vars.space.md,
        minBlockSize: '2.5rem',
      },
    },
  },
  defaultVariants: { variant: 'primary', size: 'medium' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
