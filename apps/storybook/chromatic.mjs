#!/usr/bin/env node
// Publishes the static Storybook to Chromatic for hosted visual review, only when a project token
// is set (it needs the network, which our machines do not have). Without one it says so and
// succeeds: offline visual regression runs in `npm test` (packages/ui, test/*.visual.test.tsx).
import { spawnSync } from 'node:child_process';

const token = process.env.CHROMATIC_PROJECT_TOKEN;
if (!token) {
  console.log('Chromatic skipped: CHROMATIC_PROJECT_TOKEN is not set.');
  process.exit(0);
}
const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const result = spawnSync(
  'npx',
  ['--yes', 'chromatic@18', '--storybook-build-dir', 'storybook-static', '--exit-zero-on-changes'],
  {
    stdio: 'inherit',
    env: process.env,
  },
);
process.exit(result.status ?? 1);
