import { defineConfig } from 'vitest/config';

// Unit tests of the portal's data (translations); the end-to-end tests in e2e/ have their own config.
export default defineConfig({
  resolve: { conditions: ['@tawqi/source'] },
  ssr: { resolve: { conditions: ['@tawqi/source'], externalConditions: ['@tawqi/source'] } },
  // A bound for a loaded 2-core machine: an RSA-2048 key and openssl's checks took over the default
  // 5 s there (issue 34).
  test: { include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
