// The font stylesheet ships as written: its @imports name fontsource's files, which the app's
// bundler resolves from the app's own install (a dependency of this package).
import { copyFileSync } from 'node:fs';

copyFileSync(
  new URL('../src/fonts.css', import.meta.url),
  new URL('../dist/fonts.css', import.meta.url),
);
