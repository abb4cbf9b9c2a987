import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  paddingBlock: vars.space.xl,
});
export const title = style({ margin: 0, fontSize: '2.25rem', lineHeight: 1.25 });
export const lead = style({
  margin: 0,
  fontSize: vars.font.sizeLg,
  color: vars.color.textMuted,
  maxInlineSize: '60ch',
});
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
  marginBlockStart: vars.space.lg,
});
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const form = style({ display: 'grid', gap: vars.space.md, maxInlineSize: '36rem' });
