/** Styles shared by every form field: label, help text, error, and the input box. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { focusRing } from './focusRing.js';
import { raisedPanel } from './raisedPanel.js';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minInlineSize: 0,
});

export const label = style({
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightMedium,
  color: vars.color.text,
});

export const description = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });

export const error = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.dangerText,
  fontWeight: vars.font.weightMedium,
});

export const input = style({
  fontFamily: 'inherit',
  fontSize: vars.font.sizeMd,
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.borderStrong,
  borderRadius: vars.radius.md,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  minBlockSize: '2.5rem',
  inlineSize: '100%',
  boxSizing: 'border-box',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-focus-visible], &[data-focus-within]': focusRing,
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    '&::placeholder': { color: vars.color.textMuted },
  },
});

export const inputGroup = style([
  input,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.xs,
    paddingBlock: vars.space.xxs,
    paddingInline: vars.space.sm,
  },
]);

export const bareInput = style({
  flex: 1,
  minInlineSize: 0,
  border: 'none',
  background: 'transparent',
  font: 'inherit',
  color: 'inherit',
  outline: 'none',
  paddingBlock: vars.space.xs,
});

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minInlineSize: '2rem',
  minBlockSize: '2rem',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceSunken },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
  },
});

export const popover = style({
  ...raisedPanel,
  padding: vars.space.xs,
  minInlineSize: 'var(--trigger-width)',
  maxBlockSize: '20rem',
  overflow: 'auto',
});

export const listItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.surfaceSunken },
    '&[data-selected]': { fontWeight: vars.font.weightBold },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
