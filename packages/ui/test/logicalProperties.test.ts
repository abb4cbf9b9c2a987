import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

function files(dir: string, suffix: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, suffix);
    return suffix.test(entry.name) ? [path] : [];
  });
}

/** Physical directions in styles: each has a logical form that follows the text direction. */
const PHYSICAL = [
  /\b(margin|padding|border|inset|scrollMargin|scrollPadding)(Left|Right)\b/,
  /\b(border)(Top|Bottom)(Left|Right)Radius\b/,
  /['"]?\b(left|right)['"]?\s*:/,
  /\b(textAlign|float|clear|justifySelf|justifyContent)\s*:\s*['"](left|right)['"]/,
  /\b(margin|padding|border)-(left|right)\b/,
];

describe('right-to-left safety (STYLE.md 2)', () => {
  const sources = [...files(SRC, /\.css\.ts$/), ...files(SRC, /\.tsx$/)];

  it('finds the style sources', () => {
    expect(sources.length).toBeGreaterThan(3);
  });

  it.each(sources.map((path) => [path.slice(SRC.length + 1), path]))(
    '%s uses logical properties only',
    (_, path) => {
      const offending = readFileSync(path, 'utf8')
        .split('\n')
        .map((line, index) => ({ line: line.trim(), number: index + 1 }))
        .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*'))
        .filter(({ line }) => PHYSICAL.some((pattern) => pattern.test(line)));
      expect(offending).toEqual([]);
    },
  );

  it('catches a physical property when one is written', () => {
    const caught = [
      "paddingLeft: '1rem',",
      'right: 0,',
      "textAlign: 'left',",
      'borderTopRightRadius: 4,',
    ].filter((line) => PHYSICAL.some((pattern) => pattern.test(line)));
    expect(caught).toHaveLength(4);
    expect(PHYSICAL.some((pattern) => pattern.test("paddingInlineStart: '1rem',"))).toBe(false);
  });
});
