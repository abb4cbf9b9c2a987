import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

/** The signature's page and corner side by side, one under the other on a phone. */
export const placeRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
  gap: vars.space.sm,
});

/** The files left out, each with why. */
export const refusals = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  color: vars.color.dangerText,
});

/**
 * The signature's box on the page: the page is white paper in both themes (as the viewer draws
 * it), so the box's colours are the paper's, not the theme's. A finger drags it instead of
 * scrolling the page.
 */
export const stampBox = style({
  position: 'absolute',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 2,
  border: '2px dashed #0b6b4f',
  background: 'rgb(231 246 238 / 0.85)',
  color: '#05603a',
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightBold,
  textAlign: 'center',
  overflow: 'hidden',
  cursor: 'move',
  touchAction: 'none',
  userSelect: 'none',
});

/** A page at a reading size: on a wide screen it is not drawn a metre tall. */
export const pageColumn = style({ inlineSize: '100%', maxInlineSize: '36rem' });
