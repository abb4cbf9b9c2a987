import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

/** The signers in their order: numbered, each with where they stand. */
export const signerList = style({
  margin: 0,
  // The numbers in the page's digits (an Arabic page writes ١، ٢، ٣).
  selectors: { '&:lang(ar)': { listStyleType: 'arabic-indic' } },
  paddingInlineStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.sm,
});

/** One signer to name while sending: how they are found, who, and where their signature goes. */
export const signerRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: vars.space.sm,
  alignItems: 'end',
  paddingBlockEnd: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});
