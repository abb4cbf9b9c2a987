/**
 * The theme's values as plain data: both themes' colours and the tokens they share. The theme's
 * CSS (themes.css.ts) and the design tokens file (designTokens.ts) are made from them.
 */
/** Arabic-capable stack first: IBM Plex Sans Arabic (bundled by products that want it), then system fonts that carry Arabic. */
const FONT_FAMILY =
  '"IBM Plex Sans Arabic", "Noto Sans Arabic", "Noto Sans", "Segoe UI", Tahoma, "Geeza Pro", system-ui, sans-serif';

/** The tokens both themes share: spacing, radii, type, shadows, motion. */
export const sharedTokens = {
  space: {
    none: '0',
    xxs: '0.125rem',
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
  },
  radius: { sm: '0.25rem', md: '0.5rem', lg: '0.75rem', pill: '999px' },
  font: {
    family: FONT_FAMILY,
    familyMono: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
    sizeSm: '0.875rem',
    sizeMd: '1rem',
    sizeLg: '1.125rem',
    sizeXl: '1.375rem',
    sizeXxl: '1.75rem',
    weightRegular: '400',
    weightMedium: '500',
    weightBold: '700',
    lineHeight: '1.6',
  },
  shadow: {
    sm: '0 1px 2px rgb(16 24 40 / 0.08)',
    md: '0 4px 12px rgb(16 24 40 / 0.12)',
    lg: '0 12px 32px rgb(16 24 40 / 0.18)',
  },
  motion: { fast: '120ms', normal: '200ms' },
};

/** Contrast of text on its surface is at least 4.5:1 in both themes (WCAG AA); checked by axe in every story. */
export const lightColors = {
  background: '#f6f7f9',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  surfaceSunken: '#eef0f3',
  text: '#1b2330',
  textMuted: '#4f5b6b',
  textOnAccent: '#ffffff',
  textOnDanger: '#ffffff',
  border: '#d4d9e0',
  borderStrong: '#8a94a3',
  accent: '#0b6b4f',
  accentHover: '#095a42',
  accentPressed: '#074835',
  focusRing: '#1a56db',
  danger: '#b42318',
  dangerSurface: '#fdecea',
  dangerText: '#912018',
  success: '#067647',
  successSurface: '#e7f6ee',
  successText: '#05603a',
  warning: '#b54708',
  warningSurface: '#fef4e6',
  warningText: '#93370d',
  info: '#175cd3',
  infoSurface: '#eaf2fe',
  infoText: '#1849a9',
  neutralSurface: '#eef0f3',
  neutralText: '#374151',
  overlay: 'rgb(16 24 40 / 0.5)',
  skeleton: '#e4e7ec',
};

export const darkColors: typeof lightColors = {
  background: '#0f141b',
  surface: '#171e27',
  surfaceRaised: '#1f2833',
  surfaceSunken: '#0b1016',
  text: '#e8ecf1',
  textMuted: '#a9b4c2',
  textOnAccent: '#06281d',
  // The dark theme's danger is light: dark text on it (white measured 2.8:1 in the approvals' story).
  textOnDanger: '#2b0a07',
  border: '#2e3a48',
  borderStrong: '#6b7888',
  accent: '#4cc79a',
  accentHover: '#6bd4ad',
  accentPressed: '#8fe0c1',
  focusRing: '#8ab4ff',
  danger: '#f97066',
  dangerSurface: '#3b1512',
  dangerText: '#fda29b',
  success: '#47cd89',
  successSurface: '#0f2e20',
  successText: '#75e0a7',
  warning: '#fdb022',
  warningSurface: '#35240a',
  warningText: '#fec84b',
  info: '#84adff',
  infoSurface: '#102a56',
  infoText: '#b2ccff',
  neutralSurface: '#252f3b',
  neutralText: '#d0d5dd',
  overlay: 'rgb(0 0 0 / 0.6)',
  skeleton: '#2a3441',
};
