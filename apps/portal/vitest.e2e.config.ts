import { defineConfig } from 'vitest/config';

// End-to-end: Chromium (Playwright, Debian's build) against the real server, built, with its
// embedded PostgreSQL in a temporary folder. One server for the run; files run one at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    // A bound for a loaded 2-core machine, not an expected duration: the longest journeys take
    // 45 s beside the other suites, and one ran past 60 s on a busier run.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A test whose Chromium died under it (not the product: the browser's own process ended, and
    // e2e/browser.ts starts another) is run once more; any other failure is not.
    retry: { count: 1, condition: /Target page, context or browser has been closed/ },
    // Polled expectations wait as long as a page may take to answer on a busy machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
