import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, NAMESPACES } from '@tawqi/domain';
import { describe, expect, it } from 'vitest';

const LOCALES = fileURLToPath(new URL('../public/locales', import.meta.url));
const ARABIC = /[\u0600-\u06FF]/u;

interface Tree {
  [key: string]: string | Tree | Tree[];
}

function read(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(`${LOCALES}/${language}/${namespace}.json`, 'utf8')) as Tree;
}

/** Every leaf of a translation file: its path and text. */
function leaves(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (Array.isArray(tree))
    return tree.flatMap((item, index) => leaves(item, `${path}[${String(index)}]`));
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([key, value]) =>
      leaves(value, path ? `${path}.${key}` : key),
    );
  throw new Error(`${path} is neither text nor a group`);
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('translations (both languages first-class)', () => {
  it('has a file for every namespace in both languages, and no other', () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(`${LOCALES}/${language}`).sort()).toEqual(
        NAMESPACES.map((namespace) => `${namespace}.json`).sort(),
      );
    }
  });

  it.each([...NAMESPACES])(
    '%s: every key exists in Arabic and English, none empty',
    (namespace) => {
      const english = new Map(leaves(read('en', namespace)));
      const arabic = new Map(leaves(read('ar', namespace)));
      expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [path, text] of [...english, ...arabic])
        expect(text.trim(), `${namespace}:${path}`).not.toBe('');
    },
  );

  it.each([...NAMESPACES])(
    '%s: the same placeholders in both languages, and Arabic in Arabic',
    (namespace) => {
      const english = new Map(leaves(read('en', namespace)));
      for (const [path, text] of leaves(read('ar', namespace))) {
        expect(placeholders(text), `${namespace}:${path}`).toEqual(
          placeholders(english.get(path) ?? ''),
        );
        if (!/^[\s{}\w.©@%-]*$/.test(text)) expect(text, `${namespace}:${path}`).toMatch(ARABIC);
      }
    },
  );

  it('catches a key that exists in one language only', () => {
    const english = new Map(leaves({ a: 'A', b: { c: 'C' } }));
    const arabic = new Map(leaves({ a: 'أ' }));
    expect([...arabic.keys()].sort()).not.toEqual([...english.keys()].sort());
  });
});
