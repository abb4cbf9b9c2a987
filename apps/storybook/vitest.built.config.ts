// The built Storybook, checked in Node with Chromium: built once by the global setup, in a fresh
// clone as a designer builds it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'built',
    include: ['built/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['built/globalSetup.ts'],
    // One browser suite at a time on a 2-core machine; the visual review also needs the CPU to
    // itself for its screenshots to settle quickly.
    fileParallelism: false,
    // A bound for a loaded 2-core machine, not an expected duration.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The build in a fresh clone: a bound for a loaded machine.
    teardownTimeout: 60_000,
  },
});
