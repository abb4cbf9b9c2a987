import { style } from '@vanilla-extract/css';

/** Read by screen readers, not drawn: clipped to nothing but kept in the accessibility tree. */
export const visuallyHidden = style({
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
});
