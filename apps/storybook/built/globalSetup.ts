/**
 * The static Storybook every check of this config reads: built once for the run, as a designer
 * builds it from a fresh clone (freshClone.ts) — no package's `dist`, the documented command — so
 * what the checks pass is what that build gives. `STORYBOOK_STATIC` names a folder built already.
 */
import type { TestProject } from 'vitest/node';
import { buildStorybook, freshClone, type FreshClone } from './freshClone.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built Storybook's folder, ending in '/'. */
    storybookStatic: string;
  }
}

let clone: FreshClone | null = null;

export function setup(project: TestProject): void {
  const given = process.env.STORYBOOK_STATIC;
  if (given) {
    project.provide('storybookStatic', given.endsWith('/') ? given : `${given}/`);
    return;
  }
  clone = freshClone();
  const started = Date.now();
  const folder = buildStorybook(clone);
  console.log(
    `Storybook built in a fresh clone of ${clone.commit.slice(0, 12)} in ${String(Math.round((Date.now() - started) / 1000))} s`,
  );
  project.provide('storybookStatic', folder);
}

export function teardown(): void {
  clone?.remove();
}
