import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/find-chromium.mjs';

// Two projects: `unit` checks the package's rules in Node; `visual` compares screenshots of key
// compositions in Chromium (LTR/RTL × light/dark) with the committed baselines in
// test/__screenshots__. Update them on purpose with `npm run test:visual:update -w @tawqi/ui`.
// (The components' behaviour is tested as stories, in apps/storybook.)
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  optimizeDeps: {
    include: [
      '@vanilla-extract/recipes/createRuntimeFn',
      'react-aria-components',
      'react-dom/client',
      'vitest-browser-react',
    ],
  },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'visual',
          include: ['test/**/*.visual.test.tsx'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: ensureChromium(), args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium', viewport: { width: 900, height: 1100 } }],
            expect: {
              toMatchScreenshot: {
                // Anti-aliasing may differ by a few pixels between runs; a real change differs by far more.
                comparatorName: 'pixelmatch',
                comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.002 },
              },
            },
          },
        },
      },
    ],
  },
});
