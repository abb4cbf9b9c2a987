/**
 * The theme as W3C Design Tokens (the DTCG format, 2025.10): one file per theme, each complete,
 * for designers' tools (Tokens Studio, Style Dictionary) to read what the components use. Made from
 * the same values as the theme's CSS, by the package's build (`dist/tokens/*.tokens.json`). Every
 * token names its CSS custom property; the tokens hold in both directions (the components use
 * logical properties only).
 */
import { darkColors, lightColors, sharedTokens } from './values.js';

export type ThemeName = 'light' | 'dark';

interface Dimension {
  value: number;
  unit: 'px' | 'rem';
}
interface Color {
  colorSpace: 'srgb';
  components: [number, number, number];
  alpha: number;
  hex: string;
}
type TokenValue =
  | Color
  | Dimension
  | string[]
  | number
  | { value: number; unit: 'ms' }
  | { color: Color; offsetX: Dimension; offsetY: Dimension; blur: Dimension; spread: Dimension };

export interface DesignToken {
  $type: 'color' | 'dimension' | 'fontFamily' | 'fontWeight' | 'number' | 'shadow' | 'duration';
  $value: TokenValue;
  $extensions: { 'style.tawqi': { cssVariable: string; css: string } };
}
export type TokenGroup = Record<string, DesignToken>;

const EXTENSION = 'style.tawqi';

const hexOf = (components: readonly number[]) =>
  `#${components
    .map((part) =>
      Math.round(part * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `#0b6b4f` or `rgb(16 24 40 / 0.5)`. */
export function colorOf(css: string): Color {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/iu.exec(css);
  const rgb = /^rgb\((\d+) (\d+) (\d+)(?: \/ ([\d.]+))?\)$/u.exec(css);
  const channels = hex
    ? hex.slice(1, 4).map((part) => Number.parseInt(part, 16))
    : rgb
      ? rgb.slice(1, 4).map(Number)
      : null;
  if (!channels) throw new Error(`not a colour the tokens know: ${css}`);
  const components = channels.map((channel) =>
    Number((channel / 255).toFixed(4)),
  ) as Color['components'];
  return {
    colorSpace: 'srgb',
    components,
    alpha: rgb?.[4] ? Number(rgb[4]) : 1,
    hex: hexOf(components),
  };
}

export function dimensionOf(css: string): Dimension {
  if (css === '0') return { value: 0, unit: 'px' };
  const match = /^([\d.]+)(px|rem)$/u.exec(css);
  if (!match) throw new Error(`not a dimension the tokens know: ${css}`);
  return { value: Number(match[1]), unit: match[2] as Dimension['unit'] };
}

/** `0 4px 12px rgb(16 24 40 / 0.12)`: offsets, blur, colour (no spread). */
function shadowOf(css: string): DesignToken['$value'] {
  const match = /^(\S+) (\S+) (\S+) (rgb\(.+\))$/u.exec(css);
  if (!match) throw new Error(`not a shadow the tokens know: ${css}`);
  const [, offsetX = '', offsetY = '', blur = '', color = ''] = match;
  return {
    color: colorOf(color),
    offsetX: dimensionOf(offsetX),
    offsetY: dimensionOf(offsetY),
    blur: dimensionOf(blur),
    spread: { value: 0, unit: 'px' },
  };
}

/** The token of one CSS value, by the group and name it has in the theme contract. */
function tokenOf(group: string, name: string, css: string): DesignToken {
  const typed = ((): Pick<DesignToken, '$type' | '$value'> => {
    if (group === 'color') return { $type: 'color', $value: colorOf(css) };
    if (group === 'shadow') return { $type: 'shadow', $value: shadowOf(css) };
    if (group === 'motion')
      return { $type: 'duration', $value: { value: Number.parseFloat(css), unit: 'ms' } };
    if (name.startsWith('family'))
      return {
        $type: 'fontFamily',
        $value: css.split(',').map((family) => family.trim().replace(/^"|"$/gu, '')),
      };
    if (name.startsWith('weight')) return { $type: 'fontWeight', $value: Number(css) };
    if (name === 'lineHeight') return { $type: 'number', $value: Number(css) };
    return { $type: 'dimension', $value: dimensionOf(css) };
  })();
  return {
    ...typed,
    $extensions: { [EXTENSION]: { cssVariable: `--tawqi-${group}-${name}`, css } },
  };
}

/** The whole theme as a DTCG document: groups as the contract has them (`color.accent`). */
export function designTokens(theme: ThemeName): Record<string, unknown> {
  const values: Record<string, Record<string, string>> = {
    color: theme === 'dark' ? darkColors : lightColors,
    ...sharedTokens,
  };
  return {
    $description: `Tawqi's ${theme} theme (@tawqi/ui). Each token is the CSS custom property its extension names; only colours differ between the themes, and every token holds right to left and left to right alike.`,
    ...Object.fromEntries(
      Object.entries(values).map(([group, tokens]) => [
        group,
        Object.fromEntries(
          Object.entries(tokens).map(([name, css]) => [name, tokenOf(group, name, css)]),
        ),
      ]),
    ),
  };
}
