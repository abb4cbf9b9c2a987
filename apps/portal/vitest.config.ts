import { defineConfig } from 'vitest/config';

// Unit tests of the portal's data (translations); the end-to-end tests in e2e/ have their own config.
export default defineConfig({
  resolve: { conditions: ['@tawqi/source'] },
  ssr: { resolve: { conditions: ['@tawqi/source'], externalConditions: ['@tawqi/source'] } },
  test: { include: ['test/**/*.test.ts'] },
});
