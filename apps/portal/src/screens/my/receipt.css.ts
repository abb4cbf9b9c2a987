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
  '@media': { '(max-width: 40rem)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: 0 } },
});
globalStyle(`${invoiceFigures} dd`, {
  margin: 0,
  textAlign: 'end',
  overflowWrap: 'anywhere',
  // On a phone each figure goes under its label: a long reference leaves the label no room.
  '@media': { '(max-width: 40rem)': { textAlign: 'start', marginBlockEnd: vars.space.xs } },
});

export const invoiceTable = style({ inlineSize: '100%', borderCollapse: 'collapse' });
globalStyle(`${invoiceTable} th, ${invoiceTable} td`, {
  padding: vars.space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  verticalAlign: 'top',
});
globalStyle(`${invoiceTable} td`, { textAlign: 'end' });

/** A figure's label, shown only where the lines stack (on a phone). */
export const cellLabel = style({ display: 'none' });

// On a phone the five columns do not fit: each line stacks, its figures each beside its label.
const narrow = '(max-width: 40rem)';
globalStyle(`${invoiceTable} thead`, {
  '@media': {
    [narrow]: {
      position: 'absolute',
      inlineSize: '1px',
      blockSize: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
    },
  },
});
globalStyle(`${invoiceTable} tr, ${invoiceTable} tbody th`, {
  '@media': { [narrow]: { display: 'block' } },
});
globalStyle(`${invoiceTable} td`, {
  '@media': {
    [narrow]: {
      display: 'flex',
      justifyContent: 'space-between',
      gap: vars.space.sm,
      borderBlockEnd: 0,
      overflowWrap: 'anywhere',
    },
  },
});
globalStyle(`${invoiceTable} td ${cellLabel}`, {
  '@media': { [narrow]: { display: 'inline', textAlign: 'start', color: vars.color.textMuted } },
});

/*
 * Printing while an invoice is open prints the invoice alone, on white (other pages print as they
 * are): everything off the path from the page to the invoice is not printed, and the overlays on
 * the path (fixed, clipped, scrolling) lay out as plain blocks so the invoice flows onto paper.
 */
const printing = `body:has(${invoice})`;
globalStyle(`${printing} *:not(:has(${invoice})):not(${invoice}):not(${invoice} *)`, {
  '@media': { print: { display: 'none' } },
});
globalStyle(`${printing}, ${printing} *:has(${invoice})`, {
  '@media': {
    print: {
      position: 'static',
      overflow: 'visible',
      inset: 'auto',
      inlineSize: 'auto',
      blockSize: 'auto',
      maxInlineSize: 'none',
      maxBlockSize: 'none',
      margin: 0,
      padding: 0,
      border: 0,
      boxShadow: 'none',
      transform: 'none',
      background: '#fff',
    },
  },
});
globalStyle(`${invoice}, ${invoice} *`, {
  '@media': { print: { color: '#000', background: 'transparent' } },
});
