import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript source (the `@tawqi/source` export condition),
// so tests never depend on another package having been built. Vitest runs tests through Vite's
// SSR resolver, which takes its conditions from `ssr.resolve`.
const conditions = ['@tawqi/source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    include: ['test/**/*.test.ts'],
    // A bound for a loaded 2-core machine (issue 34), not an expected duration.
    testTimeout: 30_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/index.ts'],
      reporter: ['text-summary', 'html', 'json-summary'],
      // Just under what the suite reaches today: a fall means behaviour went untested.
      thresholds: { statements: 95, branches: 85, functions: 95, lines: 95 },
    },
  },
});
