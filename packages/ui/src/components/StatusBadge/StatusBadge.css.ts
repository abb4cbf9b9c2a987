import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { FORCED_COLORS, forcedFill } from '../parts/forcedColors.js';
import { vars } from '../../theme/contract.css.js';

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    paddingBlock: vars.space.xxs,
    paddingInline: vars.space.sm,
    borderRadius: vars.radius.pill,
    fontSize: vars.font.sizeSm,
    fontWeight: vars.font.weightMedium,
    lineHeight: 1.4,
    // Never wider than where it is shown (a narrow grid column cut it): its words wrap there,
    // and a row of items does not squeeze it.
    maxInlineSize: '100%',
    flexShrink: 0,
    overflowWrap: 'break-word',
    borderWidth: '1px',
    borderStyle: 'solid',
  },
  variants: {
    tone: {
      neutral: {
        backgroundColor: vars.color.neutralSurface,
        color: vars.color.neutralText,
        borderColor: vars.color.border,
      },
      info: {
        backgroundColor: vars.color.infoSurface,
        color: vars.color.infoText,
        borderColor: vars.color.info,
      },
      success: {
        backgroundColor: vars.color.successSurface,
        color: vars.color.successText,
        borderColor: vars.color.success,
      },
      warning: {
        backgroundColor: vars.color.warningSurface,
        color: vars.color.warningText,
        borderColor: vars.color.warning,
      },
      danger: {
        backgroundColor: vars.color.dangerSurface,
        color: vars.color.dangerText,
        borderColor: vars.color.danger,
      },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

/** A mark whose shape differs per tone, so the tone reads without colour too (never colour alone). */
export const dot = recipe({
  base: {
    inlineSize: '0.5rem',
    blockSize: '0.5rem',
    flexShrink: 0,
    backgroundColor: 'currentColor',
    '@media': { [FORCED_COLORS]: forcedFill },
  },
  variants: {
    tone: {
      // A ring: neutral and info both read as round otherwise.
      neutral: {
        boxSizing: 'border-box',
        backgroundColor: 'transparent',
        border: '0.125rem solid currentColor',
        borderRadius: '50%',
        '@media': {
          [FORCED_COLORS]: { backgroundColor: 'transparent', borderColor: 'CanvasText' },
        },
      },
      info: { clipPath: 'circle(50%)' },
      success: { clipPath: 'polygon(50% 0, 100% 50%, 50% 100%, 0 50%)' },
      warning: { clipPath: 'polygon(50% 0, 100% 100%, 0 100%)' },
      danger: { clipPath: 'inset(0)' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeVariants = NonNullable<RecipeVariants<typeof badge>>;
