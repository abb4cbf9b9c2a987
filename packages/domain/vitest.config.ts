import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A bound for a loaded 2-core machine (issue 34), not an expected duration.
    testTimeout: 30_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'html', 'json-summary'],
      // The domain is the one home of every rule: each branch is a rule, so each is tested.
      thresholds: { branches: 100, functions: 100, lines: 100, statements: 100 },
    },
  },
});
