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

/**
 * i18next's plural forms (`key_one`, `key_few`…): each language has the forms of its own plural
 * rules (Arabic six, English two), so keys are compared without the form.
 */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const withoutForm = (path: string) => path.replace(PLURAL_FORM, '');

function pluralForms(paths: Iterable<string>): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  for (const path of paths) {
    const form = PLURAL_FORM.exec(path)?.[1];
    if (!form) continue;
    const base = withoutForm(path);
    forms.set(base, (forms.get(base) ?? new Set()).add(form));
  }
  return forms;
}

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
      const keys = (paths: Iterable<string>) => [...new Set([...paths].map(withoutForm))].sort();
      expect(keys(arabic.keys())).toEqual(keys(english.keys()));
      for (const [path, text] of [...english, ...arabic])
        expect(text.trim(), `${namespace}:${path}`).not.toBe('');
    },
  );

  it.each([...NAMESPACES])(
    '%s: a counted text has every plural form of each language',
    (namespace) => {
      for (const language of LANGUAGES) {
        const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        for (const [base, forms] of pluralForms(leaves(read(language, namespace)).map(([p]) => p)))
          for (const form of needed)
            expect(forms, `${language}/${namespace}:${base}`).toContain(form);
      }
    },
  );

  it.each([...NAMESPACES])(
    '%s: the same placeholders in both languages, and Arabic in Arabic',
    (namespace) => {
      const english = new Map(leaves(read('en', namespace)));
      for (const [path, text] of leaves(read('ar', namespace))) {
        if (PLURAL_FORM.test(path)) {
          // Arabic says "one" and "two" in words: a form may leave out the number, never add one.
          const other = placeholders(english.get(`${withoutForm(path)}_other`) ?? '');
          for (const name of placeholders(text))
            expect(other, `${namespace}:${path}`).toContain(name);
        } else {
          expect(placeholders(text), `${namespace}:${path}`).toEqual(
            placeholders(english.get(path) ?? ''),
          );
        }
        if (!/^[\s{}\w.©@%-]*$/.test(text)) expect(text, `${namespace}:${path}`).toMatch(ARABIC);
        // One digit system on an Arabic page: a number written into the text is in Arabic-Indic
        // digits (the placeholders' numbers are formatted when they are filled in).
        expect(text.replace(/\{\{[^}]*\}\}/g, ''), `${namespace}:${path}`).not.toMatch(/[0-9]/);
      }
    },
  );

  it('catches a key that exists in one language only', () => {
    const english = new Map(leaves({ a: 'A', b: { c: 'C' } }));
    const arabic = new Map(leaves({ a: 'أ' }));
    expect([...arabic.keys()].sort()).not.toEqual([...english.keys()].sort());
  });
});
