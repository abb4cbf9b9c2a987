import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

export const invoice = style({
  display: 'grid',
  gap: vars.space.md,
  fontSize: vars.font.sizeSm,
  fontVariantNumeric: 'tabular-nums',
});

export const invoiceHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
});
globalStyle(`${invoiceHead} p`, { margin: 0 });

/** Black on white in every theme: scanners read dark modules on a light ground. */
export const qrBox = style({ inlineSize: '8rem', blockSize: '8rem', flexShrink: 0 });

export const invoiceFigures = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
globalStyle(`${invoiceFigures} dd`, { margin: 0, textAlign: 'end' });

export const invoiceTable = style({ inlineSize: '100%', borderCollapse: 'collapse' });
globalStyle(`${invoiceTable} th, ${invoiceTable} td`, {
  padding: vars.space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  verticalAlign: 'top',
});
globalStyle(`${invoiceTable} td`, { textAlign: 'end' });

// Printing while an invoice is open shows the invoice alone, on white (other pages print as they are).
globalStyle(`body:has(${invoice}) *`, { '@media': { print: { visibility: 'hidden' } } });
globalStyle(`${invoice}, ${invoice} *`, {
  '@media': { print: { visibility: 'visible', color: '#000' } },
});
globalStyle(invoice, {
  '@media': {
    print: { position: 'absolute', insetBlockStart: 0, insetInlineStart: 0, inlineSize: '100%' },
  },
});
