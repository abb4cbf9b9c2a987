import { vars } from '../../theme/contract.css.js';

/** The look of everything that floats above the page: menus, list boxes, popovers. */
export const raisedPanel = {
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  fontFamily: vars.font.family,
} as const;
