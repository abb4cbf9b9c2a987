/**
 * Each component's status (issue 39: release signals) is written once, in the docs guidance; its
 * stories carry the same status as a Storybook tag (a literal, as Storybook's indexer reads
 * tags without running the file), and its docs page opens with it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPONENT_STATUS, GUIDANCE, NOT_USED_BY_THE_PORTAL } from '../src/docs/guidance.js';

const SOURCE = new URL('../src/', import.meta.url);
const COMPONENTS = new URL('components/', SOURCE);
const PORTAL = new URL('../../../apps/portal/src/', import.meta.url);
const BASELINES = new URL('../../../apps/storybook/visual/baselines.json', import.meta.url);

/** Every name the portal's own code (not its stories) imports from the package. */
function importedByThePortal(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(PORTAL, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || file.includes('.stories.') || file.includes('stories/')) continue;
    const source = readFileSync(new URL(file, PORTAL), 'utf8');
    for (const match of source.matchAll(/import \{([^}]*)\} from '@tawqi\/ui'/g))
      for (const name of (match[1] ?? '').split(','))
        names.add(name.replace(/^\s*type\s+/, '').trim());
  }
  return names;
}

/**
 * The portal's names and the components they are made of (FilterBar holds a SearchField and a
 * CheckboxGroup): each folder a component imports from, and each name it imports.
 */
function withTheirParts(names: Set<string>): Set<string> {
  const used = new Set(names);
  const partsOf = (name: string) => {
    const folder = new URL(`${name}/`, COMPONENTS);
    const sources = (() => {
      try {
        return readdirSync(folder).filter(
          (file) => file.endsWith('.tsx') && !file.includes('.stories.'),
        );
      } catch {
        return [];
      }
    })();
    return sources.flatMap((file) =>
      [
        ...readFileSync(new URL(file, folder), 'utf8').matchAll(
          /import \{([^}]*)\} from '\.\.\/(\w+)\//g,
        ),
      ].flatMap((match) => [
        match[2] ?? '',
        ...(match[1] ?? '').split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()),
      ]),
    );
  };
  const queue = [...used];
  for (let name = queue.pop(); name !== undefined; name = queue.pop())
    for (const part of partsOf(name))
      if (!used.has(part)) {
        used.add(part);
        queue.push(part);
      }
  return used;
}

/** A component's evidence, measured: play functions, images in the visual review, portal use. */
function evidenceOf(name: string, portal: Set<string>, images: string[]) {
  const storyFile = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).find((file) =>
    file.endsWith(`/${name}.stories.tsx`),
  );
  const source = storyFile ? readFileSync(new URL(storyFile, SOURCE), 'utf8') : '';
  const id = `components-${name.toLowerCase()}--`;
  return {
    tested: /\bplay:/.test(source),
    inTheVisualReview: images.some((key) => key.startsWith(id)),
    usedByThePortal: portal.has(name) || (name === 'Toast' && portal.has('Toaster')),
  };
}

describe('component status', () => {
  const storyFiles = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.stories.tsx'),
  );

  it.each(storyFiles)('%s is tagged with its component’s status', (file) => {
    const source = readFileSync(new URL(file, SOURCE), 'utf8');
    const name = /GUIDANCE\.(\w+)/.exec(source)?.[1] as keyof typeof COMPONENT_STATUS;
    const tags = /tags: \[([^\]]*)\]/.exec(source)?.[1] ?? '';
    const statuses = [...tags.matchAll(/'(stable|beta)'/g)].map((match) => match[1]);
    expect(statuses).toEqual([COMPONENT_STATUS[name]]);
  });

  it('holds each component to its stage: beta tested and reviewed, stable used by the portal too', () => {
    const portal = withTheirParts(importedByThePortal());
    const images = Object.keys(
      (JSON.parse(readFileSync(BASELINES, 'utf8')) as { images: Record<string, string> }).images,
    );
    const misplaced = Object.entries(COMPONENT_STATUS).flatMap(([name, status]) => {
      const evidence = evidenceOf(name, portal, images);
      const beta = evidence.tested && evidence.inTheVisualReview;
      const stable = beta && evidence.usedByThePortal;
      // What the docs page says of its use is what the portal does.
      const said = !NOT_USED_BY_THE_PORTAL.includes(name as never);
      return (status === 'stable' ? stable : beta) && said === evidence.usedByThePortal
        ? []
        : [`${name} (${status}): ${JSON.stringify(evidence)}`];
    });
    expect(misplaced).toEqual([]);
  });

  it('opens every docs page with the status', () => {
    for (const [name, status] of Object.entries(COMPONENT_STATUS))
      expect(GUIDANCE[name as keyof typeof GUIDANCE]).toMatch(
        new RegExp(`^\\*\\*Status: ${status}\\.`),
      );
  });
});
