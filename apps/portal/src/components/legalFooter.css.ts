import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

export const legalFooter = style({
  paddingBlock: vars.space.lg,
  paddingInline: vars.space.lg,
  backgroundColor: vars.color.surface,
  borderBlockStart: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const legalLine = style({ margin: 0 });
export const legalLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginInlineStart: `calc(-1 * ${vars.space.sm})`,
});
export const documentBody = style({ maxInlineSize: '40rem' });
globalStyle(`${documentBody} h3`, { marginBlock: `${vars.space.md} ${vars.space.xs}` });
globalStyle(`${documentBody} p`, { marginBlock: 0 });
