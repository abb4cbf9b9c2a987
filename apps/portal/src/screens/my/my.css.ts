import { style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

/**
 * A screen of the individual area: its heading row, then sections. One column that never grows
 * past the screen (a wide grid scrolls inside its own frame instead of widening the page).
 */
export const screen = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  minInlineSize: 0,
});

export const heading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.md,
});

export const title = style({ margin: 0, fontSize: vars.font.sizeXl });

export const sectionTitle = style({ margin: 0, fontSize: vars.font.sizeLg });

export const section = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  minInlineSize: 0,
});

export const stats = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
});

export const cards = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
});

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const figure = style({
  margin: 0,
  fontSize: vars.font.sizeXl,
  fontWeight: vars.font.weightBold,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** A definition list of label → value pairs (profile, a transaction's outcome). */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
});

export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, overflowWrap: 'anywhere' });

/** A value with the button that changes it, under it: the value keeps the line to itself. */
export const changeableValue = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
});

/** A number read as one (a mobile): never broken across lines. */
export const unbroken = style({ whiteSpace: 'nowrap' });

/** The profile's label and value columns need room: two of the cards' columns where there are two. */
export const wideCard = style({
  '@media': { 'screen and (min-width: 48rem)': { gridColumn: 'span 2' } },
});

/** An agreement: what it is, in which role and for whom, and when it was accepted. */
export const agreementText = style({ display: 'grid', gap: vars.space.xs, minInlineSize: 0 });

export const plainList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const listRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

/** A short code or an amount kept on one line (a reference, "٢٢٧٫٧٠ ر.س."). */
export const nowrap = style({ whiteSpace: 'nowrap' });

/** A row's details side by side where there is room, stacked on a phone. */
export const detailGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  gap: vars.space.lg,
});

/** The PKCS#12 password's strength: its label, the meter, the word for it. */
export const strengthRow = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const strengthBar = style({ inlineSize: '8rem', maxInlineSize: '100%' });
