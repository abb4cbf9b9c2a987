import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

/** A column of fields and buttons, as narrow as a sign-in form. */
export const formGrid = style({ display: 'grid', gap: vars.space.md, maxInlineSize: '28rem' });

/** The number to pick in the identity app: large, and read as digits. */
export const numberBox = style({
  margin: 0,
  fontSize: '3rem',
  fontWeight: vars.font.weightBold,
  letterSpacing: '0.1em',
  color: vars.color.accent,
  fontVariantNumeric: 'tabular-nums',
});

/** What went wrong with a whole form (not one field): the danger colour, like a field's error. */
export const errorText = style({
  margin: 0,
  color: vars.color.dangerText,
  fontWeight: vars.font.weightMedium,
  ':focus-visible': { outline: `2px solid ${vars.color.dangerText}`, outlineOffset: '2px' },
});

/** Something the page has to tell before anything else (why the person was signed out). */
export const notice = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
  borderInlineStart: `4px solid ${vars.color.accent}`,
});

/** A quieter line of help under a form. */
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm });

/** A group of a form's fields under its own caption (a request's documents). */
export const fieldset = style({
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minInlineSize: 0,
});

export const legend = style({ paddingInline: vars.space.xs, fontWeight: vars.font.weightMedium });
