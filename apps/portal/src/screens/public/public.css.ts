import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@tawqi/ui';

/** Title and lead, and on the home page the drawing beside them (under them on a phone). */
export const hero = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'center',
  paddingBlock: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    '(min-width: 48rem)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
  },
});
export const heroText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const heroArt = style({ maxInlineSize: '22rem', justifySelf: 'center', inlineSize: '100%' });
export const title = style({ margin: 0, fontSize: '2.25rem', lineHeight: 1.25 });
export const lead = style({
  margin: 0,
  fontSize: vars.font.sizeLg,
  color: vars.color.textMuted,
  maxInlineSize: '60ch',
});
/** "Coming soon" at the top of a page that sells what is not built yet. */
export const notice = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.infoSurface,
  color: vars.color.infoText,
  maxInlineSize: '60ch',
});
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(16rem, 100%), 1fr))',
  marginBlockStart: vars.space.lg,
});
export const blockTitle = style({
  marginBlock: `${vars.space.xl} 0`,
  fontSize: '1.5rem',
});
/** The steps of signing, in reading order (right to left in Arabic: a grid follows the page). */
export const steps = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  marginBlockStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(14rem, 100%), 1fr))',
});
export const step = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
globalStyle(`${step} h3, ${step} p`, { margin: 0 });
export const stepArt = style({ maxInlineSize: '12rem' });
export const stepNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '1.75rem',
  blockSize: '1.75rem',
  borderRadius: '50%',
  backgroundColor: vars.color.accent,
  color: vars.color.textOnAccent,
  fontSize: vars.font.sizeSm,
  marginInlineEnd: vars.space.xs,
});
export const offerList = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.xs,
});
export const faqList = style({
  display: 'grid',
  gap: vars.space.sm,
  marginBlockStart: vars.space.lg,
  maxInlineSize: '48rem',
});
export const faqItem = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  paddingInline: vars.space.md,
});
globalStyle(`${faqItem} > summary`, {
  cursor: 'pointer',
  paddingBlock: vars.space.md,
  fontWeight: 700,
});
globalStyle(`${faqItem} > summary:focus-visible`, {
  outline: `3px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
export const faqAnswer = style({ marginBlock: `0 ${vars.space.md}` });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const form = style({ display: 'grid', gap: vars.space.md, maxInlineSize: '36rem' });
/** A wide table scrolls inside its own frame on a narrow screen, never the page. */
export const tableFrame = style({
  overflowX: 'auto',
  marginBlockStart: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
export const table = style({
  borderCollapse: 'collapse',
  inlineSize: '100%',
  minInlineSize: '40rem',
});
export const caption = style({
  captionSide: 'top',
  textAlign: 'start',
  padding: vars.space.md,
  color: vars.color.textMuted,
});
globalStyle(`${table} th, ${table} td`, {
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
  textAlign: 'start',
});
/** Amounts and counts line up at the end of their column. */
export const numeric = style({});
globalStyle(`${table} ${numeric}`, { textAlign: 'end', whiteSpace: 'nowrap' });
/** A page of one column: the verify and approval pages. */
export const page = style({
  display: 'grid',
  gap: vars.space.md,
  paddingBlock: vars.space.xl,
  maxInlineSize: '60rem',
});

/** The repository's documents, one button each, stacked (their names are long). */
export const documents = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

/** A transaction's signed files, one a line. */
export const digests = style({
  margin: 0,
  paddingInlineStart: 0,
  listStyle: 'none',
  display: 'grid',
  gap: vars.space.sm,
});

/** A SHA-256 in hex: long, and broken anywhere on a phone rather than widening the page. */
export const digest = style({
  fontFamily: 'monospace',
  fontSize: vars.font.sizeSm,
  overflowWrap: 'anywhere',
  color: vars.color.textMuted,
});
