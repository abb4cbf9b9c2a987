import { style } from '@vanilla-extract/css';

/**
 * The overlays' container takes no box of its own (no gap in a flex or grid wrapper); a class,
 * not an inline style, which a strict Content-Security-Policy refuses in server-rendered HTML.
 */
export const overlayContainer = style({ display: 'contents' });
