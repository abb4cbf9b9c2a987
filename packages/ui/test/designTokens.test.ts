/**
 * The design tokens files say what the theme's CSS says: a token for every variable of the theme
 * contract, in each theme, whose DTCG value written back as CSS is the theme's own value.
 */
import { describe, expect, it } from 'vitest';
import { vars } from '../src/theme/contract.css.js';
import { designTokens, type DesignToken, type ThemeName } from '../src/theme/designTokens.js';
import { darkColors, lightColors, sharedTokens } from '../src/theme/values.js';

const THEMES: ThemeName[] = ['light', 'dark'];

/** Every leaf of a nested object, by its path. */
function leaves(tree: object, path: string[] = []): [string[], unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !('$type' in value)
      ? leaves(value as object, [...path, key])
      : [[[...path, key], value] as [string[], unknown]],
  );
}

interface Dimension {
  value: number;
  unit: string;
}
const dimension = (d: Dimension) => (d.value === 0 ? '0' : `${String(d.value)}${d.unit}`);
const channel = (c: number) => String(Math.round(c * 255));
function color(value: { components: number[]; alpha: number; hex: string }) {
  expect(value.components.every((c) => c >= 0 && c <= 1)).toBe(true);
  expect(value.hex).toBe(
    `#${value.components
      .map((c) =>
        Math.round(c * 255)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`,
  );
  return value.alpha === 1
    ? value.hex
    : `rgb(${value.components.map(channel).join(' ')} / ${String(value.alpha)})`;
}

/** A token's DTCG value as CSS, read from the value alone (not its extension's copy). */
function cssOf(token: DesignToken): string {
  const value = token.$value as never;
  switch (token.$type) {
    case 'color':
      return color(value);
    case 'dimension':
      return dimension(value);
    case 'fontFamily':
      return (value as string[])
        .map((family) => (family.includes(' ') ? `"${family}"` : family))
        .join(', ');
    case 'fontWeight':
    case 'number':
      return String(value);
    case 'duration':
      return `${String((value as Dimension).value)}ms`;
    case 'shadow': {
      const shadow = value as {
        offsetX: Dimension;
        offsetY: Dimension;
        blur: Dimension;
        spread: Dimension;
        color: never;
      };
      expect(shadow.spread.value).toBe(0);
      return `${dimension(shadow.offsetX)} ${dimension(shadow.offsetY)} ${dimension(shadow.blur)} ${color(shadow.color)}`;
    }
  }
}

const cssValues = (theme: ThemeName): Record<string, Record<string, string>> => ({
  color: theme === 'dark' ? darkColors : lightColors,
  ...sharedTokens,
});

describe.each(THEMES)('the %s theme as design tokens', (theme) => {
  const document = designTokens(theme);
  const tokens = new Map(
    leaves(document)
      .filter(([path]) => path[0] !== '$description')
      .map(([path, token]) => [path.join('.'), token as DesignToken]),
  );

  it('has a token for every variable of the theme contract, named for it, and no other', () => {
    const contract = leaves(vars).map(([path, variable]) => [path.join('.'), variable] as const);
    expect([...tokens.keys()].sort()).toEqual(contract.map(([path]) => path).sort());
    for (const [path, variable] of contract)
      expect(`var(${tokens.get(path)?.$extensions['style.tawqi'].cssVariable ?? ''})`).toBe(
        variable,
      );
  });

  it("writes each value so that, read back, it is the theme's CSS", () => {
    for (const [path, token] of tokens) {
      const [group = '', name = ''] = path.split('.');
      expect(cssOf(token), path).toBe(cssValues(theme)[group]?.[name]);
    }
  });

  it('differs from the other theme in colours only', () => {
    const other = designTokens(theme === 'light' ? 'dark' : 'light');
    for (const group of Object.keys(sharedTokens)) expect(document[group]).toEqual(other[group]);
    expect(document.color).not.toEqual(other.color);
  });
});
