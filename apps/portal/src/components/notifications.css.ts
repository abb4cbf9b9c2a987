import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

export const countBadge = style({
  display: 'inline-grid',
  placeItems: 'center',
  minInlineSize: '1.5em',
  blockSize: '1.5em',
  paddingInline: '0.35em',
  borderRadius: '999px',
  backgroundColor: vars.color.accent,
  color: vars.color.textOnAccent,
  fontSize: vars.font.sizeSm,
  fontVariantNumeric: 'tabular-nums',
});

export const notificationList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});

export const notificationItem = style({
  display: 'grid',
  gap: vars.space.xs,
  paddingBlock: vars.space.sm,
  borderBlockStart: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderBlockStart: 'none' } },
});

export const notificationMeta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
});
