/**
 * Props tables (issue 39: DataGrid's docs page listed 2 of its 21 props, Toast's 1, Link had no
 * `href` and Button no `isPending`). For each component a docs page is about, the props its
 * exported type has (TypeScript's own view, inherited ones included) are the props its table
 * lists (react-docgen-typescript with Storybook's options), each with a description; and the
 * page is about the exported component, not a story's wrapper.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import docgen from 'react-docgen-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DOCGEN_OPTIONS, EVERY_ELEMENT_HAS } from '../src/docs/docgen.js';

const UI = fileURLToPath(new URL('..', import.meta.url));
/** Where components live: the components, and the providers (UiProvider, LinkRouter). */
const SOURCES = [`${UI}src/components/`, `${UI}src/provider/`];
const filesIn = (test: (file: string) => boolean) =>
  SOURCES.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter(test)
      .map((file) => `${folder}${file}`),
  );
const storyFiles = filesIn((file) => file.endsWith('.stories.tsx'));
const componentFiles = filesIn((file) => file.endsWith('.tsx') && !file.endsWith('.stories.tsx'));

/** The component each docs page is about: its meta's `component`. */
const documented = storyFiles.map((path) => {
  const file = path.slice(`${UI}src/`.length);
  const source = readFileSync(path, 'utf8');
  return { file, name: /\n {2}component: (\w+)/.exec(source)?.[1] ?? '(none)' };
});

// TypeScript's view of the package: what index.ts exports, and each component's props.
const configFile = ts.readConfigFile(`${UI}tsconfig.json`, (path) => ts.sys.readFile(path));
const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, UI);
const program = ts.createProgram({ rootNames: [`${UI}src/index.ts`], options: config.options });
const checker = program.getTypeChecker();
const index = program.getSourceFile(`${UI}src/index.ts`);
const moduleSymbol = index ? checker.getSymbolAtLocation(index) : undefined;
const exported = new Map(
  (moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []).map((symbol) => [
    symbol.name,
    symbol,
  ]),
);

function propsOfType(name: string): string[] {
  const symbol = exported.get(name);
  if (!symbol) return [];
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const declaration = target.valueDeclaration ?? target.declarations?.[0];
  if (!declaration) return [];
  const [signature] = checker.getTypeOfSymbolAtLocation(target, declaration).getCallSignatures();
  const [parameter] = signature?.getParameters() ?? [];
  if (!parameter) return [];
  const type = checker.getTypeOfSymbolAtLocation(parameter, declaration);
  return checker
    .getPropertiesOfType(type)
    .filter((prop) => {
      const parent = prop.declarations?.[0]?.parent;
      const parentName =
        parent && (ts.isInterfaceDeclaration(parent) || ts.isTypeAliasDeclaration(parent))
          ? parent.name.text
          : '';
      return !EVERY_ELEMENT_HAS.has(parentName);
    })
    .map((prop) => prop.name)
    .sort();
}

const tables = new Map(
  docgen
    .withCustomConfig(`${UI}tsconfig.json`, DOCGEN_OPTIONS)
    .parse(componentFiles)
    .map((doc) => [doc.displayName, doc]),
);

/** Every component the package exports (a function or a wrapped component, named in capitals). */
async function exportedComponents(): Promise<string[]> {
  const ui: Record<string, unknown> = await import('../src/index.js');
  return Object.entries(ui)
    .filter(
      ([name, value]) =>
        /^[A-Z][a-z]/.test(name) &&
        (typeof value === 'function' ||
          (typeof value === 'object' && value !== null && '$$typeof' in value)),
    )
    .map(([name]) => name)
    .sort();
}

describe('props tables', () => {
  it('gives every exported component a docs page of its own', async () => {
    const pages = new Set(documented.map(({ name }) => name));
    // Toast's page is about its Toaster (the queue's messages are in its guidance).
    const missing = (await exportedComponents()).filter((name) => !pages.has(name));
    expect(missing).toEqual([]);
    expect(pages.size).toBe((await exportedComponents()).length);
  });

  it.each(documented)('$file documents an exported component ($name)', ({ name }) => {
    expect(exported.has(name)).toBe(true);
  });

  it.each(documented.filter(({ name }) => exported.has(name)))(
    '$name lists every prop of its type, each described',
    ({ name }) => {
      const table = tables.get(name);
      expect(table).toBeDefined();
      const listed = Object.keys(table?.props ?? {}).sort();
      expect(listed).toEqual(propsOfType(name));
      const undescribed = Object.values(table?.props ?? {})
        .filter((prop) => prop.description.trim() === '')
        .map((prop) => prop.name);
      expect(undescribed).toEqual([]);
    },
  );
});
