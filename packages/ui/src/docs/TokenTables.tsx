/**
 * The tokens page's tables (docs/Tokens.mdx), generated from the theme itself so they cannot
 * drift from it: each colour in light and dark, the colour pairs with their contrast ratios, the
 * spacing scale and the type scale. The swatches show both themes' values side by side,
 * whichever theme the toolbar picks.
 */
import type { CSSProperties } from 'react';
import { darkColors, lightColors, sharedTokens } from '../theme/themes.css.js';
import { themeContrasts } from './contrast.js';

const cell: CSSProperties = {
  padding: '0.4rem 0.6rem',
  borderBlockEnd: '1px solid #d4d9e0',
  textAlign: 'start',
  verticalAlign: 'middle',
};
const code: CSSProperties = { fontFamily: sharedTokens.font.familyMono, fontSize: '0.85rem' };

function Swatch({ color }: { color: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem' }}>
      <span
        aria-hidden="true"
        style={{
          inlineSize: '1.5rem',
          blockSize: '1.5rem',
          borderRadius: '0.25rem',
          border: '1px solid #8a94a3',
          background: color,
        }}
      />
      <span style={code}>{color}</span>
    </span>
  );
}

/** Every colour token, its CSS variable and its value in each theme. */
export function ColorTokens() {
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%' }}>
      <caption style={{ textAlign: 'start', fontWeight: 700 }}>Colours</caption>
      <thead>
        <tr>
          <th style={cell}>Token</th>
          <th style={cell}>Light</th>
          <th style={cell}>Dark</th>
        </tr>
      </thead>
      <tbody>
        {(Object.keys(lightColors) as (keyof typeof lightColors)[]).map((name) => (
          <tr key={name}>
            <th scope="row" style={{ ...cell, ...code }}>
              --tawqi-color-{name}
            </th>
            <td style={cell}>
              <Swatch color={lightColors[name]} />
            </td>
            <td style={cell}>
              <Swatch color={darkColors[name]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The colour pairs the components use, with their WCAG contrast in each theme. */
export function ContrastPairs() {
  const ratio = (value: number, minimum: number) =>
    `${value.toFixed(2)}:1 ${value >= minimum ? '✓' : '✗'}`;
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%' }}>
      <caption style={{ textAlign: 'start', fontWeight: 700 }}>Contrast (WCAG 2.2)</caption>
      <thead>
        <tr>
          <th style={cell}>Foreground on background</th>
          <th style={cell}>At least</th>
          <th style={cell}>Light</th>
          <th style={cell}>Dark</th>
        </tr>
      </thead>
      <tbody>
        {themeContrasts().map((pair) => (
          <tr key={`${pair.foreground}-${pair.background}`}>
            <th scope="row" style={{ ...cell, ...code }}>
              {pair.foreground} on {pair.background}
            </th>
            <td style={cell}>{pair.minimum}:1</td>
            <td style={cell}>
              <span
                style={{
                  padding: '0.2rem 0.5rem',
                  color: lightColors[pair.foreground],
                  background: lightColors[pair.background],
                }}
              >
                {ratio(pair.light, pair.minimum)}
              </span>
            </td>
            <td style={cell}>
              <span
                style={{
                  padding: '0.2rem 0.5rem',
                  color: darkColors[pair.foreground],
                  background: darkColors[pair.background],
                }}
              >
                {ratio(pair.dark, pair.minimum)}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The spacing scale, each step drawn at its size. */
export function SpacingScale() {
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%' }}>
      <caption style={{ textAlign: 'start', fontWeight: 700 }}>Spacing</caption>
      <tbody>
        {Object.entries(sharedTokens.space).map(([name, size]) => (
          <tr key={name}>
            <th scope="row" style={{ ...cell, ...code }}>
              --tawqi-space-{name}
            </th>
            <td style={{ ...cell, ...code }}>{size}</td>
            <td style={cell}>
              <span
                aria-hidden="true"
                style={{
                  display: 'block',
                  inlineSize: size,
                  blockSize: '0.75rem',
                  background: '#0b6b4f',
                }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The type scale, each size set in Arabic and English. */
export function TypeScale() {
  const sizes = Object.entries(sharedTokens.font).filter(([name]) => name.startsWith('size'));
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%' }}>
      <caption style={{ textAlign: 'start', fontWeight: 700 }}>Type scale</caption>
      <tbody>
        {sizes.map(([name, size]) => (
          <tr key={name}>
            <th scope="row" style={{ ...cell, ...code }}>
              --tawqi-font-{name}
            </th>
            <td style={{ ...cell, ...code }}>{size}</td>
            <td style={{ ...cell, fontFamily: sharedTokens.font.family, fontSize: size }}>
              <span lang="ar" dir="rtl">
                توقيع إلكتروني موثوق
              </span>{' '}
              · Trusted electronic signing
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The rest of the shared tokens (radii, font families and weights, line height, shadows, motion). */
export function OtherTokens() {
  const rest = Object.entries(sharedTokens)
    .filter(([group]) => group !== 'space')
    .flatMap(([group, tokens]) =>
      Object.entries(tokens as Record<string, string>)
        .filter(([name]) => !(group === 'font' && name.startsWith('size')))
        .map(([name, value]) => ({ variable: `--tawqi-${group}-${name}`, value })),
    );
  return (
    <table style={{ borderCollapse: 'collapse', inlineSize: '100%' }}>
      <caption style={{ textAlign: 'start', fontWeight: 700 }}>
        Radii, fonts, shadows and motion (the same in both themes)
      </caption>
      <tbody>
        {rest.map(({ variable, value }) => (
          <tr key={variable}>
            <th scope="row" style={{ ...cell, ...code }}>
              {variable}
            </th>
            <td style={{ ...cell, ...code }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
