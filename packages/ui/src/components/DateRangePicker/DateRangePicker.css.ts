import { style } from '@vanilla-extract/css';
import { FORCED_COLORS, forcedHighlight } from '../parts/forcedColors.js';
import { vars } from '../../theme/contract.css.js';
import { focusRing } from '../parts/focusRing.js';

export const dateInput = style({
  display: 'flex',
  alignItems: 'center',
  gap: '1px',
  paddingBlock: vars.space.xs,
});

export const segment = style({
  paddingInline: '1px',
  borderRadius: vars.radius.sm,
  fontVariantNumeric: 'tabular-nums',
  outline: 'none',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-focused]': { backgroundColor: vars.color.accent, color: vars.color.textOnAccent },
    '&[data-type="literal"]': { paddingInline: 0 },
  },
  '@media': { [FORCED_COLORS]: { selectors: { '&[data-focused]': forcedHighlight } } },
});

export const dash = style({ paddingInline: vars.space.xs, color: vars.color.textMuted });

/**
 * The dates and the calendar button wrap inside the field when it is narrow (a phone, a card):
 * the button moves under the dates, at the end, instead of out of the box (issue 39).
 */
export const rangeGroup = style({ flexWrap: 'wrap', rowGap: 0 });

export const calendarButton = style({ marginInlineStart: 'auto' });

export const calendarDialog = style({ padding: vars.space.md, outline: 'none' });

export const calendarHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  marginBlockEnd: vars.space.sm,
  fontWeight: vars.font.weightBold,
});

export const grid = style({ borderCollapse: 'collapse' });

export const cell = style({
  inlineSize: '2.25rem',
  blockSize: '2.25rem',
  textAlign: 'center',
  lineHeight: '2.25rem',
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { display: 'none' },
    '&[data-selected]': {
      backgroundColor: vars.color.infoSurface,
      color: vars.color.infoText,
      borderRadius: 0,
    },
    '&[data-selection-start], &[data-selection-end]': {
      backgroundColor: vars.color.accent,
      color: vars.color.textOnAccent,
    },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled], &[data-unavailable]': { opacity: 0.4, cursor: 'not-allowed' },
    '&[data-hovered]:not([data-selected])': { backgroundColor: vars.color.surfaceSunken },
  },
  '@media': {
    [FORCED_COLORS]: {
      selectors: {
        '&[data-selected]': forcedHighlight,
        '&[data-focused]': { outline: '2px solid CanvasText' },
      },
    },
  },
});
