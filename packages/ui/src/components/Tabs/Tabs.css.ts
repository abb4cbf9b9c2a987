import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { focusRing } from '../parts/focusRing.js';

export const tabs = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minInlineSize: 0,
});

/** Tabs that do not fit wrap to another row: none is ever hidden off the edge of a phone. */
export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const tab = style({
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  cursor: 'pointer',
  color: vars.color.textMuted,
  borderBlockEnd: '3px solid transparent',
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': {
      color: vars.color.text,
      borderBlockEndColor: vars.color.accent,
      fontWeight: vars.font.weightBold,
    },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const panel = style({ outline: 'none', selectors: { '&[data-focus-visible]': focusRing } });
