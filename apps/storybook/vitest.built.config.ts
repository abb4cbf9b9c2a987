// The built Storybook, checked in Node with Chromium: built once by the global setup, in a fresh
// clone as a designer builds it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'built',
    include: ['built/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['built/globalSetup.ts'],
    // One browser suite at a time on a 2-core machine: two at once overlapped the server's suite
    // in CI and slowed both (7 min 41 s against 6 min 29 s one after another).
    fileParallelism: false,
    // A bound for a loaded 2-core machine, not an expected duration.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The build in a fresh clone: a bound for a loaded machine.
    teardownTimeout: 60_000,
  },
});
