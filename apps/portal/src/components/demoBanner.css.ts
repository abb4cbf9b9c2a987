import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

export const demoBanner = style({
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.lg,
  backgroundColor: vars.color.warningSurface,
  color: vars.color.warningText,
  borderBlockEnd: `3px solid ${vars.color.warning}`,
  fontSize: vars.font.sizeSm,
  textAlign: 'center',
});
