// Every story is a test: rendered in Debian's Chromium, its play function run, and axe checked
// (a violation fails it, `a11y.test: 'error'` in preview.tsx).
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/find-chromium.mjs';

const configDir = fileURLToPath(new URL('.storybook', import.meta.url));

export default defineConfig({
  plugins: [storybookTest({ configDir, storybookScript: 'npm run storybook -- --no-open' })],
  test: {
    name: 'storybook',
    // The first story of a screen compiles its lazy chunks; on a busy CI machine that took over
    // the default 15 s once.
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: ensureChromium(), args: CHROMIUM_ARGS },
      }),
      // A desktop window: stories show the wide layout unless they ask for the phone's (the app
      // shell's drawer stories do, and the portal's phone layouts are checked at 360 px end to end).
      viewport: { width: 1280, height: 800 },
      instances: [{ browser: 'chromium' }],
    },
  },
});
