import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

/** A record's fields as term and value pairs, in columns that wrap on a phone. */
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(16rem, 100%), 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const detailTerm = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

export const detailValue = style({ margin: 0, overflowWrap: 'anywhere' });

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
