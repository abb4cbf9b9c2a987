// Each published package's changelog is its own: a team reading @tawqi/ui's learns what changed in
// the ui, not in the api. Changesets copies a change's whole text into the changelog of every
// package it names, so a pending change names one package (a change to two is two files).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const ROOT = new URL('../', import.meta.url);
const PUBLISHED = ['domain', 'api', 'ui'];

/** The packages a changeset's front matter names. */
export function packagesOf(changeset) {
  const front = /^---\n([\s\S]*?)\n---/u.exec(changeset)?.[1] ?? '';
  return [...front.matchAll(/^['"]?(@[\w-]+\/[\w-]+)['"]?\s*:/gmu)].map((match) => match[1]);
}

/** Lines of a changelog that begin a part about another package (`- api:`, `` - `@tawqi/ui`: ``). */
export function foreignParts(changelog, own) {
  return changelog.split('\n').filter((line) => {
    const tag = /^(?:- [0-9a-f]{7}: |\s*)- (?:(\w+):|`@tawqi\/(\w+)`:)/u.exec(line);
    const named = tag?.[1] ?? tag?.[2];
    return named !== undefined && PUBLISHED.includes(named) && named !== own;
  });
}

describe('changelogs', () => {
  it('reads the packages a changeset names and the parts about another package', () => {
    assert.deepEqual(packagesOf("---\n'@tawqi/ui': minor\n'@tawqi/api': patch\n---\n\nText"), [
      '@tawqi/ui',
      '@tawqi/api',
    ]);
    const mixed = '- 1c126ad: - domain: one\n  - ui: two\n  - `@tawqi/api`: three\n- 2dd8e5f: four';
    assert.deepEqual(foreignParts(mixed, 'ui'), [
      '- 1c126ad: - domain: one',
      '  - `@tawqi/api`: three',
    ]);
  });

  it('has every pending change name one package', () => {
    const folder = new URL('.changeset/', ROOT);
    const many = readdirSync(folder)
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .map((name) => ({ name, packages: packagesOf(readFileSync(new URL(name, folder), 'utf8')) }))
      .filter(({ packages }) => packages.length !== 1);
    assert.deepEqual(many, []);
  });

  it("keeps in each package's changelog only its own changes", () => {
    for (const name of PUBLISHED) {
      const changelog = readFileSync(new URL(`packages/${name}/CHANGELOG.md`, ROOT), 'utf8');
      assert.deepEqual(foreignParts(changelog, name), [], `@tawqi/${name}'s CHANGELOG.md`);
    }
  });
});
