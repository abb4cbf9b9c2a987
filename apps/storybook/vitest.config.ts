// Every story is a test: rendered in Debian's Chromium, its play function run, and axe checked
// (a violation fails it, `a11y.test: 'error'` in preview.tsx). A story tagged `visual` is also
// compared with its committed screenshot (visual.setup.ts).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/find-chromium.mjs';

const configDir = fileURLToPath(new URL('.storybook', import.meta.url));

export default defineConfig({
  plugins: [storybookTest({ configDir, storybookScript: 'npm run storybook -- --no-open' })],
  test: {
    name: 'storybook',
    // The built Storybook's check runs in Node, by its own config (vitest.built.config.ts); the
    // docs pages hold no story, and would count as skipped files.
    exclude: [...configDefaults.exclude, 'built/**', '../../packages/ui/src/docs/*.mdx'],
    // The first story of a screen compiles its lazy chunks; on a busy CI machine that took over
    // the default 15 s once.
    testTimeout: 30_000,
    setupFiles: ['./visual.setup.ts'],
    // The story files share one page, as stories do in Storybook itself (each story is still
    // mounted afresh and unmounted after): loading the preview and every module again for each
    // of 81 files cost most of the run (CI: 20 min beside the other suites; now, quiet, 4.5 min).
    isolate: false,
    // The test servers listen on loopback only, so `--update` may write the reference screenshots
    // (Vitest refuses writes when a server could be reached from elsewhere).
    api: { host: '127.0.0.1', allowWrite: true },
    browser: {
      api: { host: '127.0.0.1', allowWrite: true },
      enabled: true,
      // A loaded 2-core machine (CI beside other suites) took over the default minute to start
      // the browser session and compile the first module; a bound, not a pause.
      connectTimeout: 300_000,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: ensureChromium(), args: CHROMIUM_ARGS },
      }),
      // A desktop window: stories show the wide layout unless they ask for the phone's (the app
      // shell's drawer stories do, and the portal's phone layouts are checked at 360 px end to end).
      // The size Storybook gives every story (its default viewport), so the window never changes
      // between files: React Aria reads a window that shrinks by 100 px soon after a text field
      // was focused as a phone's keyboard opening, and from then on reveals each dialog two frames
      // late — a story that checked the dialog at once then failed, depending on the order.
      viewport: { width: 1200, height: 900 },
      instances: [{ browser: 'chromium' }],
      expect: {
        toMatchScreenshot: {
          // Anti-aliasing may differ by a few pixels between runs; a real change differs by far more.
          comparatorName: 'pixelmatch',
          comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.002 },
          // One folder here, named by story id, whatever folder the story file lives in.
          resolveScreenshotPath: ({ arg, browserName, platform, ext, root }) =>
            join(root, '__screenshots__', `${arg}-${browserName}-${platform}${ext}`),
        },
      },
    },
  },
});
