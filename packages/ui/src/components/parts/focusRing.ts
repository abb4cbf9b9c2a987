import { vars } from '../../theme/contract.css.js';

/**
 * The one focus ring of every control. A plain object, not a style module: importing it pulls in
 * no other component's CSS.
 */
export const focusRing = {
  outline: `3px solid ${vars.color.focusRing}`,
  outlineOffset: '1px',
} as const;
