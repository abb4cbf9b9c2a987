import { defineConfig } from 'vitest/config';

// HTTP-level tests on a real PostgreSQL: one embedded server for the run (test/globalSetup.ts),
// an isolated database per test file.
export default defineConfig({
  resolve: { conditions: ['@tawqi/source'] },
  ssr: { resolve: { conditions: ['@tawqi/source'], externalConditions: ['@tawqi/source'] } },
  // The global setup (migrate and seed the template) runs in vitest's own environment, which
  // takes neither of the above: without this it needs the packages built, and CI builds them in
  // parallel with this suite.
  environments: {
    __vitest__: {
      resolve: { conditions: ['@tawqi/source'], externalConditions: ['@tawqi/source'] },
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    setupFiles: ['test/softHsmSetup.ts'],
    // Bounds for a loaded 2-core machine (CI beside the browser suites), not expected durations:
    // an envelope's three signatures take 8 s alone and passed 60 s in CI beside them.
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
