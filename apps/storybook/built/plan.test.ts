// Which images the visual review takes (visual/plan.ts), from a small index.
import { describe, expect, it } from 'vitest';
import { inShard, planShots, shardOfCommit } from '../visual/plan.js';

const stories = [
  { id: 'components-button--default', title: 'Components/Button' },
  { id: 'components-button--dark', title: 'Components/Button' },
  { id: 'portal-my-dashboard--data', title: 'Portal/My/Dashboard' },
  { id: 'portal-my-dashboard--data-arabic-dark', title: 'Portal/My/Dashboard' },
  { id: 'portal-my-dashboard--phone-arabic', title: 'Portal/My/Dashboard' },
];
const globals: Record<string, Record<string, unknown>> = {
  'components-button--dark': { theme: 'dark' },
  'portal-my-dashboard--data-arabic-dark': { language: 'ar', theme: 'dark' },
  'portal-my-dashboard--phone-arabic': { language: 'ar' },
};
const keys = planShots(stories, (id) => globals[id] ?? {}).map((shot) => shot.key);

describe('the visual review’s plan', () => {
  it('takes a component in both languages and themes, a screen also at 360 px', () => {
    expect(keys.filter((key) => key.startsWith('components-button--default '))).toHaveLength(4);
    expect(keys.filter((key) => key.startsWith('portal-my-dashboard--data '))).toHaveLength(8);
    expect(keys).toContain('portal-my-dashboard--data ar dark 360');
  });

  it('takes a story that fixes its theme or language only in it', () => {
    expect(keys.filter((key) => key.startsWith('components-button--dark '))).toEqual([
      'components-button--dark ar dark 1280',
      'components-button--dark en dark 1280',
    ]);
  });

  it('leaves out a variant that repeats its story, not a story of its own', () => {
    expect(keys.some((key) => key.startsWith('portal-my-dashboard--data-arabic-dark '))).toBe(
      false,
    );
    expect(keys.filter((key) => key.startsWith('portal-my-dashboard--phone-arabic '))).toHaveLength(
      4,
    );
  });

  it('leaves out what an exception names', () => {
    const layouts = planShots(
      [{ id: 'portal-layouts--public', title: 'Portal/Layouts' }],
      () => ({}),
    );
    expect(layouts.map((shot) => shot.width)).toEqual([1280, 1280, 1280, 1280]);
    const english = planShots(
      [{ id: 'portal-inactivity-warning--default', title: 'Portal/Inactivity warning' }],
      () => ({}),
    );
    expect(new Set(english.map((shot) => shot.language))).toEqual(new Set(['en']));
    expect(
      planShots([{ id: 'components-tabs--rtl', title: 'Components/Tabs' }], () => ({})),
    ).toEqual([]);
  });

  it('groups the images by language, theme and width', () => {
    const groups = keys.map((key) => key.split(' ').slice(1).join(' '));
    const changes = groups.filter((group, index) => index > 0 && group !== groups[index - 1]);
    expect(changes.length).toBe(new Set(groups).size - 1);
  });

  it('puts every story in exactly one shard, and a commit picks one', () => {
    for (const { id } of stories)
      expect([0, 1, 2].filter((shard) => inShard(id, shard, 3))).toHaveLength(1);
    expect(shardOfCommit('0000000a', 10)).toBe(0);
    expect(shardOfCommit('0000000b', 10)).toBe(1);
  });
});
