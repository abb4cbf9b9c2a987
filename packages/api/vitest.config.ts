import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@tawqi/source'] },
  test: {
    include: ['test/**/*.test.ts'],
  },
});
