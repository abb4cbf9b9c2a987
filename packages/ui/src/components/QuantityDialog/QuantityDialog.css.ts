import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const table = style({
  inlineSize: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
});

export const cell = style({
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  verticalAlign: 'middle',
});

export const numeric = style([cell, { textAlign: 'end', whiteSpace: 'nowrap' }]);

export const quantityCell = style([cell, { inlineSize: '8rem' }]);

// The field's input takes the width the cell leaves it, not its intrinsic twenty characters:
// with its two buttons that ran the field past the dialog's edge.
globalStyle(`${quantityCell} input`, { flexBasis: 0, inlineSize: 0, minInlineSize: '3ch' });

export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  justifyContent: 'end',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
});

export const term = style({ color: vars.color.textMuted });
export const amount = style({ margin: 0, textAlign: 'end' });
export const grandTotal = style({ fontWeight: vars.font.weightBold, fontSize: vars.font.sizeLg });
export const problem = style({
  margin: 0,
  color: vars.color.dangerText,
  fontWeight: vars.font.weightMedium,
});
