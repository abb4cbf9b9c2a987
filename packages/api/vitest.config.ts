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
  },
});
