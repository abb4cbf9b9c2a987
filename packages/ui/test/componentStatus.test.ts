/**
 * Each component's status (issue 39: release signals) is written once, in the docs guidance; its
 * stories carry the same status as a Storybook tag (a literal, as Storybook's indexer reads
 * tags without running the file), and its docs page opens with it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPONENT_STATUS, GUIDANCE } from '../src/docs/guidance.js';

const COMPONENTS = new URL('../src/components/', import.meta.url);

describe('component status', () => {
  const storyFiles = readdirSync(COMPONENTS, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.stories.tsx'),
  );

  it.each(storyFiles)('%s is tagged with its component’s status', (file) => {
    const source = readFileSync(new URL(file, COMPONENTS), 'utf8');
    const name = /GUIDANCE\.(\w+)/.exec(source)?.[1] as keyof typeof COMPONENT_STATUS;
    const tags = /tags: \[([^\]]*)\]/.exec(source)?.[1] ?? '';
    const statuses = [...tags.matchAll(/'(stable|beta)'/g)].map((match) => match[1]);
    expect(statuses).toEqual([COMPONENT_STATUS[name]]);
  });

  it('opens every docs page with the status', () => {
    for (const [name, status] of Object.entries(COMPONENT_STATUS))
      expect(GUIDANCE[name as keyof typeof GUIDANCE]).toMatch(
        new RegExp(`^\\*\\*Status: ${status}\\.`),
      );
  });
});
