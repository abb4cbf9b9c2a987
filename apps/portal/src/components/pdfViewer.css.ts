import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

/** A row of its own where it is placed in a wrapping row (a document's line). */
export const viewer = style({
  flexBasis: '100%',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  minInlineSize: 0,
});

/** The page as paper: white in both themes (a PDF is drawn for white paper), framed. */
export const sheet = style({
  display: 'block',
  inlineSize: '100%',
  blockSize: 'auto',
  background: '#fff',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.sm,
});

/** The page's frame: what is drawn over the page (a stamp) is placed in it by percentages. */
export const sheetFrame = style({ position: 'relative', minInlineSize: 0 });

/** Previous, where one is, next: on one line at 360 px in both languages. */
export const pager = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  justifyItems: 'center',
  gap: vars.space.sm,
});
