// The publishable build: ES modules that keep the component files apart (tree-shaking), and all
// styles extracted to one stylesheet, `@tawqi/ui/style.css`. React and React Aria stay external.
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
        /^react-aria-components($|\/)/,
        /^@tanstack\//,
        /^@vanilla-extract\/(recipes|dynamic)/,
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
