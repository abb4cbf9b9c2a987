// The built Storybook, checked in Node with Chromium (built/built.test.ts), after `npm run build`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'built',
    include: ['built/**/*.test.ts'],
    environment: 'node',
    // One browser suite at a time on a 2-core machine; the visual review also needs the CPU to
    // itself for its screenshots to settle quickly.
    fileParallelism: false,
    // A bound for a loaded 2-core machine, not an expected duration.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
