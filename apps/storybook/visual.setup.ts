/**
 * The offline visual review of portal screens (issue 20): a story tagged `visual` is, after its
 * play and its axe check, compared with its committed screenshot in __screenshots__ (in each of its
 * variants: Arabic and English, light and dark). A layout change shows here before it lands;
 * update the images on purpose with `npm run test:visual:update -w @tawqi/storybook`.
 * (The ui package's own compositions are compared in packages/ui; Chromatic stays the hosted
 * option, `npm run chromatic` with a token.)
 */
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

interface StoryContext {
  story?: { id: string; tags: string[] };
}

afterEach(async (context) => {
  const { story } = context as unknown as StoryContext;
  if (!story?.tags.includes('visual')) return;
  // The page as a person sees it: its fonts loaded and nothing still fading in.
  await document.fonts.ready;
  await expect(page.elementLocator(document.body)).toMatchScreenshot(story.id);
});
