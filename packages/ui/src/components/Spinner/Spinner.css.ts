import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = recipe({
  base: {
    display: 'inline-block',
    flexShrink: 0,
    borderRadius: '50%',
    borderStyle: 'solid',
    borderColor: vars.color.border,
    borderBlockStartColor: vars.color.accent,
    animation: `${spin} 800ms linear infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2400ms' } },
  },
  variants: {
    size: {
      small: { inlineSize: '1rem', blockSize: '1rem', borderWidth: '2px' },
      medium: { inlineSize: '1.75rem', blockSize: '1.75rem', borderWidth: '3px' },
      large: { inlineSize: '2.75rem', blockSize: '2.75rem', borderWidth: '4px' },
    },
  },
  defaultVariants: { size: 'medium' },
});

export const wrapper = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.textMuted,
});

export type SpinnerVariants = NonNullable<RecipeVariants<typeof spinner>>;
