import { style } from '@vanilla-extract/css';
import { FORCED_COLORS, forcedFill } from '../parts/forcedColors.js';
import { vars } from '../../theme/contract.css.js';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minInlineSize: 0,
});

export const cardTitle = style({
  margin: 0,
  fontSize: vars.font.sizeLg,
  fontWeight: vars.font.weightBold,
});

export const statLabel = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});

export const statValue = style({
  margin: 0,
  fontSize: vars.font.sizeXxl,
  fontWeight: vars.font.weightBold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.2,
});

export const statHint = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});

export const meter = style({
  blockSize: '0.5rem',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surfaceSunken,
  overflow: 'hidden',
  '@media': { [FORCED_COLORS]: { border: '1px solid CanvasText' } },
});

export const meterFill = style({
  blockSize: '100%',
  backgroundColor: vars.color.accent,
  borderRadius: vars.radius.pill,
  '@media': { [FORCED_COLORS]: forcedFill },
});
