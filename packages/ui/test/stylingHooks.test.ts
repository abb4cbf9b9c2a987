/**
 * The styling and test hooks each docs page promises (`STYLING_HOOKS`): every documented `data-*`
 * state is set, by the component's own code or by the React Aria component it renders, and every
 * page says so and that anything else is private.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPONENT_STATUS, GUIDANCE, STYLING_HOOKS } from '../src/docs/guidance.js';

const SOURCE = fileURLToPath(new URL('../src/', import.meta.url));
const REACT_ARIA = join(
  dirname(createRequire(import.meta.url).resolve('react-aria-components/package.json')),
  'dist/private/',
);

/** The file of each name React Aria's components export (`ModalOverlay` → Modal.mjs). */
const reactAriaFileOf = new Map(
  readdirSync(REACT_ARIA)
    .filter((file) => file.endsWith('.mjs'))
    .flatMap((file) => {
      const exported = /export \{([^}]*)\}/.exec(readFileSync(join(REACT_ARIA, file), 'utf8'));
      return (exported?.[1] ?? '')
        .split(',')
        .map((part) => part.split(' as ').at(-1)?.trim() ?? '')
        .map((name) => [name, join(REACT_ARIA, file)] as const);
    }),
);

/**
 * The component's own source files (its folder's, or the file that defines it) and those of the
 * package's components it renders (QuantityDialog renders a Dialog), followed to the end.
 */
function sourcesOf(name: string): string[] {
  const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      /\.tsx?$/.test(file) &&
      !file.includes('.stories.') &&
      (file.startsWith(`components/${name}/`) ||
        // StatCard and CheckboxGroup live beside Card and Checkbox.
        readFileSync(join(SOURCE, file), 'utf8').includes(`export function ${name}(`)),
  );
  const seen = new Set(files);
  const queue = [...files];
  for (let file = queue.pop(); file !== undefined; file = queue.pop())
    for (const match of readFileSync(join(SOURCE, file), 'utf8').matchAll(
      /from '\.\.\/(\w+)\/(\w+)\.js'/g,
    )) {
      const rendered = `components/${match[1] ?? ''}/${match[2] ?? ''}.tsx`;
      if (seen.has(rendered) || !existsSync(join(SOURCE, rendered))) continue;
      seen.add(rendered);
      queue.push(rendered);
    }
  return [...seen].map((file) => readFileSync(join(SOURCE, file), 'utf8'));
}

/** React Aria's source for each of its components a component imports. */
function reactAriaSourcesOf(sources: string[]): string[] {
  return sources.flatMap((source) =>
    [...source.matchAll(/import \{([^}]*)\} from 'react-aria-components'/g)].flatMap((match) =>
      (match[1] ?? '')
        .split(',')
        .map(
          (part) =>
            part
              .replace(/^\s*type\s+/, '')
              .split(' as ')[0]
              ?.trim() ?? '',
        )
        .flatMap((imported) => {
          const file = reactAriaFileOf.get(imported);
          return file ? [readFileSync(file, 'utf8')] : [];
        }),
    ),
  );
}

describe('styling and test hooks', () => {
  it.each(Object.keys(COMPONENT_STATUS))('%s sets each state its page documents', (name) => {
    const { states } = STYLING_HOOKS[name as keyof typeof STYLING_HOOKS];
    const own = sourcesOf(name);
    expect(own.length, `${name}'s source`).toBeGreaterThan(0);
    const rendered = [...own, ...reactAriaSourcesOf(own)];
    const unset = states.filter(
      (state) => !rendered.some((source) => new RegExp(`['"\\s{]${state}[='"]`).test(source)),
    );
    expect(unset).toEqual([]);
  });

  it.each(Object.keys(COMPONENT_STATUS))(
    '%s’s page lists its hooks and says the rest is private',
    (name) => {
      const page = GUIDANCE[name as keyof typeof GUIDANCE];
      expect(page).toContain('**Styling and test hooks.**');
      for (const state of STYLING_HOOKS[name as keyof typeof STYLING_HOOKS].states)
        expect(page).toContain(`\`${state}\``);
      expect(page).toContain('is private');
    },
  );
});
