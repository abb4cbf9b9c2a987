// The built Storybook, checked in Node with Chromium: built once by the global setup, in a fresh
// clone as a designer builds it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'built',
    include: ['built/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['built/globalSetup.ts'],
    // Two files at once (the build-against-dev comparison and the visual review, each a browser
    // of its own): this suite ends CI's run, mostly beside nothing else. Screenshots wait for the
    // page to settle, not for a time, so sharing the CPU slows them and changes nothing.
    maxWorkers: 2,
    // A bound for a loaded 2-core machine, not an expected duration.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The build in a fresh clone: a bound for a loaded machine.
    teardownTimeout: 60_000,
  },
});
