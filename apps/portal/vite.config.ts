// The portal: a Vite single-page app. Screens load lazily per route, so the first visit to the
// public home downloads little of the app. In development, /api, /locales and the simulators are
// proxied to the server on 127.0.0.1:3000.
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pdfjsData } from '../../scripts/pdfjs-data.mjs';
import { workspaceSources } from '../../scripts/workspace-sources.mjs';

const server = process.env.TAWQI_SERVER ?? 'http://127.0.0.1:3000';

/**
 * The Arabic letters of the house font, its three weights (text, buttons and labels, headings),
 * asked for with the page itself: every page shows Arabic (the language switch at least), and
 * without this the fonts are found only once the styles are applied, the last request before a
 * page is ready.
 */
function preloadFonts(): Plugin {
  return {
    name: 'tawqi-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((file) =>
            /ibm-plex-sans-arabic-arabic-(400|500|700)-normal-[\w-]+\.woff2$/u.test(file),
          )
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${file}`,
              crossorigin: '',
            },
            injectTo: 'head' as const,
          })),
    },
  };
}

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), preloadFonts(), pdfjsData()],
  ...workspaceSources,
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': server, '/simulators': server, '/dev': server },
  },
  // Nothing inlined as data: URIs (fonts included): the CSP allows only this origin's files.
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // A browser fetches six files at a time from a server, so every small file delays a page
    // (bench/ready.mjs): one stylesheet for the whole portal (6 KB brotli; it had been a file per
    // component), the class names of every style module in one chunk ('styles'), and everything
    // the entry imports in one more ('boot'; it had been 25 files). React DOM is a chunk of its
    // own: it changes rarely, so a new release of the portal leaves it cached. Vite's preload
    // helper goes with it rather than alone (it is shared by the lazily loaded screens).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /react-dom|scheduler|preload-helper/, priority: 3 },
            { name: 'styles', test: /\.css\.ts$|@vanilla-extract[\\/]recipes/, priority: 2 },
            { name: 'boot', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
