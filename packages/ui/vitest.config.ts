import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

// Unit tests of the package's rules (the components' behaviour is tested as stories, in Chromium).
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: { include: ['test/**/*.test.ts'] },
});
