// The publishable build: ES modules that keep the component files apart (tree-shaking), and all
// styles extracted to one stylesheet, `@tawqi/ui/style.css`. React, React Aria and the other
// dependencies stay external: the app installs them once.
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  build: {
    lib: { entry: 'src/index.ts', formats: ['es'] },
    cssCodeSplit: false,
    sourcemap: true,
    rolldownOptions: {
      external: [
        /^react($|\/)/,
        /^react-dom($|\/)/,
        // One copy of React Aria for the app and us: its contexts (the portal container) are shared.
        /^react-aria($|\/)/,
        /^react-aria-components($|\/)/,
        /^@internationalized\//,
        /^@tanstack\//,
        /^@vanilla-extract\/recipes/,
      ],
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
        assetFileNames: 'style.css',
      },
    },
  },
});
