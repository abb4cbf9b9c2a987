import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

export const planPrice = style({
  margin: 0,
  fontSize: vars.font.sizeXxl,
  fontWeight: vars.font.weightBold,
  fontVariantNumeric: 'tabular-nums',
});

export const planMuted = style({ margin: 0, color: vars.color.textMuted });
