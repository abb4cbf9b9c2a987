/**
 * WCAG 2.2 contrast (the ratio of relative luminances, 1:1 to 21:1) of the theme's colour pairs,
 * for the tokens page and the test that keeps every pair above its threshold. The formula is the
 * standard's own (§1.4.3, "relative luminance"); a library for ten lines was not worth a
 * dependency.
 */
import { darkColors, lightColors } from '../theme/themes.css.js';

type ColorName = keyof typeof lightColors;

/** sRGB channel to linear light. */
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => linear(parseInt(part, 16))) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rrggbb colours, e.g. 4.6 for 4.6:1. */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The pairs the components put together: text on its surfaces (4.5:1, WCAG AA for body text),
 * and the focus ring and strong borders against the page (3:1, non-text contrast).
 */
export const COLOR_PAIRS: readonly {
  foreground: ColorName;
  background: ColorName;
  minimum: 4.5 | 3;
}[] = [
  { foreground: 'text', background: 'background', minimum: 4.5 },
  { foreground: 'text', background: 'surface', minimum: 4.5 },
  { foreground: 'textMuted', background: 'background', minimum: 4.5 },
  { foreground: 'textMuted', background: 'surface', minimum: 4.5 },
  { foreground: 'textMuted', background: 'surfaceSunken', minimum: 4.5 },
  { foreground: 'accent', background: 'surface', minimum: 4.5 },
  { foreground: 'textOnAccent', background: 'accent', minimum: 4.5 },
  { foreground: 'textOnDanger', background: 'danger', minimum: 4.5 },
  { foreground: 'dangerText', background: 'dangerSurface', minimum: 4.5 },
  { foreground: 'successText', background: 'successSurface', minimum: 4.5 },
  { foreground: 'warningText', background: 'warningSurface', minimum: 4.5 },
  { foreground: 'infoText', background: 'infoSurface', minimum: 4.5 },
  { foreground: 'neutralText', background: 'neutralSurface', minimum: 4.5 },
  { foreground: 'focusRing', background: 'background', minimum: 3 },
  { foreground: 'borderStrong', background: 'surface', minimum: 3 },
];

/** Each pair's ratio in both themes. */
export function themeContrasts() {
  return COLOR_PAIRS.map((pair) => ({
    ...pair,
    light: contrastRatio(lightColors[pair.foreground], lightColors[pair.background]),
    dark: contrastRatio(darkColors[pair.foreground], darkColors[pair.background]),
  }));
}
