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
    // Bounds for a loaded 2-core machine (issue 34), not expected durations.
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'visual',
          include: ['test/**/*.visual.test.tsx'],
          browser: {
            enabled: true,
            // A loaded 2-core machine (CI beside other suites) took over the default minute to start
            // the browser session and compile the first module; a bound, not a pause.
            connectTimeout: 300_000,
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
