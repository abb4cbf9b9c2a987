import { globalStyle, style } from '@vanilla-extract/css';
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

/** A transaction's record: kept as sent, left to right, scrolled within itself on a phone. */
export const recordText = style({
  margin: 0,
  padding: vars.space.md,
  maxBlockSize: '60vh',
  overflow: 'auto',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.neutralSurface,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.8rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  direction: 'ltr',
  textAlign: 'left',
});
export const recordActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** The organization's logo as a stamp shows it: on white paper, never wider than the screen. */
export const logoFrame = style({
  display: 'inline-block',
  justifySelf: 'start',
  padding: vars.space.sm,
  background: '#fff',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  maxInlineSize: '100%',
  boxSizing: 'border-box',
});

globalStyle(`${logoFrame} img`, { display: 'block', maxInlineSize: '100%', maxBlockSize: '8rem' });
