import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

export const contactsLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
});

/** A document's name and facts beside its button: a long name wraps rather than widening a phone. */
export const documentText = style({
  flex: '1 1 12rem',
  minInlineSize: 0,
  overflowWrap: 'anywhere',
});
