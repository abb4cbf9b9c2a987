// Opening one story of the built Storybook in a page, as its own iframe URL.
import type { Page } from 'playwright';

interface Preview {
  storyRenders?: { id?: string; phase?: string }[];
}

/** Shows the story (its play function run) and waits until it has rendered or failed. */
export async function showStory(page: Page, origin: string, id: string, globals = '') {
  await page.goto(
    `${origin}/iframe.html?id=${id}&viewMode=story${globals ? `&globals=${globals}` : ''}`,
  );
  await page.waitForFunction(
    (storyId) => {
      const render = (
        window as unknown as { __STORYBOOK_PREVIEW__?: Preview }
      ).__STORYBOOK_PREVIEW__?.storyRenders?.at(-1);
      return render?.id === storyId && ['finished', 'errored'].includes(render.phase ?? '');
    },
    id,
    { timeout: 90_000 },
  );
  await page.evaluate(() => document.fonts.ready);
}
